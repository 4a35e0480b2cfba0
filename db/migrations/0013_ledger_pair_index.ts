/**
 * Drops the stock ledger's index by (item, warehouse).
 *
 * Why: every posting appends one ledger row per line, and this index put each of them in the middle of the tree,
 * beside the older entries of the same pair — a dirty page per stock row per commit, and the largest single cost
 * of a conducted receipt on SQLite after the change log (BENCHMARKS.md). Nothing reads the ledger by pair: stock
 * levels hold the running sums, a document's reversal reads its own entries (by document, `stock_moves_doc_ix`),
 * and the conservation check aggregates a business's whole ledger at once.
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('stock_moves_pair_ix').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('stock_moves_pair_ix').on('stock_moves').columns(['business_id', 'item_id', 'warehouse_id']).execute();
}
