/**
 * A screen or action the signed-in employee's role does not grant (issue 28 §2; the mapping: lib/rights.ts) is
 * locked: a lock, "Needs a manager", which right it needs, and "Manager’s PIN". A manager's PIN (checked by the
 * terminal core, components/ManagerApproval.tsx) opens it under the manager's override: everything the screen
 * runs goes through `terminal.runApproved`, so the manager is the actor here and at the service, while the cashier
 * stays signed in. The override lasts while the gated screen or form is open — its document saved (a form closes)
 * or the screen left ends it, and the core forgets it at sign-out.
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Right } from '../../shared/rights.js';
import type { Bridge } from '../bridge.js';
import { holds, RIGHT_NAMES } from '../lib/rights.js';
import { BridgeOverride, useBridge, useT, useTerminal } from '../state/context.js';
import { ManagerApproval } from './ManagerApproval.js';
import './right-gate.css';

/** The signed-in employee's check of a right (lib/rights.ts `holds`). */
export function useHolds(): (right: Right) => boolean {
  const rights = useTerminal((state) => state.employee?.rights);
  return (right) => holds(rights, right);
}

/** The bridge a screen uses under a manager's override: its catalogue operations run as the approving manager. */
export function approvedBridge(base: Bridge, approvalId: string): Bridge {
  return {
    ...base,
    run: ((operation: string, input?: unknown) =>
      base.terminal('terminal.runApproved', { approvalId, operation, input: input ?? {} })) as Bridge['run'],
  };
}

/** A closed padlock, drawn (no icon font on a till). */
export function LockIcon() {
  return (
    <svg className="lock-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <rect x="4" y="10" width="16" height="11" rx="2" fill="currentColor" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2.2" />
    </svg>
  );
}

type End = (notice?: string) => void;
const EndOverride = createContext<End>(() => undefined);

/**
 * Ends the manager's override the screen is under (none: nothing happens) — a screen whose document was saved or
 * closed calls it, so the next document asks again (a goods receipt: the override lasts from draft to conduct).
 * `notice` (what was done, "Conducted…") stays on the locked screen, which the screen's own notice no longer is.
 */
export function useEndOverride(): End {
  return useContext(EndOverride);
}

interface Approval {
  readonly approvalId: string;
  readonly managerName: string;
}

export interface RightGateProps {
  readonly right: Right;
  /** What is asked, in the cashier's language (the dialog's line). */
  readonly reason: string;
  /** A whole screen, or one form within a screen (the banner's words differ). */
  readonly scope?: 'screen' | 'form';
  /** Back out of a locked form (its screen's Cancel). */
  readonly onCancel?: () => void;
  readonly children: ReactNode;
}

export function RightGate({ right, reason, scope = 'screen', onCancel, children }: RightGateProps) {
  const t = useT();
  const bridge = useBridge();
  const allowed = useHolds()(right);
  const [asking, setAsking] = useState(false);
  const [approval, setApproval] = useState<Approval | null>(null);
  const [notice, setNotice] = useState('');
  const approved = useMemo(() => (approval ? approvedBridge(bridge, approval.approvalId) : null), [bridge, approval]);

  // Leaving the screen (or the form closing after its save) ends the override at once, not at its idle timeout.
  // A moment later: React's development check unmounts and mounts again at once, which must not end it.
  const ending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!approval) return undefined;
    clearTimeout(ending.current);
    return () => {
      ending.current = setTimeout(
        () => void bridge.terminal('terminal.approvalEnd', { approvalId: approval.approvalId }).catch(() => undefined),
        0,
      );
    };
  }, [bridge, approval]);

  const end = useMemo<End>(
    () => (said) => {
      setApproval(null);
      setNotice(said ?? '');
    },
    [],
  );
  if (allowed) return <>{children}</>;
  if (approved && approval) {
    return (
      <BridgeOverride bridge={approved}>
        <div className={scope === 'screen' ? 'override-frame' : undefined}>
          <div className="override-banner" role="status" data-testid="manager-override">
            <LockIcon />
            <span>{t(scope === 'form' ? 'rights.approvedForm' : 'rights.approvedScreen', { name: approval.managerName })}</span>
            {scope === 'screen' && (
              <button type="button" className="secondary" onClick={() => setApproval(null)}>
                {t('rights.endApproval')}
              </button>
            )}
          </div>
          <EndOverride.Provider value={end}>{children}</EndOverride.Provider>
        </div>
      </BridgeOverride>
    );
  }
  return (
    <section className={`locked locked-${scope}`} data-testid="locked" aria-labelledby="locked-title">
      {notice && (
        <p className="success" role="status">
          {notice}
        </p>
      )}
      <LockIcon />
      <h2 id="locked-title">{t('rights.locked')}</h2>
      <p className="locked-what">{reason}</p>
      <p className="muted">{t('rights.lockedText', { right: t(RIGHT_NAMES[right]) })}</p>
      <div className="locked-buttons">
        <button
          type="button"
          className="primary"
          autoFocus
          onClick={() => {
            setNotice('');
            setAsking(true);
          }}
        >
          {t('rights.managerPin')}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            {t('approval.cancel')}
          </button>
        )}
      </div>
      {asking && (
        <ManagerApproval
          reason={reason}
          hold="screen"
          onCancel={() => setAsking(false)}
          onApproved={({ approvalId, managerName }) => {
            setAsking(false);
            if (approvalId) setApproval({ approvalId, managerName: managerName ?? '' });
          }}
        />
      )}
    </section>
  );
}
