/**
 * The cart as an order: its lines, discounts and taxes in the wire form of `OrderController_create`, and its
 * totals computed by the very function the service checks them with (shared/orders/order-math.ts), so the total a
 * cashier sees is the total the service accepts. Taxes come from the items' `tax_id` (the business's Finance taxes)
 * and are ADDED on top of the discounted price, exactly as the service counts them (docs/api/orders-and-settlements.md:
 * a price that already includes a tax is sold without a tax entry). Discounts: the Finance discount an item names
 * (`discount_id`) applies to its lines unless the cashier chose another; a discount per item or per order is a
 * percentage or an amount. A manual discount above the limit needs a manager (`needsApproval`).
 */
import { formatMoney, formatPercent, MONEY, parseDecimal, PERCENT, QUANTITY, type Money, type Percent, type Quantity } from '../../../shared/decimal.js';
import { lineSubtotal, orderTotals, percentOf, type MathDiscount, type MathTax, type OrderTotals } from '../../../shared/orders/order-math.js';
import type { CartDiscount, CartState } from './cart.js';
import type { SaleDraft } from './sale-draft.js';
import { modifiersMath, modifiersWire } from './modifiers.js';

export interface TaxRecord {
  readonly id: string;
  readonly name: string;
  readonly tax_percent: string | null;
  readonly tax_value: string | null;
  readonly fee_percent: string | null;
  readonly fee_value: string | null;
}

export interface DiscountRecord {
  readonly id: string;
  readonly name: string;
  readonly discount_percent: string | null;
  readonly discount_value: string | null;
}

export interface OrderItemWire {
  readonly item_id: string;
  readonly quantity: string;
  readonly price: string;
  readonly subtotal: string;
  readonly note: string | null;
  readonly discount_id: string | null;
  /** The line's modifiers, sent exactly when the item has modifier groups (modifiers.ts). */
  readonly modifiers?: readonly { modifier_id: string; quantity: number; price: string; free_quantity: number }[];
}

export interface OrderDiscountWire {
  readonly item_id: string | null;
  readonly discount_value: string | null;
  readonly discount_percent: string | null;
  readonly discount_id: string | null;
}

export interface OrderTaxWire {
  readonly item_id: string | null;
  readonly tax_id: string;
  readonly tax_percent: string | null;
  readonly tax_value: string | null;
  readonly fee_percent: string | null;
  readonly fee_value: string | null;
}

export interface CartMoney {
  readonly items: readonly OrderItemWire[];
  readonly discounts: readonly OrderDiscountWire[];
  readonly taxes: readonly OrderTaxWire[];
  /** Canonical money text of each total. */
  readonly totals: Readonly<Record<keyof Omit<OrderTotals, 'total_paid'>, string>>;
  /** The subtotal of each line, by line key (money text). */
  readonly lineSubtotals: ReadonlyMap<string, string>;
}

const units = (text: string | null, kind: typeof MONEY): bigint | null => {
  if (text === null || text === '') return null;
  const parsed = parseDecimal(text, kind);
  return parsed.ok ? parsed.units : null;
};
const money = (text: string | null) => units(text, MONEY) as Money | null;
const percent = (text: string | null) => units(text, PERCENT) as Percent | null;

/** The discount an item's lines get: the cashier's choice, else the Finance discount the item names. */
function itemDiscount(state: CartState, itemId: string, discountId: string | null, discounts: ReadonlyMap<string, DiscountRecord>): CartDiscount | null {
  const chosen = state.itemDiscounts[itemId];
  if (chosen) return chosen;
  const named = discountId ? discounts.get(discountId) : undefined;
  return named ? { kind: 'finance', id: named.id, name: named.name, percent: named.discount_percent, value: named.discount_value } : null;
}

function discountWire(itemId: string | null, discount: CartDiscount): OrderDiscountWire {
  return {
    item_id: itemId,
    discount_value: discount.value,
    discount_percent: discount.value === null ? discount.percent : null,
    discount_id: discount.kind === 'finance' ? discount.id : null,
  };
}

/** The cart's order lists and totals. */
export function cartMoney(
  state: CartState,
  taxes: ReadonlyMap<string, TaxRecord>,
  discounts: ReadonlyMap<string, DiscountRecord>,
): CartMoney {
  const lineSubtotals = new Map<string, string>();
  const items: OrderItemWire[] = [];
  const discountEntries: OrderDiscountWire[] = [];
  const taxEntries: OrderTaxWire[] = [];
  const seen = new Set<string>();
  for (const line of state.lines) {
    const price = money(line.item.price) ?? (0n as Money);
    const quantity = (units(line.quantity, QUANTITY) ?? 0n) as Quantity;
    const subtotal = formatMoney(lineSubtotal({ price, quantity, modifiers: line.modifiers ? modifiersMath(line.modifiers) : null }));
    lineSubtotals.set(line.key, subtotal);
    const discount = itemDiscount(state, line.item.id, line.item.discountId, discounts);
    items.push({
      item_id: line.item.id,
      quantity: line.quantity,
      price: formatMoney(price),
      subtotal,
      note: line.note === '' ? null : line.note,
      discount_id: discount?.kind === 'finance' ? discount.id : null,
      ...(line.modifiers === undefined ? {} : { modifiers: modifiersWire(line.modifiers) }),
    });
    if (seen.has(line.item.id)) continue;
    seen.add(line.item.id);
    if (discount) discountEntries.push(discountWire(line.item.id, discount));
    const tax = line.item.taxId ? taxes.get(line.item.taxId) : undefined;
    if (tax) {
      taxEntries.push({
        item_id: line.item.id,
        tax_id: tax.id,
        tax_percent: tax.tax_value === null ? tax.tax_percent : null,
        tax_value: tax.tax_value,
        fee_percent: tax.fee_value === null ? tax.fee_percent : null,
        fee_value: tax.fee_value,
      });
    }
  }
  if (state.orderDiscount) discountEntries.push(discountWire(null, state.orderDiscount));

  const { totals } = orderTotals({
    lines: items.map((item) => ({
      item_id: item.item_id,
      quantity: (units(item.quantity, QUANTITY) ?? 0n) as Quantity,
      price: money(item.price)!,
      subtotal: money(item.subtotal)!,
      modifiers: item.modifiers?.map((entry) => ({ quantity: entry.quantity, free_quantity: entry.free_quantity, price: money(entry.price)! })) ?? null,
    })),
    discounts: discountEntries.map(
      (entry): MathDiscount => ({ item_id: entry.item_id, discount_value: money(entry.discount_value), discount_percent: percent(entry.discount_percent) }),
    ),
    taxes: taxEntries.map(
      (entry): MathTax => ({
        item_id: entry.item_id,
        tax_percent: percent(entry.tax_percent),
        tax_value: money(entry.tax_value),
        fee_percent: percent(entry.fee_percent),
        fee_value: money(entry.fee_value),
      }),
    ),
    payments: [],
    deliveryFee: null,
  });
  return {
    items,
    discounts: discountEntries,
    taxes: taxEntries,
    lineSubtotals,
    totals: {
      subtotal: formatMoney(totals.subtotal),
      total_discount: formatMoney(totals.total_discount),
      total_tax: formatMoney(totals.total_tax),
      total_sum: formatMoney(totals.total_sum),
    },
  };
}

export type DiscountRead = { ok: true; percent: string | null; value: string | null } | { ok: false; problem: 'sale.discountInvalid' | 'sale.discountTooLarge' };

/**
 * A discount the cashier typed: "10%" (a percentage, 0 < p ≤ 100) or "5000" (an amount, 0 < a ≤ base). Exact text
 * in, exact text out; a comma is a decimal point.
 */
export function readDiscount(typed: string, base: string): DiscountRead {
  const text = typed.trim().replace(',', '.');
  const isPercent = text.endsWith('%');
  const body = isPercent ? text.slice(0, -1).trim() : text;
  const parsed = parseDecimal(body, isPercent ? PERCENT : MONEY);
  if (!parsed.ok || parsed.units <= 0n) return { ok: false, problem: 'sale.discountInvalid' };
  if (isPercent) {
    if (parsed.units > 10_000n) return { ok: false, problem: 'sale.discountTooLarge' };
    return { ok: true, percent: formatPercent(parsed.units), value: null };
  }
  if (parsed.units > (money(base) ?? 0n)) return { ok: false, problem: 'sale.discountTooLarge' };
  return { ok: true, percent: null, value: formatMoney(parsed.units) };
}

/** A manual discount is above the limit when it takes more than `limitPercent` of its base. */
export function needsApproval(discount: { percent: string | null; value: string | null }, base: string, limitPercent: string): boolean {
  const limit = percent(limitPercent) ?? (0n as Percent);
  const baseUnits = money(base) ?? (0n as Money);
  if (discount.value !== null) return (money(discount.value) ?? 0n) > percentOf(baseUnits, limit);
  return (percent(discount.percent) ?? 0n) > limit;
}

/** What the sale needs besides the cart: where and by whom it is made, and its idempotency key. */
export interface SaleContext {
  readonly guid: string;
  readonly pointId: string;
  readonly workplaceId: string;
  readonly employeeId: string | null;
}

/**
 * The manager whose PIN let a manual discount above the limit through (the order's, else the first item's), sent as
 * the order's `discount_approved_by`; null when no discount needed one.
 */
export function discountApprover(state: Pick<CartState, 'orderDiscount' | 'itemDiscounts'>): string | null {
  for (const discount of [state.orderDiscount, ...Object.values(state.itemDiscounts)]) {
    if (discount?.kind === 'manual' && discount.approvedBy) return discount.approvedBy;
  }
  return null;
}

/** The cart's hand-off to payment (sale-draft.ts): the order without its payments, and the amount due. */
export function buildSaleDraft(state: CartState, computed: CartMoney, context: SaleContext): SaleDraft {
  const approver = discountApprover(state);
  return {
    order: {
      guid: context.guid,
      // A placeholder: the terminal core gives the sale this till's short number ("A-17") in the transaction that
      // stores it (main/terminal/order-number.ts); the guid stays while the till has no number yet.
      order_id: context.guid,
      order_name: state.orderName === '' ? null : state.orderName,
      subtotal: computed.totals.subtotal,
      total_discount: computed.totals.total_discount,
      total_tax: computed.totals.total_tax,
      total_sum: computed.totals.total_sum,
      client_id: state.client?.id ?? null,
      employee_id: context.employeeId,
      automated_point_id: context.pointId,
      workplace_id: context.workplaceId,
      items: computed.items.map(({ modifiers, ...item }) => ({ ...item, ...(modifiers ? { modifiers: modifiers.map((entry) => ({ ...entry })) } : {}) })),
      discounts: computed.discounts.map((entry) => ({ ...entry })),
      taxes: computed.taxes.map((entry) => ({ ...entry })),
      ...(approver ? { discount_approved_by: approver } : {}),
    },
    due: computed.totals.total_sum,
    client: state.client,
  };
}
