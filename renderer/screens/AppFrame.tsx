/**
 * The frame around the work screens: navigation (also F1–F8; the sales screen first), the employee, the language, sign-out, and the sync
 * status, which is always visible. Sign-out is allowed while operations wait to be sent — the queue belongs to
 * the till, not to the cashier, so a shift can be handed over during an outage — and says what still waits.
 * A till the owner disconnected shows so above the screens (components/Disconnected.tsx), as does a till that is a
 * copy of another (components/TillCopy.tsx) and what went wrong here that nobody has read yet (components/Incidents.tsx:
 * a service restored from an older backup). Every way out of a
 * screen — F1–F8, the navigation buttons, "needs attention", sign-out — goes through one leave guard, which asks
 * first while the screen holds unsaved work (screens declare it with `useUnsavedWork`, lib/unsaved-work.tsx).
 */
import { useCallback, useEffect, useState } from 'react';
import { errorLines } from '../bridge.js';
import { ErrorLines } from '../components/ErrorLines.js';
import { LanguageSwitch } from '../components/LanguageSwitch.js';
import { LeaveConfirm } from '../components/LeaveConfirm.js';
import { Disconnected } from '../components/Disconnected.js';
import { Incidents } from '../components/Incidents.js';
import { SyncActivity } from '../components/SyncActivity.js';
import { SyncBar } from '../components/SyncBar.js';
import { TillCopy } from '../components/TillCopy.js';
import type { MessageKey } from '../i18n/index.js';
import { useLeaveGuard } from '../lib/unsaved-work.js';
import { SCREEN_RIGHTS } from '../lib/rights.js';
import { LockIcon, RightGate, useHolds } from '../components/RightGate.js';
import { useT, useTerminal } from '../state/context.js';
import { Debts } from './Debts.js';
import { Inbox } from './Inbox.js';
import { ModifierGroups } from './ModifierGroups.js';
import { Receipts } from './Receipts.js';
import { Sale } from './Sale.js';
import { Sales } from './Sales.js';
import { Shift } from './Shift.js';
import { Stock } from './Stock.js';
import './app-frame.css';

export type View = 'sale' | 'sales' | 'shift' | 'receipts' | 'modifierGroups' | 'debts' | 'stock' | 'inbox';

/**
 * The screens, each on a function key: selling first (the cashier's day — issue 16), then the back-room screens in
 * the order of their issue's list, the inbox last.
 */
const VIEWS: readonly { readonly view: View; readonly label: MessageKey; readonly key: string }[] = [
  { view: 'sale', label: 'nav.sale', key: 'F1' },
  { view: 'sales', label: 'nav.sales', key: 'F2' },
  { view: 'shift', label: 'nav.shift', key: 'F3' },
  { view: 'receipts', label: 'nav.receipts', key: 'F4' },
  { view: 'modifierGroups', label: 'nav.modifierGroups', key: 'F5' },
  { view: 'debts', label: 'nav.debts', key: 'F6' },
  { view: 'stock', label: 'nav.stock', key: 'F7' },
  { view: 'inbox', label: 'nav.inbox', key: 'F8' },
];

export function AppFrame() {
  const t = useT();
  const employee = useTerminal((state) => state.employee);
  const pending = useTerminal((state) => state.sync?.pendingOperations ?? 0);
  const attention = useTerminal((state) => state.sync?.needsAttention ?? 0);
  const disconnected = useTerminal((state) => state.sync?.problem === 'credential-refused');
  const copy = useTerminal((state) => Boolean(state.sync?.copyDetectedAt));
  const signOut = useTerminal((state) => state.signOut);
  const holdsRight = useHolds();
  const [view, setView] = useState<View>('sale');
  const [problem, setProblem] = useState<string[]>([]);
  const leaveGuard = useLeaveGuard();
  const { guard, Provider: UnsavedWorkProvider } = leaveGuard;
  // The screen already shown stays as it is: pressing its key again must not ask about its unsaved work.
  const go = useCallback((next: View) => (next === view ? undefined : guard(() => setView(next))), [guard, view]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = VIEWS.find((entry) => entry.key === event.key);
      // A screen that uses the key itself (Shift's F6–F8, Sales' F8) takes it first, in the capture phase, and
      // says so with preventDefault: that key press is not also a move to another screen.
      if (!target || event.defaultPrevented) return;
      event.preventDefault();
      go(target.view);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  const waiting = pending > 0;
  return (
    <div className="app-frame">
      <header className="top-bar">
        <span className="brand">{t('app.title')}</span>
        <nav className="nav" aria-label="Main">
          {VIEWS.map((entry) => (
            <button
              key={entry.view}
              type="button"
              className={entry.view === view ? 'nav-item active' : 'nav-item'}
              aria-current={entry.view === view ? 'page' : undefined}
              aria-keyshortcuts={entry.key}
              onClick={() => go(entry.view)}
            >
              {/* The function key, shown for the keyboard; already announced through aria-keyshortcuts. */}
              <kbd className="nav-key" aria-hidden="true">
                {entry.key}
              </kbd>
              {t(entry.label)}
              {/* A screen the role does not grant stays reachable, locked: a manager's PIN opens it (RightGate). */}
              {entry.view in SCREEN_RIGHTS && !holdsRight(SCREEN_RIGHTS[entry.view as keyof typeof SCREEN_RIGHTS]) && (
                <span className="nav-lock" title={t('rights.locked')} data-testid={`nav-locked-${entry.view}`}>
                  <LockIcon />
                </span>
              )}
              {entry.view === 'inbox' && attention > 0 && <span className="badge">{attention}</span>}
            </button>
          ))}
        </nav>
        <span className="employee" data-testid="employee-name" title={employee?.full_name}>
          {employee?.full_name}
        </span>
        <LanguageSwitch />
        <button
          type="button"
          className="secondary"
          title={waiting ? t('syncStates.signOutWaiting', { count: pending }) : undefined}
          onClick={() =>
            guard(() => {
              setProblem([]);
              signOut().catch((error: unknown) => setProblem(errorLines(error)));
            })
          }
        >
          {t('nav.signOut')}
        </button>
      </header>
      <SyncBar onOpenInbox={() => go('inbox')} />
      <SyncActivity />
      {disconnected && <Disconnected />}
      {copy && <TillCopy />}
      <Incidents />
      {waiting && !disconnected && !copy && (
        <div className="notice" data-testid="waiting-notice">
          {t('syncStates.signOutWaiting', { count: pending })}
        </div>
      )}
      <ErrorLines lines={problem} />
      {leaveGuard.asking && <LeaveConfirm onLeave={leaveGuard.confirm} onStay={leaveGuard.stay} />}
      <div className="content">
        <UnsavedWorkProvider>
          {view === 'sale' && <Sale onOpenShift={() => go('shift')} />}
          {view === 'sales' && <Sales />}
          {view === 'shift' && <Shift />}
          {view === 'receipts' && (
            <RightGate right={SCREEN_RIGHTS.receipts} reason={t('rights.reason.receipts')}>
              <Receipts />
            </RightGate>
          )}
          {view === 'modifierGroups' && (
            <RightGate right={SCREEN_RIGHTS.modifierGroups} reason={t('rights.reason.modifierGroups')}>
              <ModifierGroups />
            </RightGate>
          )}
          {view === 'debts' && <Debts />}
          {view === 'stock' && (
            <RightGate right={SCREEN_RIGHTS.stock} reason={t('rights.reason.stock')}>
              <Stock />
            </RightGate>
          )}
          {view === 'inbox' && <Inbox />}
        </UnsavedWorkProvider>
      </div>
    </div>
  );
}
