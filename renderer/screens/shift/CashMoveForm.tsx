/**
 * Cash in or cash out during a shift: the amount (keypad or keyboard) and a reason, which the service requires —
 * a tap on a usual reason fills it. Enter records, Esc cancels. Recorded through the terminal core, so it works
 * offline and is queued (a fact: it belongs to this shift whenever it reaches the service).
 */
import { useId, useState, type FormEvent } from 'react';
import type { CashMoveKind } from '../../../shared/catalogue/settlement-cash.js';
import { formatMoney, MONEY } from '../../../shared/decimal.js';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { FieldError } from '../../components/FieldError.js';
import type { MessageKey } from '../../i18n/index.js';
import { useFormat } from '../../lib/use-format.js';
import { useUnsavedWork } from '../../lib/unsaved-work.js';
import { useBridge, useT } from '../../state/context.js';
import { MoneyEntry } from './MoneyEntry.js';

const USUAL_REASONS: Record<CashMoveKind, readonly MessageKey[]> = {
  IN: ['shift.reason.float'],
  OUT: ['shift.reason.safe', 'shift.reason.supplier', 'shift.reason.expense'],
};

export function CashMoveForm({
  kind,
  settlementId,
  onDone,
  onCancel,
}: {
  readonly kind: CashMoveKind;
  readonly settlementId: string;
  readonly onDone: () => void;
  readonly onCancel: () => void;
}) {
  const t = useT();
  const f = useFormat();
  const bridge = useBridge();
  const errorId = useId();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [fieldProblem, setFieldProblem] = useState<{ field: 'amount' | 'reason'; text: string } | null>(null);
  const [problem, setProblem] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useUnsavedWork(amount !== '' || reason.trim() !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem([]);
    const units = f.units(amount, MONEY);
    if (units === undefined || units <= 0n) return setFieldProblem({ field: 'amount', text: t('shift.amountInvalid') });
    if (reason.trim() === '') return setFieldProblem({ field: 'reason', text: t('shift.reasonRequired') });
    setFieldProblem(null);
    setBusy(true);
    bridge
      .run('SettlmentController_createCashMove', { params: { id: settlementId }, body: { kind, amount: formatMoney(units), reason: reason.trim() } })
      .then(onDone, (error: unknown) => setProblem(errorLines(error)))
      .finally(() => setBusy(false));
  };

  return (
    <form
      className="form shift-form"
      aria-label={t(kind === 'IN' ? 'shift.cashIn' : 'shift.cashOut')}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <h2>{t(kind === 'IN' ? 'shift.cashIn' : 'shift.cashOut')}</h2>
      <MoneyEntry
        name="amount"
        label={t('shift.amount')}
        value={amount}
        autoFocus
        invalid={fieldProblem?.field === 'amount'}
        errorId={`${errorId}-amount`}
        onChange={(next) => {
          setAmount(next);
          if (fieldProblem?.field === 'amount') setFieldProblem(null);
        }}
      />
      <FieldError id={`${errorId}-amount`} text={fieldProblem?.field === 'amount' ? fieldProblem.text : ''} />
      <label>
        {t('shift.reason')}
        <input
          name="reason"
          autoComplete="off"
          maxLength={200}
          value={reason}
          aria-invalid={fieldProblem?.field === 'reason' || undefined}
          onChange={(event) => {
            setReason(event.target.value);
            if (fieldProblem?.field === 'reason') setFieldProblem(null);
          }}
        />
      </label>
      <div className="reason-chips">
        {USUAL_REASONS[kind].map((key) => (
          <button key={key} type="button" className="small" onClick={() => setReason(t(key))}>
            {t(key)}
          </button>
        ))}
      </div>
      <FieldError id={`${errorId}-reason`} text={fieldProblem?.field === 'reason' ? fieldProblem.text : ''} />
      <ErrorLines lines={problem} />
      <div className="actions">
        <button type="button" className="secondary" onClick={onCancel}>
          {t('shift.cancel')} <kbd>Esc</kbd>
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {t('shift.record')} <kbd>Enter</kbd>
        </button>
      </div>
    </form>
  );
}
