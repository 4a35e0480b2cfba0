import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Money, Quantity } from '../../shared/decimal.js';
import { conductPlan, lineWarehouses, newPrices, receiptTotals, totalProblems, type ReceiptLine } from './receipt-lines.js';

const line = (overrides: Partial<ReceiptLine> = {}): ReceiptLine => ({
  itemId: 'i1',
  quantity: 2000n as Quantity,
  price: 1250n as Money,
  plannedQuantity: 3000n as Quantity,
  measureId: 'm1',
  rounding: null,
  newPrice: null,
  warehouseId: null,
  ...overrides,
});

describe('receipt totals', () => {
  it('sums price × quantity per line and leaves each line’s rounding out of the totals', () => {
    const totals = receiptTotals([
      line(),
      line({ quantity: 333n as Quantity, price: 101n as Money, rounding: -3n as Money, plannedQuantity: 0n as Quantity }),
    ]);
    // 12.50 × 2 = 25.00; 1.01 × 0.333 = 0.33633 → 0.34 (its −0.03 rounding is in no total); planned 12.50 × 3 = 37.50.
    expect(totals).toEqual({ total: 2534n, totalPlanned: 3750n, totalDiff: -1216n });
  });

  it('rounds each line half away from zero before summing', () => {
    expect(receiptTotals([line({ price: 1n as Money, quantity: 500n as Quantity, plannedQuantity: 499n as Quantity })])).toEqual({
      total: 1n,
      totalPlanned: 0n,
      totalDiff: 1n,
    });
  });

  it('names every total that disagrees with the expected value, and ignores absent ones', () => {
    const expected = { total: 12550n as Money, totalPlanned: 100n as Money, totalDiff: 12450n as Money };
    expect(totalProblems({ total: 12550n as Money, totalPlanned: 1n as Money, totalDiff: null }, expected)).toEqual([
      'totalPlanned must equal the sum of the planned lines: expected "1"',
    ]);
    expect(totalProblems({ total: 1n as Money }, expected)).toEqual(['total must equal the sum of the lines: expected "125.5"']);
    expect(totalProblems({}, expected)).toEqual([]);
  });

  it('keeps totalDiff = total − totalPlanned for any lines (property)', () => {
    const arbitraryLine = fc.record({
      quantity: fc.bigInt({ min: 0n, max: 10n ** 9n }),
      plannedQuantity: fc.bigInt({ min: 0n, max: 10n ** 9n }),
      price: fc.bigInt({ min: 0n, max: 10n ** 9n }),
      rounding: fc.option(fc.bigInt({ min: -1000n, max: 1000n })),
    });
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 20 }), (raw) => {
        const lines = raw.map((r) =>
          line({
            quantity: r.quantity as Quantity,
            plannedQuantity: r.plannedQuantity as Quantity,
            price: r.price as Money,
            rounding: r.rounding as Money | null,
          }),
        );
        const totals = receiptTotals(lines);
        expect(totals.totalDiff).toBe(totals.total - totals.totalPlanned);
        expect(totalProblems(totals, totals)).toEqual([]);
      }),
      { seed: 20261122, numRuns: 200 },
    );
  });
});

describe('line warehouses', () => {
  it('uses the line’s own warehouse, else the receipt’s single warehouse', () => {
    expect(lineWarehouses([line(), line({ warehouseId: 'w2' })], ['w1'])).toEqual({ ok: true, warehouses: ['w1', 'w2'] });
    expect(lineWarehouses([line()], ['w1', 'w1'])).toEqual({ ok: true, warehouses: ['w1'] });
  });

  it('refuses a line with no single warehouse, naming the line (never fans out to every warehouse, D1)', () => {
    const result = lineWarehouses([line({ warehouseId: 'w3' }), line()], ['w1', 'w2']);
    expect(result).toEqual({ ok: false, problems: [expect.stringContaining('items.1.warehouseId is required')] });
    expect(lineWarehouses([line()], [])).toMatchObject({ ok: false });
  });
});

describe('conduct plan', () => {
  it('posts each line once into its warehouse and sets new prices only when conducted', () => {
    const lines = [line({ newPrice: 1500n as Money }), line({ itemId: 'i2', warehouseId: 'w2' })];
    const plan = conductPlan(lines, ['w1'], true);
    expect(plan.problems).toEqual([]);
    expect(plan.moves.map((m) => [m.itemId, m.warehouseId, m.delta])).toEqual([
      ['i1', 'w1', 2000n],
      ['i2', 'w2', 2000n],
    ]);
    expect([...plan.prices]).toEqual([['i1', 1500n]]);
    expect(conductPlan(lines, ['w1', 'w2'], false)).toEqual({ problems: [], moves: [], prices: new Map() });
  });

  it('refuses two different new prices for one item', () => {
    const result = newPrices([
      line({ newPrice: 100n as Money }),
      line({ newPrice: 100n as Money }),
      line({ newPrice: 200n as Money }),
    ]);
    expect(result).toEqual({ ok: false, problems: ['items.2.newPrice conflicts with items.0.newPrice for the same item'] });
  });
});
