/**
 * The cart of the sales screen as a small pure reducer, so every rule a cashier meets is unit-tested without a
 * screen (cart.test.ts): adding (a scan of the same piece item again adds to its last line; weight labels always
 * make their own line, and so do lines with modifiers), quantity (exact decimal text, > 0, never a float), a note per line, removing, discounts per
 * item or per order, the client, the held order's name. A refusal never changes the lines: it sets `notice`, which
 * the screen shows, so a cashier's input is never dropped silently. Money arithmetic is in cart-order.ts.
 */
import { formatQuantity, parseDecimal, QUANTITY } from '../../../shared/decimal.js';
import type { MessageKey } from '../../i18n/index.js';
import type { SaleItem } from './catalogue.js';
import type { SaleClient } from './sale-draft.js';
import type { CartModifier } from './modifiers.js';

/** A discount: one of the business's Finance discounts, or one the cashier typed (percent or amount). */
export type CartDiscount =
  | { readonly kind: 'finance'; readonly id: string; readonly name: string; readonly percent: string | null; readonly value: string | null }
  | { readonly kind: 'manual'; readonly percent: string | null; readonly value: string | null; readonly approvedBy: string | null };

export interface CartLine {
  /** Stable within the cart (React key, selection). */
  readonly key: string;
  readonly item: SaleItem;
  /** Canonical quantity text (thousandths at most). */
  readonly quantity: string;
  readonly note: string;
  /** True for a line from a weight or price label: never merged with another scan. */
  readonly fromLabel: boolean;
  /**
   * The modifiers chosen in the picker (modifiers.ts), per unit of the line; present (maybe empty) exactly when the
   * item has modifier groups. Such a line is never merged with another.
   */
  readonly modifiers?: readonly CartModifier[];
}

export interface Notice {
  readonly tone: 'error' | 'info';
  readonly message: MessageKey;
  readonly values?: Readonly<Record<string, string>>;
}

export interface CartState {
  readonly lines: readonly CartLine[];
  readonly selectedKey: string | null;
  /** Discounts per item (the service counts an item's discount on all of that item's lines). */
  readonly itemDiscounts: Readonly<Record<string, CartDiscount>>;
  readonly orderDiscount: CartDiscount | null;
  readonly client: SaleClient | null;
  /** A held order's name (a café's table); '' for none. */
  readonly orderName: string;
  readonly notice: Notice | null;
  readonly nextKey: number;
}

export type CartAction =
  | { readonly type: 'add'; readonly item: SaleItem; readonly quantity: string; readonly fromLabel?: boolean; readonly modifiers?: readonly CartModifier[] }
  | { readonly type: 'setQuantity'; readonly key: string; readonly quantity: string }
  | { readonly type: 'setNote'; readonly key: string; readonly note: string }
  | { readonly type: 'setModifiers'; readonly key: string; readonly modifiers: readonly CartModifier[] }
  | { readonly type: 'remove'; readonly key: string }
  | { readonly type: 'select'; readonly key: string | null }
  | { readonly type: 'setItemDiscount'; readonly itemId: string; readonly discount: CartDiscount | null }
  | { readonly type: 'setOrderDiscount'; readonly discount: CartDiscount | null }
  | { readonly type: 'setClient'; readonly client: SaleClient | null }
  | { readonly type: 'setOrderName'; readonly name: string }
  | { readonly type: 'notice'; readonly notice: Notice | null }
  | { readonly type: 'load'; readonly state: Omit<CartState, 'nextKey' | 'notice' | 'selectedKey'> }
  | { readonly type: 'clear' };

export const EMPTY_CART: CartState = {
  lines: [],
  selectedKey: null,
  itemDiscounts: {},
  orderDiscount: null,
  client: null,
  orderName: '',
  notice: null,
  nextKey: 1,
};

/** Longest note on a line (the service keeps free text; a receipt prints it under the line). */
export const MAX_NOTE = 200;

export type QuantityRead = { ok: true; units: bigint; text: string } | { ok: false; problem: MessageKey };

/** A quantity the cashier typed: decimal text (comma or point), greater than zero, at most 3 decimals. */
export function readQuantity(typed: string): QuantityRead {
  const text = typed.trim().replace(',', '.');
  const parsed = parseDecimal(text, QUANTITY);
  if (!parsed.ok) return { ok: false, problem: text.startsWith('-') && /^-\d/.test(text) ? 'sale.quantityPositive' : 'sale.quantityInvalid' };
  if (parsed.units <= 0n) return { ok: false, problem: 'sale.quantityPositive' };
  return { ok: true, units: parsed.units, text: formatQuantity(parsed.units) };
}

const refuse = (state: CartState, message: MessageKey, values?: Record<string, string>): CartState => ({
  ...state,
  notice: { tone: 'error', message, values },
});

function withLine(state: CartState, key: string, change: (line: CartLine) => CartLine): CartState {
  return { ...state, notice: null, lines: state.lines.map((line) => (line.key === key ? change(line) : line)) };
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add': {
      const quantity = readQuantity(action.quantity);
      if (!quantity.ok) return refuse(state, quantity.problem);
      const last = state.lines.at(-1);
      const plain = !action.fromLabel && action.modifiers === undefined;
      if (plain && last && last.item.id === action.item.id && !last.fromLabel && last.note === '' && last.modifiers === undefined) {
        const sum = formatQuantity(parseQuantityUnits(last.quantity) + quantity.units);
        return { ...withLine(state, last.key, (line) => ({ ...line, quantity: sum })), selectedKey: last.key };
      }
      const key = `l${state.nextKey}`;
      const line: CartLine = {
        key,
        item: action.item,
        quantity: quantity.text,
        note: '',
        fromLabel: action.fromLabel ?? false,
        ...(action.modifiers === undefined ? {} : { modifiers: action.modifiers }),
      };
      return { ...state, lines: [...state.lines, line], selectedKey: key, nextKey: state.nextKey + 1, notice: null };
    }
    case 'setQuantity': {
      if (!state.lines.some((line) => line.key === action.key)) return state;
      const quantity = readQuantity(action.quantity);
      if (!quantity.ok) return refuse(state, quantity.problem);
      return withLine(state, action.key, (line) => ({ ...line, quantity: quantity.text }));
    }
    case 'setNote':
      if (action.note.length > MAX_NOTE) return refuse(state, 'sale.noteTooLong', { max: String(MAX_NOTE) });
      return withLine(state, action.key, (line) => ({ ...line, note: action.note.trim() }));
    case 'setModifiers':
      return withLine(state, action.key, (line) => (line.modifiers === undefined ? line : { ...line, modifiers: action.modifiers }));
    case 'remove': {
      const index = state.lines.findIndex((line) => line.key === action.key);
      if (index < 0) return state;
      const lines = state.lines.filter((line) => line.key !== action.key);
      const removed = state.lines[index]!;
      const itemDiscounts = lines.some((line) => line.item.id === removed.item.id) ? state.itemDiscounts : omit(state.itemDiscounts, removed.item.id);
      const neighbour = lines[Math.min(index, lines.length - 1)];
      return { ...state, lines, itemDiscounts, selectedKey: neighbour?.key ?? null, notice: null };
    }
    case 'select':
      return { ...state, selectedKey: action.key };
    case 'setItemDiscount':
      if (!state.lines.some((line) => line.item.id === action.itemId)) return state;
      return {
        ...state,
        notice: null,
        itemDiscounts: action.discount ? { ...state.itemDiscounts, [action.itemId]: action.discount } : omit(state.itemDiscounts, action.itemId),
      };
    case 'setOrderDiscount':
      return { ...state, orderDiscount: action.discount, notice: null };
    case 'setClient':
      return { ...state, client: action.client };
    case 'setOrderName':
      return { ...state, orderName: action.name.trim() };
    case 'notice':
      return { ...state, notice: action.notice };
    case 'load': {
      const lines = action.state.lines.map((line, index) => ({ ...line, key: `l${index + 1}` }));
      return { ...action.state, lines, selectedKey: lines.at(-1)?.key ?? null, notice: null, nextKey: lines.length + 1 };
    }
    case 'clear':
      return { ...EMPTY_CART, nextKey: state.nextKey };
  }
}

function parseQuantityUnits(text: string): bigint {
  const parsed = parseDecimal(text, QUANTITY);
  return parsed.ok ? parsed.units : 0n;
}

function omit<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}
