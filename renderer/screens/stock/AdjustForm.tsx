/**
 * Adjusting a row's quantity: the cashier types the quantity counted, sees before → after, chooses why (count
 * correction, damage, expiry, theft, other), and the new absolute quantity is sent with the reason; the core
 * records it as an adjustment against the quantity the cashier saw, the reason stored with its ledger entry.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { STOCK_ADJUSTMENT_REASONS, type StockAdjustmentReason } from '../../../shared/catalogue/stock-quantity.js';
import { formatQuantity, QUANTITY } from '../../../shared/decimal.js';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { describedBy, FieldError } from '../../components/FieldError.js';
import { showQuantity, unitsOrUndefined } from '../../lib/format.js';
import { useUnsavedWork } from '../../lib/unsaved-work.js';
import { useBridge, useT } from '../../state/context.js';
import type { StockLine } from './lines.js';

export function AdjustForm({
  line,
  onDone,
  onCancel,
}: {
  readonly line: StockLine;
  readonly onDone: () => void;
  readonly onCancel: () => void;
}) {
  const t = useT();
  const bridge = useBridge();
  const [value, setValue] = useState(line.quantity);
  const [reason, setReason] = useState<StockAdjustmentReason>('count_correction');
  useUnsavedWork(value !== line.quantity);
  const [problem, setProblem] = useState<string[]>([]);
  const [quantityError, setQuantityError] = useState('');
  const errorId = useId();
  const [busy, setBusy] = useState(false);
  const units = unitsOrUndefined(value, QUANTITY);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (units === undefined) return setQuantityError(t('stock.quantityInvalid'));
    setBusy(true);
    setProblem([]);
    bridge
      .run('StockQuantityController_update', {
        params: { id: line.id },
        body: { stock_quantity: formatQuantity(units), adjustment_reason: reason },
      })
      .then(onDone, (error: unknown) => setProblem(errorLines(error)))
      .finally(() => setBusy(false));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };

  return (
    <form className="form adjust-form" onSubmit={submit} onKeyDown={onKeyDown} aria-label={t('stock.adjust')}>
      <h2>
        {t('stock.adjust')}: {line.name}
      </h2>
      <label>
        {t('stock.newQuantity')}
        <input
          name="quantity"
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          value={value}
          {...describedBy(errorId, quantityError)}
          onChange={(event) => {
            setValue(event.target.value);
            setQuantityError('');
          }}
        />
      </label>
      <FieldError id={errorId} text={quantityError} />
      <label>
        {t('stock.reason')}
        <select name="reason" value={reason} onChange={(event) => setReason(event.target.value as StockAdjustmentReason)}>
          {STOCK_ADJUSTMENT_REASONS.map((option) => (
            <option key={option} value={option}>
              {t(`stock.reason.${option}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="before-after" data-testid="before-after">
        {t('stock.beforeAfter', {
          before: showQuantity(line.quantity),
          after: units === undefined ? '?' : showQuantity(formatQuantity(units)),
        })}
      </div>
      <ErrorLines lines={problem} />
      <div className="buttons">
        <button type="submit" className="primary" disabled={busy}>
          {t('common.save')}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
