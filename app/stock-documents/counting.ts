/**
 * Posting a stock count. A conducted inventory sets each counted (item, warehouse) to its counted quantity by
 * one adjustment entry of (counted − level at that moment), read under the level row's lock at commit
 * (`setStockLevel`), so postings committed meanwhile are counted, never overwritten (the reference's D2). The
 * ledger stays the truth: un-conducting or deleting reverses exactly what the inventory posted.
 */
import type { Db, OperationContext } from '../context.js';
import { setStockLevel } from '../stock/ledger.js';
import type { StockCount } from './kind.js';
import { postDocumentEffect, type RestatingLedger } from './posting.js';

const countKey = (count: StockCount) => `${count.pair.warehouseId}\u0000${count.pair.itemId}`;

/**
 * Reverses what the inventory posted before (unless it cannot have posted: `postedBefore: false`), then sets
 * each count under the ledger's posting reason. The reversal's level changes are applied before the counts read
 * their levels (commit steps run in the order they were deferred), so a re-count measures from the stock as it
 * would be without this inventory. Counts are set in pair order: concurrent inventories lock level rows in the
 * same order on PostgreSQL.
 */
export async function postCounts(
  db: Db,
  ctx: OperationContext,
  ledger: RestatingLedger,
  docId: string,
  counts: readonly StockCount[],
  postedBefore = true,
): Promise<void> {
  if (postedBefore) await postDocumentEffect(db, ctx, ledger, docId, []);
  const ordered = [...counts].sort((a, b) => (countKey(a) < countKey(b) ? -1 : countKey(a) > countKey(b) ? 1 : 0));
  for (const count of ordered) {
    await setStockLevel(db, ctx, count.pair, count.counted, { docType: ledger.docType, docId, reason: ledger.post });
  }
}
