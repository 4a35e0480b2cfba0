/**
 * One line of the cart, opened with F9 or a double click: its quantity by keypad or keyboard (exact decimal text,
 * refused when not greater than zero), its note, the discount on its item, and removing it.
 */
import { useState } from 'react';
import { Keypad } from '../../components/Keypad.js';
import type { Translate } from '../../i18n/index.js';
import { useT } from '../../state/context.js';
import type { CartAction, CartDiscount, CartLine } from './cart.js';
import type { DiscountRecord } from './cart-order.js';
import { DiscountPicker } from './DiscountPicker.js';

export interface LinePanelProps {
  readonly line: CartLine;
  /** The subtotal of the item's lines (money text), the base of its discount. */
  readonly itemBase: string;
  readonly discount: CartDiscount | null;
  readonly discounts: readonly DiscountRecord[];
  readonly limit: string;
  readonly dispatch: (action: CartAction) => void;
  readonly onClose: () => void;
  /** Opens the modifier picker on this line's modifiers (only for a line with modifier groups). */
  readonly onModifiers?: () => void;
}

export function LinePanel({ line, itemBase, discount, discounts, limit, dispatch, onClose, onModifiers }: LinePanelProps) {
  const t = useT();
  const [quantity, setQuantity] = useState(line.quantity);
  const [note, setNote] = useState(line.note);
  // The shared keypad names its own group and Enter key for PINs; here they are the quantity's.
  const keypadT: Translate = (key, values) =>
    key === 'pin.prompt' ? t('sale.line.quantity') : key === 'pin.enter' ? t('sale.line.setQuantity') : t(key, values);
  const apply = () => {
    dispatch({ type: 'setQuantity', key: line.key, quantity });
    if (note.trim() !== line.note) dispatch({ type: 'setNote', key: line.key, note });
  };

  return (
    <section className="sale-panel" role="dialog" aria-label={t('sale.line.title', { name: line.item.name })} data-testid="line-panel">
      <header className="panel-header">
        <h2>{t('sale.line.title', { name: line.item.name })}</h2>
        <button type="button" onClick={onClose}>
          {t('sale.line.close')}
        </button>
      </header>
      <label className="field">
        {t('sale.line.quantity')}
        <input
          value={quantity}
          inputMode="decimal"
          autoFocus
          data-testid="line-quantity"
          onChange={(event) => setQuantity(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            } else if (event.key === 'Escape') onClose();
          }}
        />
      </label>
      <div className="sale-keypad">
        <Keypad
          t={keypadT}
          onDigit={(digit) => setQuantity((text) => (text === line.quantity ? digit : text + digit))}
          onBackspace={() => setQuantity((text) => text.slice(0, -1))}
          onClear={() => setQuantity('')}
          onEnter={apply}
        />
        <button type="button" className="key" onClick={() => setQuantity((text) => (text.includes('.') ? text : `${text || '0'}.`))}>
          ,
        </button>
      </div>
      {onModifiers && (
        <button type="button" onClick={onModifiers} data-testid="line-modifiers">
          {t('modifiers.change')}
        </button>
      )}
      <label className="field">
        {t('sale.line.note')}
        <input value={note} maxLength={200} onChange={(event) => setNote(event.target.value)} onBlur={apply} />
      </label>
      <DiscountPicker
        label={t('sale.line.discount')}
        base={itemBase}
        discounts={discounts}
        limit={limit}
        current={discount}
        onChoose={(chosen) => dispatch({ type: 'setItemDiscount', itemId: line.item.id, discount: chosen })}
      />
      <button
        type="button"
        className="danger"
        onClick={() => {
          dispatch({ type: 'remove', key: line.key });
          onClose();
        }}
      >
        {t('sale.line.remove')}
      </button>
    </section>
  );
}
