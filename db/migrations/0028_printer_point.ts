/**
 * `printers.automated_point_id` (null: the printer serves every point of the business): the point a printer belongs
 * to, as a real column (issue 16, "Printing"). Until now a till read it from free text in the printer's `type`
 * (`point=<id>`), which nothing validated; the column is checked to be a point of the business by the printer's
 * create and update, mirrored to the tills with the printer's row, and the till matches it first, falling back to
 * the old text for printers set up before it (main/printing/printer-settings.ts). Existing rows keep null: their
 * `type` still says where they print.
 *
 * The change-capture triggers of `printers` are re-installed: on SQLite they list the table's columns, so a new
 * column would otherwise never reach the change log (db/change-capture.ts).
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { CAPTURED_TABLES, installCapture } from '../change-capture.js';

async function recapture(db: Kysely<unknown>): Promise<void> {
  const rule = CAPTURED_TABLES.printers;
  if (!rule) throw new Error('printers is not a captured table');
  await installCapture(db, 'printers', rule);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('printers').addColumn('automated_point_id', 'text').execute();
  await recapture(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // SQLite refuses to drop a column its triggers name: the capture triggers go first, and come back below.
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    for (const event of ['insert', 'update']) await sql.raw(`drop trigger if exists "printers_capture_${event}"`).execute(db);
  }
  await db.schema.alterTable('printers').dropColumn('automated_point_id').execute();
  await recapture(db);
}
