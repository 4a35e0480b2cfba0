/**
 * Choosing a discount for an item or for the order: one of the business's Finance discounts, a manual amount or
 * percentage, or none. A manual discount above the limit (BaseConfig `sale.manual_discount_limit_percent`) is
 * applied only after a manager approves it (<ManagerApproval>); the approving manager is kept with the discount.
 */
import { useState } from 'react';
import { ManagerApproval } from '../../components/ManagerApproval.js';
import { showMoney } from '../../lib/format.js';
import { useT } from '../../state/context.js';
import type { CartDiscount } from './cart.js';
import { needsApproval, readDiscount, type DiscountRecord } from './cart-order.js';

export interface DiscountPickerProps {
  readonly label: string;
  /** What the discount applies to (money text): a manual amount may not exceed it. */
  readonly base: string;
  readonly discounts: readonly DiscountRecord[];
  readonly limit: string;
  readonly current: CartDiscount | null;
  readonly onChoose: (discount: CartDiscount | null) => void;
}

export function describeDiscount(discount: CartDiscount): string {
  const amount = discount.value !== null ? showMoney(discount.value) : `${discount.percent ?? '0'}%`;
  return discount.kind === 'finance' && discount.name ? `${discount.name} (${amount})` : amount;
}

export function DiscountPicker({ label, base, discounts, limit, current, onChoose }: DiscountPickerProps) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ percent: string | null; value: string | null } | null>(null);

  const applyTyped = () => {
    const read = readDiscount(typed, base);
    if (!read.ok) {
      setProblem(t(read.problem));
      return;
    }
    setProblem(null);
    const manual = { percent: read.percent, value: read.value };
    if (needsApproval(manual, base, limit)) setAsking(manual);
    else onChoose({ kind: 'manual', ...manual, approvedBy: null });
  };

  return (
    <fieldset className="discount-picker">
      <legend>{label}</legend>
      {current && <p data-testid="current-discount">{describeDiscount(current)}</p>}
      <div className="discount-choices">
        <button type="button" className={current ? '' : 'active'} onClick={() => onChoose(null)}>
          {t('sale.discount.none')}
        </button>
        {discounts.map((discount) => (
          <button
            key={discount.id}
            type="button"
            className={current?.kind === 'finance' && current.id === discount.id ? 'active' : ''}
            onClick={() =>
              onChoose({ kind: 'finance', id: discount.id, name: discount.name, percent: discount.discount_percent, value: discount.discount_value })
            }
          >
            {discount.name} · {discount.discount_value !== null ? showMoney(discount.discount_value) : `${discount.discount_percent ?? '0'}%`}
          </button>
        ))}
      </div>
      <div className="inline-field">
        <label className="field">
          {t('sale.discount.manual')}
          <input
            value={typed}
            inputMode="decimal"
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyTyped();
              }
            }}
          />
        </label>
        <button type="button" onClick={applyTyped}>
          {t('sale.line.apply')}
        </button>
      </div>
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
      {asking && (
        <ManagerApproval
          reason={t('sale.discount.approval', { amount: asking.value !== null ? showMoney(asking.value) : `${asking.percent}%` })}
          onApproved={({ managerId }) => {
            onChoose({ kind: 'manual', ...asking, approvedBy: managerId });
            setAsking(null);
          }}
          onCancel={() => setAsking(null)}
        />
      )}
    </fieldset>
  );
}
