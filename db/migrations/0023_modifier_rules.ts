/**
 * Modifiers at the till (issue 16, "Modifiers"): a modifier group carries the rules its picker enforces, and an
 * order line carries the modifiers chosen for it.
 *
 * - `modifier_groups.is_required` (0/1), `min_choices` (≥ 0), `max_choices` (null: no limit), `free_quantity`
 *   (how many chosen units of the group cost nothing, ≥ 0) and `default_modifier_id` (a modifier of the group
 *   preselected by the picker, or null). The reference has none of them; groups written before keep the old
 *   behaviour (nothing required, no limit, nothing free, no default).
 * - `order_lines.modifiers`: the line's modifiers as canonical JSON text (`[{"modifier_id","quantity","price",
 *   "free_quantity"}]`, decimals as strings), or null for a line without any. A column, not a table: the modifiers
 *   belong to the line, are written and compared with it (app/orders/order-rows.ts) and reach the till's mirror in
 *   the same change row, so a receipt or a refund read at the till always sees a line whole.
 *
 * Both tables are mirrored: their change-capture triggers are re-installed (SQLite's list the columns).
 * Immutable once shipped: change the schema with a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { CAPTURED_TABLES, installCapture } from '../change-capture.js';

const CAPTURED = ['modifier_groups', 'order_lines'] as const;
const GROUP_COLUMNS = ['is_required', 'min_choices', 'max_choices', 'free_quantity', 'default_modifier_id'] as const;

async function recapture(db: Kysely<unknown>): Promise<void> {
  for (const table of CAPTURED) {
    const rule = CAPTURED_TABLES[table];
    if (!rule) throw new Error(`${table} is not a captured table`);
    await installCapture(db, table, rule);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('modifier_groups').addColumn('is_required', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('modifier_groups').addColumn('min_choices', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('modifier_groups').addColumn('max_choices', 'integer').execute();
  await db.schema.alterTable('modifier_groups').addColumn('free_quantity', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('modifier_groups').addColumn('default_modifier_id', 'text').execute();
  await db.schema.alterTable('order_lines').addColumn('modifiers', 'text').execute();
  await recapture(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // SQLite refuses to drop a column its triggers name: the capture triggers go first, and come back below.
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    for (const table of CAPTURED) {
      for (const event of ['insert', 'update']) await sql.raw(`drop trigger if exists "${table}_capture_${event}"`).execute(db);
    }
  }
  await db.schema.alterTable('order_lines').dropColumn('modifiers').execute();
  for (const column of GROUP_COLUMNS) await db.schema.alterTable('modifier_groups').dropColumn(column).execute();
  await recapture(db);
}
