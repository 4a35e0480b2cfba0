/** The screen for the terminal's phase: connecting, enrollment, PIN login, or the work screens. */
import { useEffect, useState } from 'react';
import { errorLines } from './bridge.js';
import { ErrorLines } from './components/ErrorLines.js';
import { ClockBanner } from './components/ClockBanner.js';
import { useTerminal, useT } from './state/context.js';
import { AppFrame } from './screens/AppFrame.js';
import { Enrollment } from './screens/Enrollment.js';
import { PinLogin } from './screens/PinLogin.js';

/** Signed out with operations still waiting (allowed: they belong to the till): the next cashier sees so. */
function WaitingAtLogin() {
  const t = useT();
  const pending = useTerminal((state) => state.sync?.pendingOperations ?? 0);
  if (pending === 0) return null;
  return (
    <div className="notice" data-testid="waiting-at-login">
      {t('syncStates.waitingAtLogin', { count: pending })}
    </div>
  );
}

/** A copy of another till says so before anyone signs in: the sales rung on it would be refused. */
function CopyAtLogin() {
  const t = useT();
  const copy = useTerminal((state) => Boolean(state.sync?.copyDetectedAt));
  if (!copy) return null;
  return (
    <div className="notice danger" data-testid="copy-at-login">
      {t('tillCopy.atLogin')}
    </div>
  );
}

function Banner() {
  const t = useT();
  const connection = useTerminal((state) => state.connection);
  const coreState = useTerminal((state) => state.coreState);
  const phase = useTerminal((state) => state.phase);
  if (connection === 'no-secret') return <div className="banner danger">{t('connection.noSecret')}</div>;
  if (connection === 'stale-secret') return <div className="banner danger">{t('connection.staleSecret')}</div>;
  if (connection !== 'open' && phase !== 'starting') return <div className="banner">{t('connection.lost')}</div>;
  if (coreState === 'failed') return <div className="banner danger">{t('core.failed')}</div>;
  if (coreState === 'restarting') return <div className="banner">{t('core.restarting')}</div>;
  return null;
}

export function App() {
  const t = useT();
  const phase = useTerminal((state) => state.phase);
  const connection = useTerminal((state) => state.connection);
  const refresh = useTerminal((state) => state.refresh);
  const language = useTerminal((state) => state.language);
  const [problem, setProblem] = useState<string[]>([]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  useEffect(() => {
    if (connection !== 'open' || phase !== 'starting') return;
    refresh().catch((error: unknown) => setProblem(errorLines(error)));
  }, [connection, phase, refresh]);

  return (
    <>
      <Banner />
      {(phase === 'login' || phase === 'app') && <ClockBanner />}
      {phase === 'starting' && (
        <main className="centered-screen">
          <p className="muted">{connection === 'no-secret' || connection === 'stale-secret' ? '' : t('connection.connecting')}</p>
          <ErrorLines lines={problem} />
        </main>
      )}
      {phase === 'enroll' && <Enrollment />}
      {phase === 'login' && <CopyAtLogin />}
      {phase === 'login' && <WaitingAtLogin />}
      {phase === 'login' && <PinLogin />}
      {phase === 'app' && <AppFrame />}
    </>
  );
}
