// The helpers that compare stored order rows with a request's (order-rows.ts); moved out of order-math.test.ts when the arithmetic moved to shared/orders.
import { describe, expect, it } from 'vitest';
import type { Money, Quantity } from '../../shared/decimal.js';
import { holdsAll, maskCardNumber, sameLines, type LineContent } from './order-rows.js';

const m = (value: bigint) => value as Money;

describe('order rows', () => {
  it('keeps only the last four characters of a card number', () => {
    expect(maskCardNumber('4111 1111 1111 1234')).toBe('************1234');
    expect(maskCardNumber('1234')).toBe('1234');
    expect(maskCardNumber(null)).toBeNull();
  });

  it('recognises a list sent again unchanged, whatever the engine returned the numbers as', () => {
    expect(
      holdsAll([{ id: 'x', paid_sum: 100n, note: null, is_refunded: 0n }], [{ paid_sum: 100n, note: null, is_refunded: 0 }]),
    ).toBe(true);
    expect(holdsAll([{ paid_sum: 100n }], [{ paid_sum: 101n }])).toBe(false);
    expect(holdsAll([{ paid_sum: 100n }], [])).toBe(false);
    const sent: LineContent = {
      item_id: 'a',
      quantity: 1000n as Quantity,
      price: m(5n),
      subtotal: m(5n),
      note: null,
      discount_id: null,
      warehouse_id: null,
      modifiers: null,
    };
    const stored = { ...sent, quantity: 1000n, warehouse_id: 'w1' };
    expect(sameLines([stored], [sent])).toBe(true);
    expect(sameLines([stored], [{ ...sent, warehouse_id: 'w1' }])).toBe(true);
    expect(sameLines([stored], [{ ...sent, warehouse_id: 'w2' }])).toBe(false);
  });
});
