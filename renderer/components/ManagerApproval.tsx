/**
 * Asks for a manager's PIN before an action a cashier may not do alone (a discount above the limit, a sale on
 * account above the credit limit, a refund, a void). The PIN is checked by the terminal core
 * (`terminal.managerApproval`, main/terminal/manager-approval.ts), offline too, under the till's PIN lockout; the
 * renderer never keeps it — the field is cleared after every attempt. A cashier's own PIN is refused in words.
 * Keyboard first: digits type, Enter approves, Esc cancels; an on-screen keypad for touch.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { asRpcError } from '../bridge.js';
import type { Translate } from '../i18n/index.js';
import { useBridge, useT } from '../state/context.js';
import { Keypad } from './Keypad.js';
import './manager-approval.css';

export interface ManagerApprovalProps {
  /** What is being approved, in the cashier's language (shown above the PIN field). */
  readonly reason: string;
  /**
   * The approving manager's employee id (and name, to show who approved), for an operation that records it; with
   * `hold`, the id of the override the core keeps (main/terminal/approvals.ts) to run operations as that manager.
   */
  readonly onApproved: (approval: { readonly managerId: string; readonly managerName?: string; readonly approvalId?: string }) => void;
  readonly onCancel: () => void;
  /** Ask the core to hold an override: for the next operation (`once`) or until the screen ends it (`screen`). */
  readonly hold?: 'once' | 'screen';
}

/** The seconds a 429's message asks to wait ("… try again in 30 seconds"). */
const secondsIn = (message: string): string => /(\d+)\s*seconds?/.exec(message)?.[1] ?? '30';

export function ManagerApproval({ reason, onApproved, onCancel, hold }: ManagerApprovalProps) {
  const t = useT();
  const bridge = useBridge();
  const titleId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  // Focus on opening and again after each answer: the field is disabled while the core checks, and a disabled
  // field cannot take the focus, so it is given once the field is enabled again (the next PIN is typed at once).
  useEffect(() => {
    if (!busy) field.current?.focus();
  }, [busy]);
  // The keypad is the PIN login's: here its Enter key approves rather than signs in.
  const keypadT: Translate = (key, values) =>
    key === 'pin.enter' ? t('approval.approve') : key === 'pin.prompt' ? t('approval.pin') : t(key, values);

  const approve = (event?: FormEvent) => {
    event?.preventDefault();
    // A React event crosses the portal to the screen's own form (closing a shift): this submit is the dialog's alone.
    event?.stopPropagation();
    if (busy || pin === '') return;
    setBusy(true);
    setProblem('');
    const typed = pin;
    setPin('');
    bridge
      .terminal('terminal.managerApproval', { pin: typed, reason, ...(hold ? { hold } : {}) })
      .then(
        (approval) =>
          onApproved({ managerId: approval.managerId, managerName: approval.managerName, ...(approval.approvalId ? { approvalId: approval.approvalId } : {}) }),
        (error: unknown) => {
          const { statusCode, message } = asRpcError(error);
          const text = typeof message === 'string' ? message : message.join(' ');
          if (statusCode === 401) setProblem(t('approval.wrongPin'));
          else if (statusCode === 403) setProblem(t('approval.notManager'));
          else if (statusCode === 429) setProblem(t('approval.locked', { seconds: secondsIn(text) }));
          else setProblem(t('approval.failed', { reason: text }));
        },
      )
      .finally(() => setBusy(false));
  };

  // Enter and Esc stop here: the screen behind (the payment, the cart) must not act on them too.
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target === field.current) {
      event.preventDefault();
      event.stopPropagation();
      approve();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  // On the page's body, not inside the screen: a screen asks from within its own form (closing another's shift), and
  // a form inside a form is not HTML — the browser would drop the dialog's.
  return createPortal(
    <div className="approval-backdrop" onKeyDown={keys}>
      <form
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-label={reason}
        className="approval-dialog"
        data-testid="manager-approval"
        onSubmit={approve}
      >
        <h2 id={titleId}>{t('approval.title')}</h2>
        <p className="approval-reason">{reason}</p>
        <label>
          {t('approval.pin')}
          <input
            ref={field}
            name="managerPin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={32}
            value={pin}
            disabled={busy}
            onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
          />
        </label>
        <p className={problem ? 'error approval-problem' : 'approval-problem'} role="alert">
          {problem || '\u00a0'}
        </p>
        <Keypad
          t={keypadT}
          disabled={busy}
          onDigit={(digit) => setPin((value) => (value.length < 32 ? value + digit : value))}
          onBackspace={() => setPin((value) => value.slice(0, -1))}
          onClear={() => setPin('')}
          onEnter={() => approve()}
        />
        <div className="approval-buttons">
          <span className="muted">{t('approval.keys')}</span>
          <button type="button" onClick={onCancel}>
            {t('approval.cancel')}
          </button>
        </div>
      </form>
    </div>,
    document.body,
  );
}
