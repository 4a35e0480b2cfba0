import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Money, Quantity } from './decimal.js';
import { lineShare, refundableQuantities, refundValue, takesBackTheRest, type RefundableSale } from './refund-value.js';

const m = (value: bigint) => value as Money;
const q = (value: bigint) => value as Quantity;
/** 3 teas at 10.00 with 1.00 off the order: 30.00 subtotal, 29.00 total. */
const SALE: RefundableSale = { subtotal: m(3000n), totalSum: m(2900n), lines: [{ id: 'tea', quantity: q(3000n), subtotal: m(3000n) }] };
const NOTHING = { quantities: new Map<string, Quantity>(), money: m(0n) };

describe('what a refund is worth', () => {
  it('is each line’s share of the total, rounded half away from zero to a hundredth', () => {
    expect(lineShare(SALE, SALE.lines[0]!, q(1000n))).toBe(967n);
    expect(refundValue(SALE, NOTHING, [{ lineId: 'tea', quantity: q(1000n) }])).toBe(967n);
  });

  it('gives the refund that takes back the last of the sale exactly what is left of its total', () => {
    const sofar = { quantities: new Map([['tea', q(1000n)]]), money: m(967n) };
    expect(takesBackTheRest(SALE, sofar, [{ lineId: 'tea', quantity: q(2000n) }])).toBe(true);
    expect(refundValue(SALE, sofar, [{ lineId: 'tea', quantity: q(2000n) }])).toBe(1933n);
    expect(refundableQuantities(SALE, sofar).get('tea')).toBe(2000n);
  });

  it('is nothing for a sale of nothing, and never below zero once everything was paid back', () => {
    const free: RefundableSale = { subtotal: m(0n), totalSum: m(0n), lines: [{ id: 'gift', quantity: q(1000n), subtotal: m(0n) }] };
    expect(refundValue(free, NOTHING, [{ lineId: 'gift', quantity: q(1000n) }])).toBe(0n);
    expect(refundValue(SALE, { quantities: new Map(), money: m(5000n) }, [{ lineId: 'tea', quantity: q(3000n) }])).toBe(0n);
  });

  it('never pays back more than is left when rounded shares add up to more than the total', () => {
    // Three items at 0.01 and one at 0.01, half off: 0.04 subtotal, 0.02 total; each unit's share 0.005 rounds to 0.01.
    const tiny: RefundableSale = {
      subtotal: m(4n),
      totalSum: m(2n),
      lines: [
        { id: 'a', quantity: q(3000n), subtotal: m(3n) },
        { id: 'b', quantity: q(1000n), subtotal: m(1n) },
      ],
    };
    expect(refundValue(tiny, NOTHING, [{ lineId: 'a', quantity: q(1000n) }])).toBe(1n);
    const twoBack = { quantities: new Map([['a', q(2000n)]]), money: m(2n) };
    expect(refundValue(tiny, twoBack, [{ lineId: 'a', quantity: q(1000n) }])).toBe(0n);
  });

  it('adds up to the sale’s total over any sequence of partial refunds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 5 }), price: fc.integer({ min: 1, max: 100_000 }) }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 50 }),
        (lines, discountPercent) => {
          const sale: RefundableSale = {
            subtotal: m(lines.reduce((sum, line) => sum + BigInt(line.quantity * line.price), 0n)),
            totalSum: m(0n),
            lines: lines.map((line, index) => ({ id: `l${index}`, quantity: q(BigInt(line.quantity) * 1000n), subtotal: m(BigInt(line.quantity * line.price)) })),
          };
          const total = m(sale.subtotal - (sale.subtotal * BigInt(discountPercent)) / 100n);
          const withTotal = { ...sale, totalSum: total };
          let sofar = { quantities: new Map<string, Quantity>(), money: m(0n) };
          // One unit at a time, line by line, until everything is back.
          for (const line of withTotal.lines) {
            for (let unit = 0n; unit < line.quantity / 1000n; unit += 1n) {
              const value = refundValue(withTotal, sofar, [{ lineId: line.id, quantity: q(1000n) }]);
              const quantities = new Map(sofar.quantities);
              quantities.set(line.id, q((quantities.get(line.id) ?? 0n) + 1000n));
              sofar = { quantities, money: m(sofar.money + value) };
            }
          }
          expect(sofar.money).toBe(total);
        },
      ),
    );
  });
});
