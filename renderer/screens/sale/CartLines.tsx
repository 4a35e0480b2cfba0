/**
 * The cart's lines (name with its modifiers and the note under it, quantity, price, sum and the item's discount) and its totals,
 * computed by the service's own arithmetic (cart-order.ts). A click selects a line, a double click opens it.
 */
import { useEffect, useRef } from 'react';
import { showMoney, showQuantity } from '../../lib/format.js';
import { useT } from '../../state/context.js';
import type { CartState } from './cart.js';
import type { CartMoney, DiscountRecord } from './cart-order.js';
import { describeDiscount } from './DiscountPicker.js';

export interface CartLinesProps {
  readonly state: CartState;
  readonly money: CartMoney;
  readonly discounts: ReadonlyMap<string, DiscountRecord>;
  readonly onSelect: (key: string) => void;
  readonly onOpen: (key: string) => void;
}

export function CartLines({ state, money, discounts, onSelect, onOpen }: CartLinesProps) {
  const t = useT();
  const selectedRow = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    selectedRow.current?.scrollIntoView?.({ block: 'nearest' });
  }, [state.selectedKey, state.lines.length]);
  if (state.lines.length === 0) return <p className="muted sale-empty">{t('sale.empty')}</p>;
  return (
    <div className="cart-scroll">
      <table className="cart-lines" data-testid="cart-lines">
        <thead>
          <tr>
            <th>{t('sale.item')}</th>
            <th className="amount">{t('sale.quantity')}</th>
            <th className="amount">{t('sale.price')}</th>
            <th className="amount">{t('sale.sum')}</th>
          </tr>
        </thead>
        <tbody>
          {state.lines.map((line) => {
            const chosen = state.itemDiscounts[line.item.id];
            const named = line.item.discountId ? discounts.get(line.item.discountId) : undefined;
            const discount = chosen ?? (named ? { kind: 'finance' as const, id: named.id, name: named.name, percent: named.discount_percent, value: named.discount_value } : null);
            const selected = line.key === state.selectedKey;
            return (
              <tr
                key={line.key}
                ref={selected ? selectedRow : undefined}
                className={selected ? 'cart-line selected' : 'cart-line'}
                aria-selected={selected}
                data-testid="cart-line"
                onClick={() => onSelect(line.key)}
                onDoubleClick={() => onOpen(line.key)}
              >
                <td>
                  <div className="line-name">{line.item.name}</div>
                  {line.modifiers?.map((modifier) => (
                    <div key={modifier.id} className="line-modifier" data-testid="line-modifier">
                      + {modifier.name}
                      {modifier.quantity > 1 ? ` ×${modifier.quantity}` : ''}
                      {modifier.free === modifier.quantity ? ` · ${t('modifiers.free')}` : modifier.price === '0' ? '' : ` · ${showMoney(modifier.price)}`}
                    </div>
                  ))}
                  {line.note && <div className="line-note">{line.note}</div>}
                  {discount && <div className="line-discount">− {describeDiscount(discount)}</div>}
                </td>
                <td className="amount" data-testid="line-quantity-cell">
                  {showQuantity(line.quantity)}
                </td>
                <td className="amount">{showMoney(line.item.price)}</td>
                <td className="amount" data-testid="line-sum">
                  {showMoney(money.lineSubtotals.get(line.key) ?? '0')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function CartTotals({ money, lineCount, onPay, disabled }: { readonly money: CartMoney; readonly lineCount: number; readonly onPay: () => void; readonly disabled: boolean }) {
  const t = useT();
  const { totals } = money;
  return (
    <div className="cart-totals" data-testid="cart-totals">
      <dl>
        <dt>{t('sale.subtotal')}</dt>
        <dd className="amount">{showMoney(totals.subtotal)}</dd>
        {totals.total_discount !== '0' && (
          <>
            <dt>{t('sale.discount')}</dt>
            <dd className="amount">−{showMoney(totals.total_discount)}</dd>
          </>
        )}
        {totals.total_tax !== '0' && (
          <>
            <dt>{t('sale.tax')}</dt>
            <dd className="amount">{showMoney(totals.total_tax)}</dd>
          </>
        )}
      </dl>
      <div className="cart-total-row">
        <span className="muted">{t('sale.lineCount', { count: lineCount })}</span>
        <span className="cart-total" data-testid="cart-total">
          {t('sale.total')} {showMoney(totals.total_sum)}
        </span>
        <button type="button" className="primary pay-button" aria-keyshortcuts="F12" disabled={disabled} onClick={onPay}>
          <kbd className="nav-key" aria-hidden="true">
            F12
          </kbd>
          {t('sale.pay')}
        </button>
      </div>
    </div>
  );
}
