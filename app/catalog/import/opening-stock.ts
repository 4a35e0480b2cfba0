/**
 * Opening stock from an import, posted through the stock ledger so levels stay the sum of their moves.
 *
 * The rule that makes a re-run safe: a file states an item's **opening** quantity per warehouse, and the ledger
 * holds what imports have posted as entries of document type `item_import` with the item as document. A run posts
 * only (the file's quantity − the net of those entries) for the pair. The same file run again posts nothing; a
 * corrected figure posts just the correction; sales, receipts and counts posted meanwhile are never overwritten
 * (they are not import entries). A warehouse the row leaves blank is not touched.
 */
import { sql } from 'kysely';
import type { Money, Quantity } from '../../../shared/decimal.js';
import { units } from '../../../db/values.js';
import type { Db, OperationContext } from '../../context.js';
import { postStockEntries, type StockBatch } from '../../stock/ledger.js';
import { anyOf } from './any-of.js';

export const IMPORT_DOC_TYPE = 'item_import';

export interface OpeningStock {
  readonly itemId: string;
  readonly price: bigint;
  readonly measurement: string;
  readonly warehouseId: string;
  readonly quantity: Quantity;
}

/** Most moves posted in one go: keeps each ledger INSERT and level upsert under the engines' bound-value limits. */
const MOVES_PER_POST = 1000;

/** What earlier imports have posted per (item, warehouse), for the items given. */
async function postedByImports(db: Db, ctx: OperationContext, itemIds: readonly string[]): Promise<Map<string, bigint>> {
  const posted = new Map<string, bigint>();
  for (let start = 0; start < itemIds.length; start += MOVES_PER_POST) {
    const chunk = itemIds.slice(start, start + MOVES_PER_POST);
    const rows = await sql<{ doc_id: string; warehouse_id: string; delta: bigint | string | number }>`
      select doc_id, warehouse_id, sum(delta) as delta from stock_moves
       where business_id = ${ctx.businessId} and doc_type = ${IMPORT_DOC_TYPE} and ${anyOf(db, sql.ref('doc_id'), chunk)}
       group by doc_id, warehouse_id`.execute(db);
    for (const row of rows.rows) posted.set(`${row.doc_id}\u0000${row.warehouse_id}`, units(row.delta));
  }
  return posted;
}

/** Posts what the openings still lack; returns how many (item, warehouse) pairs changed. */
export async function postOpeningStock(db: Db, ctx: OperationContext, openings: readonly OpeningStock[], newItems: ReadonlySet<string>): Promise<number> {
  // New items have no entries yet: only existing ones are looked up.
  const existing = [...new Set(openings.map((opening) => opening.itemId).filter((id) => !newItems.has(id)))];
  const posted = await postedByImports(db, ctx, existing);
  const batches: StockBatch[] = [];
  for (const opening of openings) {
    const delta = opening.quantity - (posted.get(`${opening.itemId}\u0000${opening.warehouseId}`) ?? 0n);
    if (delta === 0n) continue;
    const initial = { price: opening.price as Money, measureId: opening.measurement };
    batches.push({
      moves: [{ itemId: opening.itemId, warehouseId: opening.warehouseId, delta: delta as Quantity, initial }],
      source: { reason: 'adjustment', docType: IMPORT_DOC_TYPE, docId: opening.itemId },
    });
  }
  for (let start = 0; start < batches.length; start += MOVES_PER_POST) {
    await postStockEntries(db, ctx, batches.slice(start, start + MOVES_PER_POST), { applyNow: true });
  }
  return batches.length;
}
