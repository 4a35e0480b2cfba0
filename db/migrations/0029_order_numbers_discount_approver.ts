/**
 * A sale's short number and the manager who approved its manual discount (issue 16, sale16):
 *
 * - `workplaces.number` (1, 2, 3… per business, never reused): the till's short code, printed as letters (1 → A,
 *   27 → AA) in front of the till's own sale counter, so "B-17" is a number a cashier can say and no two tills of
 *   a business can make the same one, even offline (app/orders/order-number.ts). Existing workplaces are numbered
 *   in the order they were made; new ones take the next number when created (app/business/workplaces.ts). The
 *   number itself is the reference's `order_id` (its own free-text order number), not a new order column.
 * - `orders.discount_approved_by`: the manager (an employee whose role grants MANAGER) whose PIN let a cashier give a
 *   manual discount above the limit, like the credit approval of a sale on account; null when nobody had to.
 *
 * Both tables are mirrored: their change-capture triggers are re-installed (SQLite's list the columns).
 * Immutable once shipped: change the schema with a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { CAPTURED_TABLES, installCapture } from '../change-capture.js';

const CAPTURED = ['workplaces', 'orders'] as const;

async function recapture(db: Kysely<unknown>): Promise<void> {
  for (const table of CAPTURED) {
    const rule = CAPTURED_TABLES[table];
    if (!rule) throw new Error(`${table} is not a captured table`);
    await installCapture(db, table, rule);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('workplaces').addColumn('number', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('discount_approved_by', 'text').execute();
  // Capture first, so the numbers given below reach the tills' mirrors like any change.
  await recapture(db);
  // Numbered per business in the order they were made (ties by id), deleted ones included: a number is never reused.
  await sql`
    update workplaces set number = (
      select count(*) from workplaces earlier
      where earlier.business_id = workplaces.business_id
        and (earlier.dt_created < workplaces.dt_created or (earlier.dt_created = workplaces.dt_created and earlier.id <= workplaces.id))
    )`.execute(db);
  await db.schema.createIndex('workplaces_number_uq').on('workplaces').columns(['business_id', 'number']).unique().execute();
  // A sale's number is looked up by the service (no two sales share one) and typed into the sales list's search.
  await db.schema.createIndex('orders_number_ix').on('orders').columns(['business_id', 'order_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // SQLite refuses to drop a column its triggers name: the capture triggers go first, and come back below.
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    for (const table of CAPTURED) {
      for (const event of ['insert', 'update']) await sql.raw(`drop trigger if exists "${table}_capture_${event}"`).execute(db);
    }
  }
  await db.schema.dropIndex('orders_number_ix').execute();
  await db.schema.dropIndex('workplaces_number_uq').execute();
  await db.schema.alterTable('orders').dropColumn('discount_approved_by').execute();
  await db.schema.alterTable('workplaces').dropColumn('number').execute();
  await recapture(db);
}
