import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { Money, Quantity } from '../../shared/decimal.js';
import type { OperationContext } from '../context.js';
import { netMoves, postStockEntries, postStockMoves, postedByDocument, stockLedgerMismatches } from './ledger.js';

let handle: DatabaseHandle;
let counter = 0;
const ctx: OperationContext = {
  businessId: 'b1',
  actor: { kind: 'user', id: 'u1', role: 'OWNER' },
  now: '2026-01-01T00:00:00.000Z',
  side: 'server',
  newId: () => `id-${String((counter += 1)).padStart(6, '0')}`,
};
const q = (value: bigint) => value as Quantity;

beforeEach(async () => {
  handle = openDatabase(':memory:');
  await migrateToLatest(handle.db as never);
});
afterEach(() => handle.close());

async function level(itemId: string, warehouseId: string) {
  return handle.db
    .selectFrom('stock_levels')
    .select(['quantity', 'price', 'measure_id'])
    .where('item_id', '=', itemId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
}

describe('stock ledger', () => {
  it('nets moves per pair, drops the ones that cancel and sorts them by (warehouse, item)', () => {
    const net = netMoves([
      { itemId: 'b', warehouseId: 'w2', delta: q(1n) },
      { itemId: 'a', warehouseId: 'w2', delta: q(5n) },
      { itemId: 'z', warehouseId: 'w1', delta: q(2n) },
      { itemId: 'a', warehouseId: 'w2', delta: q(-5n) },
      { itemId: 'b', warehouseId: 'w2', delta: q(3n) },
    ]);
    expect(net.map((m) => [m.warehouseId, m.itemId, m.delta])).toEqual([
      ['w1', 'z', 2n],
      ['w2', 'b', 4n],
    ]);
  });

  it('a new level row takes the first move’s initial price and measure; an existing row keeps its own (D4)', async () => {
    const initial = { price: 750n as Money, measureId: 'kg' };
    await postStockMoves(handle.db, ctx, [{ itemId: 'i', warehouseId: 'w', delta: q(2000n), initial }], { reason: 'receipt' });
    await postStockMoves(
      handle.db,
      ctx,
      [{ itemId: 'i', warehouseId: 'w', delta: q(500n), initial: { price: 1n as Money, measureId: 'pcs' } }],
      {
        reason: 'receipt',
      },
    );
    expect(await level('i', 'w')).toEqual({ quantity: 2500n, price: 750n, measure_id: 'kg' });
  });

  it('writes each batch under its own reason and applies the net of all batches to the levels', async () => {
    await postStockMoves(handle.db, ctx, [{ itemId: 'i', warehouseId: 'w', delta: q(3000n) }], {
      reason: 'receipt',
      docType: 'receipt',
      docId: 'r1',
    });
    await postStockEntries(handle.db, ctx, [
      {
        moves: [{ itemId: 'i', warehouseId: 'w', delta: q(-3000n) }],
        source: { reason: 'receipt_reversal', docType: 'receipt', docId: 'r1' },
      },
      {
        moves: [{ itemId: 'i', warehouseId: 'w', delta: q(8000n) }],
        source: { reason: 'receipt', docType: 'receipt', docId: 'r1' },
      },
    ]);
    const moves = await handle.db.selectFrom('stock_moves').select(['reason', 'delta']).where('doc_id', '=', 'r1').execute();
    expect(moves.map((m) => [m.reason, m.delta]).sort()).toEqual(
      [
        ['receipt', 3000n],
        ['receipt', 8000n],
        ['receipt_reversal', -3000n],
      ].sort(),
    );
    expect((await level('i', 'w'))?.quantity).toBe(8000n);
    expect(await postedByDocument(handle.db, ctx, 'receipt', 'r1')).toEqual([{ itemId: 'i', warehouseId: 'w', delta: 8000n }]);
    expect(await postedByDocument(handle.db, ctx, 'write_off', 'r1')).toEqual([]);
    expect(await stockLedgerMismatches(handle.db, 'b1')).toEqual([]);
  });

  it('reports every level that differs from the sum of its ledger, its own business only', async () => {
    await postStockMoves(handle.db, ctx, [{ itemId: 'i', warehouseId: 'w', delta: q(3000n) }], { reason: 'receipt' });
    await postStockMoves(handle.db, ctx, [{ itemId: 'i', warehouseId: 'w', delta: q(-1000n) }], { reason: 'sale' });
    await postStockMoves(handle.db, ctx, [{ itemId: 'j', warehouseId: 'w', delta: q(500n) }], { reason: 'receipt' });
    await postStockMoves(handle.db, { ...ctx, businessId: 'b2' }, [{ itemId: 'i', warehouseId: 'w', delta: q(7n) }], { reason: 'receipt' });
    expect(await stockLedgerMismatches(handle.db, 'b1')).toEqual([]);
    // A level changed behind the ledger's back, and a level with no ledger at all.
    await handle.db.updateTable('stock_levels').set({ quantity: 2500n }).where('business_id', '=', 'b1').where('item_id', '=', 'i').execute();
    await handle.db
      .insertInto('stock_levels')
      .values({
        business_id: 'b1', id: 'lonely', item_id: 'k', warehouse_id: 'w', quantity: 40n, price: 0n, measure_id: '', date_from: ctx.now,
        mon: 0n, tue: 0n, wed: 0n, thu: 0n, fri: 0n, sat: 0n, sun: 0n, is_deleted: 0, dt_created: ctx.now, dt_updated: ctx.now,
      })
      .execute();
    const mismatches = await stockLedgerMismatches(handle.db, 'b1');
    expect(mismatches.sort((a, b) => a.itemId.localeCompare(b.itemId))).toEqual([
      { itemId: 'i', warehouseId: 'w', level: 2500n, ledger: 2000n },
      { itemId: 'k', warehouseId: 'w', level: 40n, ledger: 0n },
    ]);
    expect(await stockLedgerMismatches(handle.db, 'b2')).toEqual([]);
  });
});
