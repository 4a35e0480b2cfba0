import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Money, Quantity } from '../../shared/decimal.js';
import { netMoves } from '../stock/ledger.js';
import type { DocumentLine } from './lines.js';
import { inventoryCounts, movementMoves, writeOffMoves } from './moves.js';

const line = (overrides: Partial<DocumentLine> = {}): DocumentLine => ({
  itemId: 'i1',
  quantity: 2000n as Quantity,
  price: 1250n as Money,
  measureId: 'm1',
  multiple: null,
  plannedQuantity: null,
  warehouseId: null,
  ...overrides,
});
const summary = (plan: ReturnType<typeof writeOffMoves>) =>
  plan.ok ? plan.moves.map((m) => [m.itemId, m.warehouseId, m.delta]) : plan.problems;

describe('write-off moves', () => {
  it('takes each line out of its own warehouse, else the single header warehouse', () => {
    expect(summary(writeOffMoves([line(), line({ itemId: 'i2', warehouseId: 'w2' })], ['w1', 'w1'], true))).toEqual([
      ['i1', 'w1', -2000n],
      ['i2', 'w2', -2000n],
    ]);
  });
  it('posts nothing while not conducted', () => {
    expect(writeOffMoves([line()], [], false)).toEqual({ ok: true, moves: [] });
  });
  it('refuses a line with no single warehouse, naming the line (never fans out, D1)', () => {
    const plan = writeOffMoves([line({ warehouseId: 'w3' }), line()], ['w1', 'w2'], true);
    expect(plan).toEqual({ ok: false, problems: [expect.stringContaining('items.1.warehouseId is required')] });
    expect(writeOffMoves([line()], [], true)).toMatchObject({ ok: false });
  });
});

describe('movement moves', () => {
  it('takes each line out of the source and puts it into the destination', () => {
    expect(summary(movementMoves([line()], 'w1', 'w2'))).toEqual([
      ['i1', 'w1', -2000n],
      ['i1', 'w2', 2000n],
    ]);
  });
  it('refuses moving into the same warehouse', () => {
    expect(movementMoves([line()], 'w1', 'w1')).toEqual({ ok: false, problems: ['toWarehouseId must differ from warehouseId'] });
  });
  it('conserves every item’s total over warehouses (property)', () => {
    const lineArb = fc.record({ item: fc.constantFrom('a', 'b'), quantity: fc.bigInt({ min: 0n, max: 10n ** 12n }) });
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 10 }), (raw) => {
        const plan = movementMoves(
          raw.map((r) => line({ itemId: r.item, quantity: r.quantity as Quantity })),
          'w1',
          'w2',
        );
        if (!plan.ok) throw new Error('unexpected refusal');
        const perItem = new Map<string, bigint>();
        for (const m of netMoves(plan.moves)) perItem.set(m.itemId, (perItem.get(m.itemId) ?? 0n) + m.delta);
        expect([...perItem.values()].every((sum) => sum === 0n)).toBe(true);
      }),
      { seed: 20261122, numRuns: 100 },
    );
  });
});

describe('inventory counts', () => {
  it('counts each line in its one warehouse, and nothing while not conducted', () => {
    const plan = inventoryCounts([line(), line({ itemId: 'i2', warehouseId: 'w2' })], ['w1'], true);
    expect(plan.ok && plan.counts.map((c) => [c.pair.itemId, c.pair.warehouseId, c.counted])).toEqual([
      ['i1', 'w1', 2000n],
      ['i2', 'w2', 2000n],
    ]);
    expect(inventoryCounts([line()], [], false)).toEqual({ ok: true, counts: [] });
  });
  it('refuses two counts of one pair and a line with no single warehouse', () => {
    expect(inventoryCounts([line(), line({ warehouseId: 'w1' })], ['w1'], true)).toEqual({
      ok: false,
      problems: ['items.1 counts the same item in the same warehouse as items.0'],
    });
    expect(inventoryCounts([line()], ['w1', 'w2'], true)).toMatchObject({ ok: false });
  });
});
