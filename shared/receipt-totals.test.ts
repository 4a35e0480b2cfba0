import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineAmount, MONEY, QUANTITY, unitsOf, type Money, type Quantity } from './decimal.js';
import { lineDifference, plannedAmount, receiptTotals, receivedAmount, type PricedLine } from './receipt-totals.js';

const money = (text: string) => unitsOf(text, MONEY) as Money;
const quantity = (text: string) => unitsOf(text, QUANTITY) as Quantity;
const line = (price: string, received: string, planned: string, rounding?: string): PricedLine => ({
  price: money(price),
  quantity: quantity(received),
  plannedQuantity: quantity(planned),
  rounding: rounding === undefined ? null : money(rounding),
});

describe('receipt totals (shared by the service and the terminal screen)', () => {
  it('adds three lines of 0.1 × 1 to exactly 0.30, with no float drift', () => {
    const totals = receiptTotals([line('0.1', '1', '1'), line('0.1', '1', '1'), line('0.1', '1', '1')]);
    expect(totals).toEqual({ total: 30n, totalPlanned: 30n, totalDiff: 0n });
  });

  it('rounds each line half away from zero to a hundredth before summing', () => {
    // 0.01 × 0.5 = 0.005 → 0.01 per line; two lines 0.02, where rounding the sum (0.01) would give 0.01.
    expect(receiptTotals([line('0.01', '0.5', '0'), line('0.01', '0.5', '0')]).total).toBe(2n);
    // 0.05 × 0.1 = 0.005 → 0.01; 0.05 × 0.09 = 0.0045 → 0.00.
    expect(receivedAmount(line('0.05', '0.1', '0'))).toBe(1n);
    expect(receivedAmount(line('0.05', '0.09', '0'))).toBe(0n);
  });

  it('leaves a line’s rounding out of every amount and total: total is Σ quantity × price, as clients send it', () => {
    const rounded = line('12.5', '2', '2', '-0.03');
    expect(receivedAmount(rounded)).toBe(2500n);
    expect(plannedAmount(rounded)).toBe(2500n);
    expect(lineDifference(rounded)).toBe(0n);
    expect(receiptTotals([rounded, line('1', '1', '0', '0.4')])).toEqual({ total: 2600n, totalPlanned: 2500n, totalDiff: 100n });
  });

  it('gives a negative difference when less arrived than was planned', () => {
    expect(lineDifference(line('1000', '7.5', '10'))).toBe(-250_000n);
    expect(receiptTotals([])).toEqual({ total: 0n, totalPlanned: 0n, totalDiff: 0n });
  });

  it('always has total = Σ received, totalPlanned = Σ planned and totalDiff = their difference (property)', () => {
    const arbitraryLine = fc.record({
      price: fc.bigInt({ min: 0n, max: 10n ** 12n }),
      quantity: fc.bigInt({ min: 0n, max: 10n ** 9n }),
      plannedQuantity: fc.bigInt({ min: 0n, max: 10n ** 9n }),
      rounding: fc.option(fc.bigInt({ min: -10_000n, max: 10_000n })),
    });
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 30 }), (raw) => {
        const lines = raw.map((entry) => ({
          price: entry.price as Money,
          quantity: entry.quantity as Quantity,
          plannedQuantity: entry.plannedQuantity as Quantity,
          rounding: entry.rounding as Money | null,
        }));
        const totals = receiptTotals(lines);
        const received = lines.reduce((sum, entry) => sum + lineAmount(entry.price, entry.quantity), 0n);
        const planned = lines.reduce((sum, entry) => sum + lineAmount(entry.price, entry.plannedQuantity), 0n);
        expect(totals).toEqual({ total: received, totalPlanned: planned, totalDiff: received - planned });
      }),
    );
  });
});
