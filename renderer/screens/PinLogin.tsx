/**
 * PIN login at the till: on-screen keypad or the keyboard (digits, Backspace, Escape, Enter). Works offline (the
 * core checks mirrored hashes). A wrong PIN says so; after repeated failures the core locks the till and answers
 * 429 with the seconds to wait, which count down here; digits typed meanwhile are ignored, and the entry is cleared
 * when the lockout ends, so nobody signs in with keys pressed while the till was locked. The screen names the
 * business and the till (workplace and point), so a cashier knows where they are signing in.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { asRpcError, errorLines } from '../bridge.js';
import { ErrorLines } from '../components/ErrorLines.js';
import { Keypad } from '../components/Keypad.js';
import { LanguageSwitch } from '../components/LanguageSwitch.js';
import { useBridge, useT, useTerminal } from '../state/context.js';

const MAX_PIN_LENGTH = 12;

/** The seconds a 429's message asks to wait ("… try again in 30 seconds"). */
export function secondsToWait(message: string): number | undefined {
  const match = /(\d+)\s*seconds?/.exec(message);
  return match ? Number(match[1]) : undefined;
}

interface TillNames {
  readonly business: string | null;
  readonly till: string | null;
  readonly point: string | null;
}

/** The business and till names the core knows (none before enrollment, or from an older core). */
function useTillNames(): TillNames | null {
  const bridge = useBridge();
  const [names, setNames] = useState<TillNames | null>(null);
  useEffect(() => {
    let current = true;
    bridge
      .terminal('terminal.enrollmentStatus')
      .then((status) => {
        if (current) setNames({ business: status.business ?? null, till: status.till ?? null, point: status.point ?? null });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [bridge]);
  return names;
}

type Problem = { kind: 'wrong' } | { kind: 'locked'; until: number } | { kind: 'shared' } | { kind: 'other'; lines: string[] };

export function PinLogin() {
  const t = useT();
  const pinLogin = useTerminal((state) => state.pinLogin);
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const names = useTillNames();

  const locked = problem?.kind === 'locked' && problem.until > now;
  const wasLocked = useRef(false);
  useEffect(() => {
    if (wasLocked.current && !locked) setPin('');
    wasLocked.current = locked;
  }, [locked]);
  useEffect(() => {
    if (problem?.kind !== 'locked') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [problem]);

  const submit = useCallback(() => {
    if (busy || locked || pin === '') return;
    setBusy(true);
    pinLogin(pin)
      .catch((error: unknown) => {
        const { statusCode } = asRpcError(error);
        const [line = ''] = errorLines(error);
        if (statusCode === 401) setProblem({ kind: 'wrong' });
        else if (statusCode === 429) setProblem({ kind: 'locked', until: Date.now() + (secondsToWait(line) ?? 30) * 1000 });
        else if (statusCode === 409) setProblem({ kind: 'shared' });
        else setProblem({ kind: 'other', lines: errorLines(error) });
        setNow(Date.now());
        setPin('');
      })
      .finally(() => setBusy(false));
  }, [busy, locked, pin, pinLogin]);

  const digit = useCallback(
    (value: string) => {
      if (locked) return;
      setPin((current) => (current.length < MAX_PIN_LENGTH ? current + value : current));
    },
    [locked],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey) return;
      if (/^[0-9]$/.test(event.key)) digit(event.key);
      else if (event.key === 'Backspace') setPin((current) => current.slice(0, -1));
      else if (event.key === 'Escape') setPin('');
      else if (event.key === 'Enter') submit();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [digit, submit]);

  const message =
    problem === null
      ? null
      : problem.kind === 'wrong'
        ? [t('pin.wrong')]
        : problem.kind === 'locked'
          ? locked
            ? [t('pin.locked', { seconds: Math.max(1, Math.ceil((problem.until - now) / 1000)) })]
            : null
          : problem.kind === 'shared'
            ? [t('pin.shared')]
            : problem.lines;

  return (
    <main className="centered-screen">
      <div className="panel pin-panel">
        <header className="panel-header">
          <h1>{t('pin.title')}</h1>
          <LanguageSwitch />
        </header>
        {names?.business && (
          <p className="pin-business" data-testid="pin-business">
            {names.business}
          </p>
        )}
        {names?.till && (
          <p className="muted" data-testid="pin-till">
            {names.point ? t('pin.tillAtPoint', { till: names.till, point: names.point }) : t('pin.till', { till: names.till })}
          </p>
        )}
        <p className="muted">{t('pin.prompt')}</p>
        <div className="pin-dots" aria-label={t('pin.prompt')} data-testid="pin-dots" data-length={pin.length}>
          {pin.length === 0 ? <span className="pin-placeholder">····</span> : '•'.repeat(pin.length)}
        </div>
        {message && <ErrorLines lines={message} />}
        <Keypad
          t={t}
          disabled={busy || locked}
          onDigit={digit}
          onBackspace={() => setPin((current) => current.slice(0, -1))}
          onClear={() => setPin('')}
          onEnter={submit}
        />
      </div>
    </main>
  );
}
