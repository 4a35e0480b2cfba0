import { describe, expect, it } from 'vitest';
import type { Money, Percent, Quantity } from '../decimal.js';
import { orderTotals, percentOf, totalProblems, type MathDiscount, type MathLine, type MathTax } from './order-math.js';

const m = (value: bigint) => value as Money;
const line = (item_id: string, quantity: bigint, price: bigint, subtotal: bigint): MathLine => ({
  item_id,
  quantity: quantity as Quantity,
  price: m(price),
  subtotal: m(subtotal),
});
const discount = (item_id: string | null, value: bigint | null, percent: bigint | null): MathDiscount => ({
  item_id,
  discount_value: value === null ? null : m(value),
  discount_percent: percent === null ? null : (percent as Percent),
});
const tax = (item_id: string | null, taxPercent: bigint | null, feeValue: bigint | null = null): MathTax => ({
  item_id,
  tax_percent: taxPercent === null ? null : (taxPercent as Percent),
  tax_value: null,
  fee_percent: null,
  fee_value: feeValue === null ? null : m(feeValue),
});
const none = { discounts: [], taxes: [], payments: [], deliveryFee: null };

describe('order arithmetic', () => {
  it('rounds a percentage of an amount half away from zero to a hundredth', () => {
    expect(percentOf(m(1005n), 1000n as Percent)).toBe(101n); // 10% of 10.05 = 1.005 → 1.01
    expect(percentOf(m(1004n), 1000n as Percent)).toBe(100n); // 1.004 → 1.00
    expect(percentOf(m(-1005n), 1000n as Percent)).toBe(-101n);
    expect(percentOf(m(3333n), 1250n as Percent)).toBe(417n); // 12.5% of 33.33 = 4.16625 → 4.17
  });

  it('computes subtotal from quantity × price and names a line whose subtotal disagrees', () => {
    // 1.5 × 12.35 = 18.525 → 18.53; 0.333 × 10 = 3.33
    const { totals, problems } = orderTotals({ ...none, lines: [line('a', 1500n, 1235n, 1853n), line('b', 333n, 1000n, 334n)] });
    expect(totals.subtotal).toBe(2186n);
    expect(problems).toEqual(['items.1.subtotal must equal quantity × price: expected "3.33"']);
  });

  it('takes discounts by value or by percentage of their item’s lines or of the whole order', () => {
    const lines = [line('a', 2000n, 1000n, 2000n), line('b', 1000n, 3000n, 3000n), line('a', 1000n, 1000n, 1000n)];
    const discounts = [discount('a', null, 1000n), discount(null, 250n, null), discount(null, null, 500n)];
    // a: 30.00 → 10% = 3.00; value 2.50; 5% of the order's 60.00 = 3.00
    const { totals, problems } = orderTotals({ ...none, lines, discounts });
    expect(problems).toEqual([]);
    expect(totals).toMatchObject({ subtotal: 6000n, total_discount: 850n, total_sum: 5150n });
  });

  it('adds taxes and fees on the discounted base, and the delivery fee, to the total', () => {
    const lines = [line('a', 1000n, 10000n, 10000n), line('b', 1000n, 5000n, 5000n)];
    const discounts = [discount('a', 1000n, null)];
    // 12% of a's discounted 90.00 = 10.80; 10% of the discounted order's 140.00 = 14.00, plus a 1.50 fee.
    const taxes = [tax('a', 1200n), tax(null, 1000n, 150n)];
    const { totals } = orderTotals({
      lines,
      discounts,
      taxes,
      payments: [{ paid_sum: m(5000n) }, { paid_sum: m(11330n) }],
      deliveryFee: m(200n),
    });
    expect(totals).toEqual({ subtotal: 15000n, total_discount: 1000n, total_tax: 2630n, total_sum: 16830n, total_paid: 16330n });
  });

  it('refuses a discount with neither value nor percentage, and one for an item the order does not have', () => {
    const { problems } = orderTotals({
      ...none,
      lines: [line('a', 1000n, 100n, 100n)],
      discounts: [discount(null, null, null), discount('zz', 10n, null)],
    });
    expect(problems).toEqual([
      'discounts.0 must have discount_value or discount_percent',
      "discounts.1.item_id must be the item of one of the order's lines",
    ]);
  });

  it('names each total the client sent that disagrees, with the expected value, and ignores absent ones', () => {
    const expected = { subtotal: m(1000n), total_discount: m(0n), total_tax: m(0n), total_sum: m(1000n), total_paid: m(500n) };
    expect(totalProblems({ subtotal: 1000n, total_sum: 999n, total_paid: null }, expected)).toEqual([
      'total_sum must equal subtotal - total_discount + total_tax + delivery_fee: expected "10"',
    ]);
  });
});
