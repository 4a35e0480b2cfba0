/**
 * Refunds and voids (issue 16, docs/selling/refunds.md): the reference only flags an order refunded or voided;
 * a till needs a refund to be a document of its own — some lines of a closed sale taken back, money paid back by
 * the sale's methods, made in the shift it was made in and approved by a manager — and a void to say who approved
 * it. All four tables are mirrored to the tills of the order's point (a refund works offline and prints from the
 * till's own store) and captured for the change log like the order's own rows.
 *
 * - `order_refunds`: the document. `order_id` is the refunded order; `settlement_id` the refund's own shift;
 *   `total_sum` the money paid back (hundredths). A `guid` makes a retried create answer the first one.
 * - `order_refund_lines`: a sale line (`order_line_id`) taken back, `quantity` in thousandths, the warehouse the
 *   stock went back to, and the line's worth (`amount`). `order_id` is the sale's, so the lines follow its point.
 * - `order_refund_payments`: money back per method; `is_debt` (a DEBT method) came off `client_id`'s debt.
 * - `order_voids`: who voided an open order, on whose approval, in which shift.
 *
 * Same conventions as 0005. Immutable once shipped: change the schema with a new migration.
 */
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { CAPTURED_TABLES, installCapture } from '../change-capture.js';

type Table = CreateTableBuilder<string, never>;

const TABLES = ['order_refunds', 'order_refund_lines', 'order_refund_payments', 'order_voids'] as const;

/** A copy of 0005's helper on purpose: a migration keeps building the schema it was written for. */
function tenantTable(db: Kysely<unknown>, name: string, columns: (table: Table) => Table) {
  let table = db.schema
    .createTable(name)
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull());
  table = columns(table);
  return table
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dt_created', 'text', (c) => c.notNull())
    .addColumn('dt_updated', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${name}_pk`, ['business_id', 'id']);
}

async function index(db: Kysely<unknown>, table: string, column: string) {
  await db.schema.createIndex(`${table}_${column}_ix`).on(table).columns(['business_id', column]).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await tenantTable(db, 'order_refunds', (t) =>
    t
      .addColumn('guid', 'text')
      .addColumn('request_hash', 'text')
      .addColumn('refund_number', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('order_number', 'text', (c) => c.notNull())
      .addColumn('automated_point_id', 'text', (c) => c.notNull())
      .addColumn('workplace_id', 'text', (c) => c.notNull())
      .addColumn('settlement_id', 'text')
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('manager_id', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('total_sum', 'bigint', (c) => c.notNull()),
  ).execute();
  await index(db, 'order_refunds', 'order_id');
  await index(db, 'order_refunds', 'settlement_id');
  await db.schema
    .createIndex('order_refunds_guid_uq')
    .on('order_refunds')
    .columns(['business_id', 'guid'])
    .unique()
    .where(sql.ref('guid'), 'is not', null)
    .execute();
  await db.schema.createIndex('order_refunds_created_ix').on('order_refunds').columns(['business_id', 'dt_created', 'id']).execute();

  await tenantTable(db, 'order_refund_lines', (t) =>
    t
      .addColumn('refund_id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('order_line_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('warehouse_id', 'text')
      .addColumn('quantity', 'bigint', (c) => c.notNull())
      .addColumn('price', 'bigint', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull()),
  ).execute();
  await index(db, 'order_refund_lines', 'refund_id');
  await index(db, 'order_refund_lines', 'order_id');

  await tenantTable(db, 'order_refund_payments', (t) =>
    t
      .addColumn('refund_id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('payment_type_id', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('is_debt', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('client_id', 'text')
      .addColumn('settlement_id', 'text'),
  ).execute();
  await index(db, 'order_refund_payments', 'refund_id');
  await index(db, 'order_refund_payments', 'settlement_id');

  await tenantTable(db, 'order_voids', (t) =>
    t
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('manager_id', 'text', (c) => c.notNull())
      .addColumn('workplace_id', 'text')
      .addColumn('settlement_id', 'text')
      .addColumn('reason', 'text'),
  ).execute();
  await index(db, 'order_voids', 'order_id');

  for (const table of TABLES) {
    const rule = CAPTURED_TABLES[table];
    if (!rule) throw new Error(`${table} is not a captured table`);
    await installCapture(db, table, rule);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...TABLES].reverse()) await db.schema.dropTable(table).execute();
}
