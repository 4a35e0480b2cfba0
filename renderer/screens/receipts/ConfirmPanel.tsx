/** An on-screen confirmation for a step that changes stock or cannot be undone: the question, yes, cancel. */
import { useId } from 'react';
import { useT } from '../../state/context.js';

export function ConfirmPanel({
  question,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  readonly question: string;
  readonly confirmLabel: string;
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="confirm-panel" role="alertdialog" aria-labelledby={id}>
      <p id={id}>{question}</p>
      <div className="buttons">
        <button type="button" className="danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        {/* Cancel takes the focus: Enter pressed by habit must not confirm. */}
        <button type="button" className="secondary" autoFocus onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
