/**
 * What real clients of the reference interface send, made to work (issue 13 §1.1, §1.6):
 *
 * - `warehouses.is_default`: the business's default warehouse, where a sale's stocked line takes its stock when
 *   neither the line nor its point names one. At most one live default per business (a partial unique index);
 *   existing businesses get their oldest live warehouse as the default, as if it had been created first today.
 * - `order_lines.moved_no_stock`: a stocked line recorded without a stock entry because its business had no
 *   warehouse at all, so the report of such sales (`T_Order_Item.moved_no_stock`) finds it.
 * - `settlements.workplace_id`: a shift belongs to a workplace (a till). One open shift per workplace instead of
 *   per business, which broke every business with two tills; shifts that name no workplace keep the old rule, at
 *   most one open per business. Both are partial unique indexes, so concurrent openings open one.
 *
 * SQLite's capture triggers name each column, so the three tables' triggers are re-installed with the new ones.
 * Immutable once shipped: change the schema with a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { CAPTURED_TABLES, installCapture } from '../change-capture.js';

const RECAPTURED = ['warehouses', 'order_lines', 'settlements'] as const;

async function recapture(db: Kysely<unknown>): Promise<void> {
  for (const table of RECAPTURED) {
    const rule = CAPTURED_TABLES[table];
    if (rule) await installCapture(db, table, rule);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('warehouses').addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // The oldest live warehouse of each business becomes its default (the first created, as new businesses get).
  await sql`
    update warehouses set is_default = 1
     where is_deleted = 0
       and not exists (
         select 1 from warehouses older
          where older.business_id = warehouses.business_id and older.is_deleted = 0
            and (older.dt_created < warehouses.dt_created
                 or (older.dt_created = warehouses.dt_created and older.id < warehouses.id)))`.execute(db);
  await db.schema
    .createIndex('warehouses_default_uq')
    .on('warehouses')
    .column('business_id')
    .unique()
    .where(sql<boolean>`is_default = 1 and is_deleted = 0`)
    .execute();

  await db.schema.alterTable('order_lines').addColumn('moved_no_stock', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema.alterTable('settlements').addColumn('workplace_id', 'text').execute();
  await db.schema.dropIndex('settlements_open_uq').execute();
  await db.schema
    .createIndex('settlements_open_workplace_uq')
    .on('settlements')
    .columns(['business_id', 'workplace_id'])
    .unique()
    .where(sql<boolean>`is_closed = 0 and is_deleted = 0 and workplace_id is not null`)
    .execute();
  await db.schema
    .createIndex('settlements_open_unassigned_uq')
    .on('settlements')
    .column('business_id')
    .unique()
    .where(sql<boolean>`is_closed = 0 and is_deleted = 0 and workplace_id is null`)
    .execute();

  await recapture(db);
}

/** Refused (by the old index) while a business has more than one open shift: close the tills' shifts first. */
export async function down(db: Kysely<unknown>): Promise<void> {
  // First, so that a refusal changes nothing.
  await db.schema
    .createIndex('settlements_open_uq')
    .on('settlements')
    .column('business_id')
    .unique()
    .where(sql<boolean>`is_closed = 0 and is_deleted = 0`)
    .execute();
  // SQLite refuses to drop a column its triggers name: the capture triggers go first and come back after.
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    for (const table of RECAPTURED) {
      for (const event of ['insert', 'update']) await sql.raw(`drop trigger if exists "${table}_capture_${event}"`).execute(db);
    }
  }
  await db.schema.dropIndex('settlements_open_unassigned_uq').execute();
  await db.schema.dropIndex('settlements_open_workplace_uq').execute();
  await db.schema.alterTable('settlements').dropColumn('workplace_id').execute();
  await db.schema.alterTable('order_lines').dropColumn('moved_no_stock').execute();
  await db.schema.dropIndex('warehouses_default_uq').execute();
  await db.schema.alterTable('warehouses').dropColumn('is_default').execute();
  await recapture(db);
}
