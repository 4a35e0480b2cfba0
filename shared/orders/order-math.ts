/**
 * The arithmetic of an order, in exact integer units (shared/decimal.ts): line subtotals, discount, tax and fee
 * amounts, and the order's totals. No database here: the rules are unit-tested directly (order-math.test.ts) and
 * shared by create and update, which refuse any total the client sends that disagrees (docs/api/orders-and-settlements.md).
 *
 * - a line's subtotal is quantity × (price + what its modifiers add per unit: Σ (modifier quantity − free quantity) ×
 *   modifier price, shared/orders/modifier-rules.ts), rounded half away from zero to a hundredth;
 * - a discount is its `discount_value`, else `discount_percent` of its base: the subtotal of the order's lines of
 *   its `item_id`, or of the whole order when it names no item;
 * - a tax entry is its tax (`tax_value`, else `tax_percent` of its base) plus its fee (`fee_value`, else
 *   `fee_percent` of its base), the base being the discounted subtotal of its item's lines, or of the order;
 * - total_sum = subtotal − total_discount + total_tax + delivery_fee; total_paid = Σ payments' paid_sum.
 * Each percentage amount is rounded on its own, half away from zero.
 */
import { divRound, formatMoney, lineAmount, type Money, type Percent, type Quantity } from '../decimal.js';
import { modifiersPerUnit, type ChosenModifier } from './modifier-rules.js';

export interface MathLine {
  readonly item_id: string;
  readonly quantity: Quantity;
  readonly price: Money;
  readonly subtotal: Money;
  /** The line's modifiers (per unit of the line); absent or null: none. */
  readonly modifiers?: readonly Pick<ChosenModifier, 'quantity' | 'free_quantity' | 'price'>[] | null;
}

/** What a line comes to: quantity × (price + its modifiers per unit), rounded to a hundredth. */
export function lineSubtotal(line: Pick<MathLine, 'quantity' | 'price' | 'modifiers'>): Money {
  const extra = line.modifiers && line.modifiers.length > 0 ? modifiersPerUnit(line.modifiers) : 0n;
  return lineAmount((line.price + extra) as Money, line.quantity);
}

export interface MathDiscount {
  readonly item_id: string | null;
  readonly discount_value: Money | null;
  readonly discount_percent: Percent | null;
}

export interface MathTax {
  readonly item_id: string | null;
  readonly tax_percent: Percent | null;
  readonly tax_value: Money | null;
  readonly fee_percent: Percent | null;
  readonly fee_value: Money | null;
}

export interface MathPayment {
  readonly paid_sum: Money;
}

export interface OrderState {
  readonly lines: readonly MathLine[];
  readonly discounts: readonly MathDiscount[];
  readonly taxes: readonly MathTax[];
  readonly payments: readonly MathPayment[];
  readonly deliveryFee: Money | null;
}

export interface OrderTotals {
  readonly subtotal: Money;
  readonly total_discount: Money;
  readonly total_tax: Money;
  readonly total_sum: Money;
  readonly total_paid: Money;
}

/** `percent` (hundredths of a point) of `base` (hundredths), rounded half away from zero to a hundredth. */
export function percentOf(base: Money, percent: Percent): Money {
  return divRound(base * percent, 10_000n) as Money;
}

const money = (value: bigint) => value as Money;

/** The totals of an order in this state, and one message line per entry that cannot be computed or is wrong. */
export function orderTotals(state: OrderState): { totals: OrderTotals; problems: string[] } {
  const problems: string[] = [];
  const byItem = new Map<string, bigint>();
  let subtotal = 0n;
  state.lines.forEach((line, index) => {
    const expected = lineSubtotal(line);
    if (line.subtotal !== expected) {
      const rule = line.modifiers && line.modifiers.length > 0 ? 'quantity × (price + modifiers)' : 'quantity × price';
      problems.push(`items.${index}.subtotal must equal ${rule}: expected "${formatMoney(expected)}"`);
    }
    subtotal += expected;
    byItem.set(line.item_id, (byItem.get(line.item_id) ?? 0n) + expected);
  });
  const baseOf = (field: string, itemId: string | null, whole: bigint, of: ReadonlyMap<string, bigint>) => {
    if (itemId === null) return whole;
    const base = of.get(itemId);
    if (base === undefined) problems.push(`${field}.item_id must be the item of one of the order's lines`);
    return base ?? 0n;
  };

  let totalDiscount = 0n;
  const discountByItem = new Map<string, bigint>();
  state.discounts.forEach((discount, index) => {
    const base = baseOf(`discounts.${index}`, discount.item_id, subtotal, byItem);
    let amount = 0n;
    if (discount.discount_value !== null) amount = discount.discount_value;
    else if (discount.discount_percent !== null) amount = percentOf(money(base), discount.discount_percent);
    else problems.push(`discounts.${index} must have discount_value or discount_percent`);
    totalDiscount += amount;
    if (discount.item_id !== null) discountByItem.set(discount.item_id, (discountByItem.get(discount.item_id) ?? 0n) + amount);
  });

  const discountedByItem = new Map([...byItem].map(([item, amount]) => [item, amount - (discountByItem.get(item) ?? 0n)]));
  let totalTax = 0n;
  state.taxes.forEach((tax, index) => {
    const base = money(baseOf(`taxes.${index}`, tax.item_id, subtotal - totalDiscount, discountedByItem));
    const taxAmount = tax.tax_value ?? (tax.tax_percent === null ? 0n : percentOf(base, tax.tax_percent));
    const feeAmount = tax.fee_value ?? (tax.fee_percent === null ? 0n : percentOf(base, tax.fee_percent));
    totalTax += taxAmount + feeAmount;
  });

  const totalPaid = state.payments.reduce((sum, payment) => sum + payment.paid_sum, 0n);
  const totals: OrderTotals = {
    subtotal: money(subtotal),
    total_discount: money(totalDiscount),
    total_tax: money(totalTax),
    total_sum: money(subtotal - totalDiscount + totalTax + (state.deliveryFee ?? 0n)),
    total_paid: money(totalPaid),
  };
  return { totals, problems };
}

const TOTAL_RULES: Record<keyof OrderTotals, string> = {
  subtotal: "the sum of the lines' subtotals",
  total_discount: 'the sum of the discounts',
  total_tax: 'the sum of the taxes and fees',
  total_sum: 'subtotal - total_discount + total_tax + delivery_fee',
  total_paid: "the sum of the payments' paid_sum",
};

/** One message line per total the client sent that disagrees with the order (absent totals are not checked). */
export function totalProblems(
  given: Partial<Record<keyof OrderTotals, bigint | null | undefined>>,
  expected: OrderTotals,
): string[] {
  const problems: string[] = [];
  for (const field of Object.keys(TOTAL_RULES) as (keyof OrderTotals)[]) {
    const value = given[field];
    if (value === undefined || value === null || value === expected[field]) continue;
    problems.push(`${field} must equal ${TOTAL_RULES[field]}: expected "${formatMoney(expected[field])}"`);
  }
  return problems;
}
