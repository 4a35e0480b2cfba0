/**
 * Sales: orders with their lines, discounts, taxes, delivery and payments, and settlements (cash-register
 * shifts) with the totals recorded when one closes. Also the two columns sales need from existing tables:
 * a point's default warehouse (where its sales take stock from) and a payment method's kind (a DEBT method
 * puts the sale on the client's debt).
 *
 * Same conventions as 0001: tenant first in every key and unique index, BIGINT scaled integers for money
 * (hundredths), quantities (thousandths) and percentages (hundredths of a point), 0/1 flags, ISO-8601 text
 * timestamps. Child rows are never hard-deleted: a replaced line, discount, tax or payment is soft-deleted and
 * stays as history.
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { sql, type Kysely, type CreateTableBuilder } from 'kysely';

type Table = CreateTableBuilder<string, never>;

/** A copy of 0001's helper on purpose: a migration keeps building the schema it was written for. */
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

/** A row belonging to an order, in the order's sequence (`line_no`). */
const childOf = (t: Table) =>
  t.addColumn('order_id', 'text', (c) => c.notNull()).addColumn('line_no', 'integer', (c) => c.notNull());

async function byOrder(db: Kysely<unknown>, table: string) {
  await db.schema.createIndex(`${table}_order_ix`).on(table).columns(['business_id', 'order_id']).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // ---- what sales need from existing tables --------------------------------------------------------------
  await db.schema.alterTable('points').addColumn('default_warehouse_id', 'text').execute();
  await db.schema
    .alterTable('payment_methods')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('OTHER'))
    .execute();

  // ---- orders (the reference's D_Order) --------------------------------------------------------------------
  await tenantTable(db, 'orders', (t) =>
    t
      .addColumn('guid', 'text')
      // SHA-256 of the create request, so a retry with the same guid but another body is told apart (409).
      .addColumn('request_hash', 'text')
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('order_name', 'text')
      .addColumn('total_discount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('total_tax', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('total_paid', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('total_change', 'bigint')
      .addColumn('subtotal', 'bigint', (c) => c.notNull())
      .addColumn('total_sum', 'bigint', (c) => c.notNull())
      .addColumn('settlement_id', 'text')
      .addColumn('discount_percent', 'bigint')
      .addColumn('discount_sum', 'bigint')
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text')
      .addColumn('payment_id', 'text')
      .addColumn('automated_point_id', 'text', (c) => c.notNull())
      .addColumn('workplace_id', 'text', (c) => c.notNull())
      .addColumn('barcode', 'text')
      .addColumn('delivery_fee', 'bigint')
      .addColumn('dt_closed', 'text')
      .addColumn('is_voided', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_refunded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_closed', 'integer', (c) => c.notNull().defaultTo(0))
      // What the order has put on a client's debt (the sum of its DEBT payments), and whose: the next change
      // posts only the difference, and a void, refund or client change reverses exactly this.
      .addColumn('debt_client_id', 'text')
      .addColumn('debt_posted', 'bigint', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema
    .createIndex('orders_guid_uq')
    .on('orders')
    .columns(['business_id', 'guid'])
    .unique()
    .where(sql.ref('guid'), 'is not', null)
    .execute();
  await db.schema.createIndex('orders_created_ix').on('orders').columns(['business_id', 'dt_created', 'id']).execute();
  await db.schema.createIndex('orders_settlement_ix').on('orders').columns(['business_id', 'settlement_id']).execute();

  await tenantTable(db, 'order_lines', (t) =>
    childOf(t)
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('quantity', 'bigint', (c) => c.notNull())
      .addColumn('price', 'bigint', (c) => c.notNull())
      .addColumn('subtotal', 'bigint', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('discount_id', 'text')
      // The warehouse the line's stock left from; null for a line that moves no stock (a service).
      .addColumn('warehouse_id', 'text')
      .addColumn('is_voided', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_refunded', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await byOrder(db, 'order_lines');

  await tenantTable(db, 'order_discounts', (t) =>
    childOf(t)
      .addColumn('item_id', 'text')
      .addColumn('discount_value', 'bigint')
      .addColumn('discount_percent', 'bigint')
      .addColumn('discount_id', 'text'),
  ).execute();
  await byOrder(db, 'order_discounts');

  await tenantTable(db, 'order_taxes', (t) =>
    childOf(t)
      .addColumn('item_id', 'text')
      .addColumn('tax_id', 'text', (c) => c.notNull())
      .addColumn('tax_percent', 'bigint')
      .addColumn('tax_value', 'bigint')
      .addColumn('fee_percent', 'bigint')
      .addColumn('fee_value', 'bigint'),
  ).execute();
  await byOrder(db, 'order_taxes');

  // One delivery per order, whatever its deleted flag: removing it soft-deletes the row, sending one again revives it.
  await tenantTable(db, 'order_deliveries', (t) =>
    t
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('contact_phone', 'text', (c) => c.notNull())
      .addColumn('shipping_address', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('postal_code', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull().defaultTo('USA'))
      .addColumn('courier_name', 'text')
      .addColumn('tracking_number', 'text')
      .addColumn('delivery_status', 'text', (c) => c.notNull().defaultTo('PENDING'))
      .addColumn('delivery_type', 'text', (c) => c.notNull().defaultTo('DELIVERY'))
      .addColumn('estimated_arrival', 'text')
      .addColumn('actual_delivery', 'text'),
  ).execute();
  await db.schema
    .createIndex('order_deliveries_order_uq')
    .on('order_deliveries')
    .columns(['business_id', 'order_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('order_deliveries_tracking_uq')
    .on('order_deliveries')
    .columns(['business_id', 'tracking_number'])
    .unique()
    .where(sql.ref('tracking_number'), 'is not', null)
    .execute();

  await tenantTable(db, 'order_payments', (t) =>
    childOf(t)
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('workplace_id', 'text', (c) => c.notNull())
      .addColumn('payment_type_id', 'text', (c) => c.notNull())
      .addColumn('paid_sum', 'bigint', (c) => c.notNull())
      .addColumn('settlement_id', 'text')
      .addColumn('tip_amount', 'bigint')
      .addColumn('discount_id', 'text')
      .addColumn('payment_data', 'text')
      .addColumn('payment_device_id', 'text')
      .addColumn('payment_batch_id', 'text')
      .addColumn('card_number', 'text')
      .addColumn('card_expire_date', 'text')
      .addColumn('card_type', 'text')
      .addColumn('note', 'text')
      .addColumn('label', 'text')
      .addColumn('is_refunded', 'integer', (c) => c.notNull().defaultTo(0))
      // Whether the method was the DEBT kind when the payment was written (a later change of the method's kind
      // does not rewrite what this payment put on the client's debt).
      .addColumn('is_debt', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await byOrder(db, 'order_payments');
  await db.schema
    .createIndex('order_payments_settlement_ix')
    .on('order_payments')
    .columns(['business_id', 'settlement_id'])
    .execute();

  // ---- settlements (shifts; the reference's S_Settlments) --------------------------------------------------
  await tenantTable(db, 'settlements', (t) =>
    t
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('dt_closed', 'text')
      .addColumn('is_closed', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  // At most one open shift per business: the database decides between two concurrent openings.
  await db.schema
    .createIndex('settlements_open_uq')
    .on('settlements')
    .column('business_id')
    .unique()
    .where(sql<boolean>`is_closed = 0 and is_deleted = 0`)
    .execute();
  await db.schema.createIndex('settlements_created_ix').on('settlements').columns(['business_id', 'dt_created', 'id']).execute();

  // What a shift took per payment method, recorded when it closed.
  await tenantTable(db, 'settlement_totals', (t) =>
    t
      .addColumn('settlement_id', 'text', (c) => c.notNull())
      .addColumn('payment_method_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('paid_sum', 'bigint', (c) => c.notNull())
      .addColumn('tip_amount', 'bigint', (c) => c.notNull())
      .addColumn('refunded_sum', 'bigint', (c) => c.notNull())
      .addColumn('payment_count', 'integer', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('settlement_totals_settlement_ix')
    .on('settlement_totals')
    .columns(['business_id', 'settlement_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
