/**
 * How the money goes back: one amount per method the sale was paid with, each showing how much it can still pay
 * back; a DEBT method's share is taken off the client's debt rather than paid out. Filled from the chosen lines
 * until the cashier changes one (then it is theirs); the amount to pay back is shown large.
 */
import { formatMoney, type Money } from '../../../shared/decimal.js';
import { useFormat } from '../../lib/use-format.js';
import { useT } from '../../state/context.js';
import type { SaleState } from './refund-plan.js';

export interface MoneyBackProps {
  readonly state: SaleState;
  readonly amounts: Readonly<Record<string, string>>;
  readonly value: Money;
  readonly onAmount: (methodId: string, text: string) => void;
}

export function MoneyBack({ state, amounts, value, onAmount }: MoneyBackProps) {
  const t = useT();
  const f = useFormat();
  return (
    <fieldset className="money-back" data-testid="money-back">
      <legend>{t('sales.moneyBack')}</legend>
      {state.methods.map((method) => (
        <label key={method.methodId} className="money-back-row">
          <span>
            {method.name}
            <span className="muted"> · {method.kind === 'DEBT' ? t('sales.onAccount') : t('sales.methodLeft', { amount: f.money(formatMoney(method.left)) })}</span>
          </span>
          <input
            inputMode="decimal"
            value={amounts[method.methodId] ?? ''}
            onChange={(event) => onAmount(method.methodId, event.target.value)}
            data-testid="refund-amount"
          />
        </label>
      ))}
      <div className="big-amount" data-testid="refund-value">
        {t('sales.toPayBack')}: {f.money(formatMoney(value))}
      </div>
    </fieldset>
  );
}
