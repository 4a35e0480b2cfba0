/**
 * Two additive columns, both synced to terminals like the rest of their rows:
 *
 * - `receipt_lines.previous_price` and `previous_stock_price`: the item's selling price, and the price of its stock
 *   row in the line's warehouse, just before a conducted line's `newPrice` replaced them (null: the line set no
 *   price, was never conducted, or the stock row did not exist). Un-conducting or deleting the receipt puts them
 *   back, unless they were changed since (docs/api/receipts-and-stock.md, "New prices").
 * - `client_debt_txns.payment_type_id`: how a repayment was paid (a payment method of the business: cash, card…);
 *   null for everything else and for entries recorded before.
 *
 * The change-capture triggers of both tables are re-installed: on SQLite they list the table's columns, so a new
 * column would otherwise never reach the change log (db/change-capture.ts).
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { CAPTURED_TABLES, installCapture } from '../change-capture.js';

const CHANGED = ['receipt_lines', 'client_debt_txns'] as const;

async function recapture(db: Kysely<unknown>): Promise<void> {
  for (const table of CHANGED) {
    const rule = CAPTURED_TABLES[table];
    if (!rule) throw new Error(`${table} is not a captured table`);
    await installCapture(db, table, rule);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('receipt_lines').addColumn('previous_price', 'bigint').execute();
  await db.schema.alterTable('receipt_lines').addColumn('previous_stock_price', 'bigint').execute();
  await db.schema.alterTable('client_debt_txns').addColumn('payment_type_id', 'text').execute();
  await recapture(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // SQLite refuses to drop a column its triggers name: the capture triggers go first, and come back below.
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    for (const table of CHANGED) {
      for (const event of ['insert', 'update']) await sql.raw(`drop trigger if exists "${table}_capture_${event}"`).execute(db);
    }
  }
  await db.schema.alterTable('receipt_lines').dropColumn('previous_price').execute();
  await db.schema.alterTable('receipt_lines').dropColumn('previous_stock_price').execute();
  await db.schema.alterTable('client_debt_txns').dropColumn('payment_type_id').execute();
  await recapture(db);
}
