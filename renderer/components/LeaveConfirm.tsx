/**
 * The question asked before unsaved work would be thrown away by leaving a screen. "Stay" takes the focus (an Enter
 * pressed by habit keeps the work); Escape stays too.
 */
import { useEffect, useId } from 'react';
import { useT } from '../state/context.js';

export function LeaveConfirm({ onLeave, onStay }: { readonly onLeave: () => void; readonly onStay: () => void }) {
  const t = useT();
  const id = useId();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onStay();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onStay]);
  return (
    <div className="leave-confirm" role="alertdialog" aria-labelledby={id} data-testid="leave-confirm">
      <p id={id}>{t('unsaved.question')}</p>
      <div className="buttons">
        <button type="button" className="danger" onClick={onLeave}>
          {t('unsaved.leave')}
        </button>
        <button type="button" className="secondary" autoFocus onClick={onStay}>
          {t('unsaved.stay')}
        </button>
      </div>
    </div>
  );
}
