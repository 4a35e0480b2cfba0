/**
 * An inline confirmation for a destructive step: the question, a danger button and Cancel. Focus starts on
 * Cancel, so a stray Enter does not delete anything; Escape cancels.
 */
import { useId, type KeyboardEvent } from 'react';
import { useT } from '../../state/context.js';

export interface ConfirmProps {
  readonly question: string;
  readonly confirmLabel: string;
  readonly busy?: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export function Confirm({ question, confirmLabel, busy = false, onConfirm, onCancel }: ConfirmProps) {
  const t = useT();
  const questionId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };
  return (
    <div className="mg-confirm" role="alertdialog" aria-labelledby={questionId} onKeyDown={onKeyDown}>
      <p id={questionId}>{question}</p>
      <div className="buttons">
        <button type="button" className="danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="secondary" autoFocus disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
