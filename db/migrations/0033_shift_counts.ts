/**
 * A shift keeps every cash count made when closing it, not only the first (docs/selling/shifts.md, "Closed twice").
 * The office may close a till's shift over REST while the till, offline, closes it too with its own Z and its own
 * count; both counts are real counts of one drawer, so both are kept, each with who counted, when and which way it
 * came (office / till).
 *
 * - `settlements.cash_counts`: a JSON list of the shift's counts in the order they reached the service (null: none
 *   recorded — every shift before this migration; their `counted_cash` stands as it was). `counted_cash` stays the
 *   shift's count: the first one.
 *
 * Why a column and not a table of counts: the list travels to the tills with the shift's own row (settlements is
 * mirrored), so a till holds its own count and the office's after a pull with nothing new to capture; a new captured
 * table would have to join the change log's PostgreSQL publication, whose migration (0032) lists the captured tables
 * as they are when it runs. The capture triggers of `settlements` are re-installed (SQLite's list the columns).
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { CAPTURED_TABLES, installCapture } from '../change-capture.js';

async function recapture(db: Kysely<unknown>): Promise<void> {
  const rule = CAPTURED_TABLES.settlements;
  if (!rule) throw new Error('settlements is not a captured table');
  await installCapture(db, 'settlements', rule);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('settlements').addColumn('cash_counts', 'text').execute();
  await recapture(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // SQLite refuses to drop a column its triggers name: the capture triggers go first, and come back below.
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    for (const event of ['insert', 'update']) await sql.raw(`drop trigger if exists "settlements_capture_${event}"`).execute(db);
  }
  await db.schema.alterTable('settlements').dropColumn('cash_counts').execute();
  await recapture(db);
}
