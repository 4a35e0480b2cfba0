/**
 * `clients.credit_limit` (money units, null: no limit): how much a client may owe before a sale on account needs a
 * manager's approval at the till (issue 16, "Payment"). Synced to terminals like the rest of the client's row, so
 * the till shows and checks the limit offline; a sale queued offline over the limit is applied with a
 * CREDIT_LIMIT_EXCEEDED warning, never refused (docs/sync.md, "Facts and warnings").
 *
 * The change-capture triggers of `clients` are re-installed: on SQLite they list the table's columns, so a new
 * column would otherwise never reach the change log (db/change-capture.ts).
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { CAPTURED_TABLES, installCapture } from '../change-capture.js';

async function recapture(db: Kysely<unknown>): Promise<void> {
  const rule = CAPTURED_TABLES.clients;
  if (!rule) throw new Error('clients is not a captured table');
  await installCapture(db, 'clients', rule);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('clients').addColumn('credit_limit', 'bigint').execute();
  await recapture(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // SQLite refuses to drop a column its triggers name: the capture triggers go first, and come back below.
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    for (const event of ['insert', 'update']) await sql.raw(`drop trigger if exists "clients_capture_${event}"`).execute(db);
  }
  await db.schema.alterTable('clients').dropColumn('credit_limit').execute();
  await recapture(db);
}
