/**
 * Shifts count cash (issue 16, "Shifts"): a till's shift is opened with the cash counted into the drawer, cash is
 * put in and taken out during the shift with a reason, and closing (the Z report) records the cash counted out and
 * what was expected, so the difference (over or short) is kept with the shift.
 *
 * - `settlements.opening_cash`, `counted_cash`, `expected_cash`: hundredths; null when not given (shifts opened by
 *   clients that send none, and every shift before this migration).
 * - `settlement_cash_moves`: one row per cash in (`IN`) or cash out (`OUT`), positive `amount`, a required `reason`,
 *   the shift it belongs to, its till and who did it. Mirrored to terminals (business scope, as settlements).
 *
 * The capture triggers of `settlements` are re-installed (SQLite lists the columns, db/change-capture.ts) and the new
 * table gets its own. Immutable once shipped: change the schema with a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { CAPTURED_TABLES, installCapture } from '../change-capture.js';

const CAPTURED = ['settlements', 'settlement_cash_moves'] as const;

async function recapture(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    const rule = CAPTURED_TABLES[table];
    if (!rule) throw new Error(`${table} is not a captured table`);
    await installCapture(db, table, rule);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('settlements').addColumn('opening_cash', 'bigint').execute();
  await db.schema.alterTable('settlements').addColumn('counted_cash', 'bigint').execute();
  await db.schema.alterTable('settlements').addColumn('expected_cash', 'bigint').execute();
  await db.schema
    .createTable('settlement_cash_moves')
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('settlement_id', 'text', (c) => c.notNull())
    .addColumn('workplace_id', 'text')
    .addColumn('employee_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dt_created', 'text', (c) => c.notNull())
    .addColumn('dt_updated', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('settlement_cash_moves_pk', ['business_id', 'id'])
    .addCheckConstraint('settlement_cash_moves_kind', sql`kind in ('IN', 'OUT')`)
    .addCheckConstraint('settlement_cash_moves_amount', sql`amount > 0`)
    .execute();
  await db.schema
    .createIndex('settlement_cash_moves_shift_ix')
    .on('settlement_cash_moves')
    .columns(['business_id', 'settlement_id'])
    .execute();
  await recapture(db, CAPTURED);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // SQLite refuses to drop a column its triggers name: the capture triggers go first, and come back below.
  if (!postgres) {
    for (const event of ['insert', 'update']) await sql.raw(`drop trigger if exists "settlements_capture_${event}"`).execute(db);
  }
  await db.schema.dropTable('settlement_cash_moves').execute();
  for (const column of ['opening_cash', 'counted_cash', 'expected_cash']) {
    await db.schema.alterTable('settlements').dropColumn(column).execute();
  }
  await recapture(db, ['settlements']);
}
