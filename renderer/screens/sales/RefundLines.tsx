/**
 * A sale's lines with what was sold, what has come back already and, for a sale that can still be refunded, a
 * field for how much comes back now (empty: none of that line). Quantities are shown and typed in the language on
 * screen; the form keeps the typed text and refund-form.ts reads it exactly.
 */
import { formatQuantity } from '../../../shared/decimal.js';
import { useFormat } from '../../lib/use-format.js';
import { useT } from '../../state/context.js';
import type { SaleState } from './refund-plan.js';

export interface RefundLinesProps {
  readonly state: SaleState;
  readonly names: ReadonlyMap<string, string>;
  readonly quantities: Readonly<Record<string, string>>;
  readonly editable: boolean;
  readonly onQuantity: (lineId: string, text: string) => void;
}

export function RefundLines({ state, names, quantities, editable, onQuantity }: RefundLinesProps) {
  const t = useT();
  const f = useFormat();
  return (
    <table className="sale-lines" data-testid="sale-lines">
      <thead>
        <tr>
          <th>{t('sales.col.item')}</th>
          <th className="num">{t('sales.col.sold')}</th>
          <th className="num">{t('sales.col.amount')}</th>
          <th className="num">{t('sales.col.refunded')}</th>
          {editable && <th className="num">{t('sales.col.refund')}</th>}
        </tr>
      </thead>
      <tbody>
        {state.sale.items.map((line) => {
          const back = state.sofar.quantities.get(line.id) ?? 0n;
          const left = state.left.get(line.id) ?? 0n;
          const name = names.get(line.item_id) ?? line.item_id;
          return (
            <tr key={line.id} data-testid="sale-line">
              <td>{name}</td>
              <td className="num">{f.quantity(line.quantity)}</td>
              <td className="num">{f.money(line.subtotal)}</td>
              <td className="num">{back > 0n ? f.quantity(formatQuantity(back)) : ''}</td>
              {editable && (
                <td className="num">
                  <input
                    className="qty-input"
                    inputMode="decimal"
                    aria-label={`${t('sales.col.refund')}: ${name}`}
                    disabled={left === 0n}
                    value={quantities[line.id] ?? ''}
                    placeholder={left > 0n ? f.quantity(formatQuantity(left)) : ''}
                    onChange={(event) => onQuantity(line.id, event.target.value)}
                    data-testid="refund-quantity"
                  />
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
