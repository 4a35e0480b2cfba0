/**
 * PostgreSQL: each entry of `sync_pending` records the transaction that wrote it, indexed, so a transaction's
 * stamp (db/change-capture.ts) finds its own entries by index instead of scanning the table.
 *
 * Why: `sync_pending` is a queue — every write transaction inserts its entries and deletes them before COMMIT —
 * so between two autovacuum runs (a minute apart by default) it fills with dead rows: at 200 pushes a second,
 * tens of thousands. The stamp's `delete from sync_pending` scanned them all, in every transaction, under the
 * business's clock lock. SQLite deletes rows in place and keeps its whole-table delete.
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { sql, PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // txid_current() assigns the writing transaction's id (it has one already: it is inserting).
  await sql`alter table sync_pending add column txid bigint not null default txid_current()`.execute(db);
  await sql`create index sync_pending_txid on sync_pending (txid)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
