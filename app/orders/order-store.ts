/**
 * Reading and writing orders and their rows, and the one place where the rows meet the wire: the reference's
 * D_Order, T_Order_Item, T_Order_Discount, T_Order_Item_Tax, T_Order_Delivery and T_Order_Payment columns.
 */
import type { Selectable } from 'kysely';
import { formatMoney, formatPercent, formatQuantity } from '../../shared/decimal.js';
import { notFound } from '../../shared/errors.js';
import type {
  Database,
  OrderDeliveriesTable,
  OrderDiscountsTable,
  OrderLinesTable,
  OrderPaymentsTable,
  OrdersTable,
  OrderTaxesTable,
} from '../../db/schema.js';
import { flag, units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { onPostgres } from '../operation.js';
import { insertRows } from '../../db/insert-statements.js';
import { insertLater } from '../write.js';
import type { DeliveryContent } from './order-rows.js';
import { lineModifiersWire } from './line-modifiers.js';

export type OrderRow = Selectable<OrdersTable>;
export type LineRow = Selectable<OrderLinesTable>;
export type DiscountRow = Selectable<OrderDiscountsTable>;
export type TaxRow = Selectable<OrderTaxesTable>;
export type PaymentRow = Selectable<OrderPaymentsTable>;
export type DeliveryRow = Selectable<OrderDeliveriesTable>;

/** Tables of the rows an order holds in sequence (replaced as a whole, soft-deleted as history). */
export type ChildTable = 'order_lines' | 'order_discounts' | 'order_taxes' | 'order_payments';

const moneyOrNull = (value: bigint | null) => (value === null ? null : formatMoney(units(value)));
const percentOrNull = (value: bigint | null) => (value === null ? null : formatPercent(units(value)));
const common = (row: { id: string; is_deleted: unknown; dt_created: string; dt_updated: string }) => ({
  is_deleted: flag(row.is_deleted as number),
  dt_created: row.dt_created,
  dt_updated: row.dt_updated,
});

/** The order as the reference's D_Order row. */
export function orderWire(row: OrderRow) {
  return {
    id: row.id,
    guid: row.guid ?? null,
    order_id: row.order_id,
    order_name: row.order_name ?? null,
    total_discount: formatMoney(units(row.total_discount)),
    total_tax: formatMoney(units(row.total_tax)),
    total_paid: formatMoney(units(row.total_paid)),
    total_change: moneyOrNull(row.total_change),
    subtotal: formatMoney(units(row.subtotal)),
    total_sum: formatMoney(units(row.total_sum)),
    settlement_id: row.settlement_id ?? null,
    discount_percent: percentOrNull(row.discount_percent),
    discount_sum: moneyOrNull(row.discount_sum),
    employee_id: row.employee_id,
    client_id: row.client_id ?? null,
    payment_id: row.payment_id ?? null,
    automated_point_id: row.automated_point_id,
    workplace_id: row.workplace_id,
    barcode: row.barcode ?? null,
    delivery_fee: moneyOrNull(row.delivery_fee),
    dt_closed: row.dt_closed ?? null,
    is_voided: flag(row.is_voided),
    is_refunded: flag(row.is_refunded),
    is_closed: flag(row.is_closed),
    discount_approved_by: row.discount_approved_by ?? null,
    ...common(row),
  };
}

/** A line as T_Order_Item, plus our `warehouse_id` (where its stock left from; null when it moved none). */
export const lineWire = (row: LineRow) => ({
  id: row.id,
  order_id: row.order_id,
  item_id: row.item_id,
  quantity: formatQuantity(units(row.quantity)),
  price: formatMoney(units(row.price)),
  subtotal: formatMoney(units(row.subtotal)),
  note: row.note ?? null,
  employee_id: row.employee_id,
  discount_id: row.discount_id ?? null,
  warehouse_id: row.warehouse_id ?? null,
  modifiers: lineModifiersWire(row.modifiers),
  is_voided: flag(row.is_voided),
  is_refunded: flag(row.is_refunded),
  ...common(row),
});

export const discountWire = (row: DiscountRow) => ({
  id: row.id,
  order_id: row.order_id,
  item_id: row.item_id ?? null,
  discount_value: moneyOrNull(row.discount_value),
  discount_percent: percentOrNull(row.discount_percent),
  discount_id: row.discount_id ?? null,
  ...common(row),
});

export const taxWire = (row: TaxRow) => ({
  id: row.id,
  order_id: row.order_id,
  item_id: row.item_id ?? null,
  tax_id: row.tax_id,
  tax_percent: percentOrNull(row.tax_percent),
  tax_value: moneyOrNull(row.tax_value),
  fee_percent: percentOrNull(row.fee_percent),
  fee_value: moneyOrNull(row.fee_value),
  ...common(row),
});

export const deliveryWire = (row: DeliveryRow) => ({
  id: row.id,
  order_id: row.order_id,
  customer_name: row.customer_name,
  contact_phone: row.contact_phone,
  shipping_address: row.shipping_address,
  city: row.city,
  postal_code: row.postal_code,
  country: row.country,
  courier_name: row.courier_name ?? null,
  tracking_number: row.tracking_number ?? null,
  delivery_status: row.delivery_status,
  delivery_type: row.delivery_type,
  estimated_arrival: row.estimated_arrival ?? null,
  actual_delivery: row.actual_delivery ?? null,
  ...common(row),
});

/** A payment as T_Order_Payment (the card number masked as stored). */
export const paymentWire = (row: PaymentRow) => ({
  id: row.id,
  employee_id: row.employee_id,
  order_id: row.order_id,
  workplace_id: row.workplace_id,
  payment_type_id: row.payment_type_id,
  paid_sum: formatMoney(units(row.paid_sum)),
  settlement_id: row.settlement_id ?? null,
  tip_amount: moneyOrNull(row.tip_amount),
  discount_id: row.discount_id ?? null,
  payment_data: row.payment_data ?? null,
  payment_device_id: row.payment_device_id ?? null,
  payment_batch_id: row.payment_batch_id ?? null,
  card_number: row.card_number ?? null,
  card_expire_date: row.card_expire_date ?? null,
  card_type: row.card_type ?? null,
  note: row.note ?? null,
  label: row.label ?? null,
  is_refunded: flag(row.is_refunded),
  ...common(row),
});

/** An order's live rows. */
export interface OrderChildren {
  readonly lines: readonly LineRow[];
  readonly discounts: readonly DiscountRow[];
  readonly taxes: readonly TaxRow[];
  readonly payments: readonly PaymentRow[];
  readonly delivery: DeliveryRow | null;
}

/** The whole order as the operations answer it: the D_Order row and its live rows. */
export function fullOrderWire(row: OrderRow, children: OrderChildren) {
  return {
    ...orderWire(row),
    items: children.lines.map(lineWire),
    discounts: children.discounts.map(discountWire),
    taxes: children.taxes.map(taxWire),
    delivery: children.delivery ? deliveryWire(children.delivery) : null,
    payments: children.payments.map(paymentWire),
  };
}

export const orderNotFound = () => notFound('Order not found');

/** A live order of the caller's business, or 404. */
export async function loadOrder(db: Db, ctx: OperationContext, id: string): Promise<OrderRow> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw orderNotFound();
  return row;
}

/**
 * Loads a live order for a change, locking its row first (`for update` on PostgreSQL; SQLite has one writer):
 * concurrent changes of one order run one after the other, and each reads the ledger as the previous one left it
 * — otherwise two voids would both reverse the same sale. A read lock rather than a no-op UPDATE, so that a change
 * that turns out to change nothing (a repeated void) writes nothing at all.
 */
export async function lockOrder(db: Db, ctx: OperationContext, id: string): Promise<OrderRow> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0);
  if (onPostgres(db)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw orderNotFound();
  return row;
}

export async function loadOrderByGuid(db: Db, ctx: OperationContext, guid: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('guid', '=', guid)
    .executeTakeFirst();
}

async function liveChildren<T extends ChildTable>(db: Db, ctx: OperationContext, table: T, orderId: string) {
  return db
    .selectFrom(table as ChildTable)
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('order_id', '=', orderId)
    .where('is_deleted', '=', 0)
    .orderBy('line_no')
    .execute();
}

/** An order's live rows (five indexed reads). */
export async function loadChildren(db: Db, ctx: OperationContext, orderId: string): Promise<OrderChildren> {
  const [lines, discounts, taxes, payments, delivery] = await Promise.all([
    liveChildren(db, ctx, 'order_lines', orderId) as Promise<LineRow[]>,
    liveChildren(db, ctx, 'order_discounts', orderId) as Promise<DiscountRow[]>,
    liveChildren(db, ctx, 'order_taxes', orderId) as Promise<TaxRow[]>,
    liveChildren(db, ctx, 'order_payments', orderId) as Promise<PaymentRow[]>,
    db
      .selectFrom('order_deliveries')
      .selectAll()
      .where('business_id', '=', ctx.businessId)
      .where('order_id', '=', orderId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst(),
  ]);
  return { lines, discounts, taxes, payments, delivery: delivery ?? null };
}

/**
 * Inserts the header; with a guid, a header that already has it is left alone and `false` comes back (the partial
 * unique index decides, so two concurrent retries cannot both insert).
 */
export async function insertOrder(db: Db, row: OrderRow): Promise<boolean> {
  if (row.guid === null) {
    await insertRows(db, 'orders', [row]);
    return true;
  }
  const inserted = await insertRows(db, 'orders', [row], GUID_RETRY);
  return inserted.length > 0;
}

const GUID_RETRY = 'on conflict ("business_id", "guid") where "guid" is not null do nothing returning "id"';

/** The columns every row of an order starts with. */
export function childBase(ctx: OperationContext, orderId: string, lineNo: number) {
  return {
    business_id: ctx.businessId,
    id: ctx.newId(),
    order_id: orderId,
    line_no: lineNo,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
}

/** Writes rows of an order; never read back within the operation, so on PostgreSQL they travel with a later statement. */
export async function insertChildren<T extends ChildTable>(
  db: Db,
  ctx: OperationContext,
  table: T,
  rows: readonly Selectable<Database[T]>[],
): Promise<void> {
  await insertLater(db, ctx, table, rows as never);
}

/** Writes the order's delivery, reviving the soft-deleted one an order may have (one per order). */
export async function upsertDelivery(
  db: Db,
  ctx: OperationContext,
  orderId: string,
  content: DeliveryContent,
): Promise<DeliveryRow> {
  return db
    .insertInto('order_deliveries')
    .values(newDeliveryRow(ctx, orderId, content))
    .onConflict((conflict) =>
      conflict.columns(['business_id', 'order_id']).doUpdateSet((eb) => ({
        customer_name: eb.ref('excluded.customer_name'),
        contact_phone: eb.ref('excluded.contact_phone'),
        shipping_address: eb.ref('excluded.shipping_address'),
        city: eb.ref('excluded.city'),
        postal_code: eb.ref('excluded.postal_code'),
        country: eb.ref('excluded.country'),
        estimated_arrival: eb.ref('excluded.estimated_arrival'),
        is_deleted: 0,
        dt_updated: eb.ref('excluded.dt_updated'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A new delivery row: what the client sent, with the reference's defaults for what it cannot send. */
export function newDeliveryRow(ctx: OperationContext, orderId: string, content: DeliveryContent): DeliveryRow {
  return {
    business_id: ctx.businessId,
    id: ctx.newId(),
    order_id: orderId,
    ...content,
    courier_name: null,
    tracking_number: null,
    delivery_status: 'PENDING',
    delivery_type: 'DELIVERY',
    actual_delivery: null,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
}

/** Soft-deletes an order's live rows of `table`: replaced rows stay readable as history. */
export async function retireChildren(
  db: Db,
  ctx: OperationContext,
  table: ChildTable | 'order_deliveries',
  orderId: string,
): Promise<void> {
  await db
    .updateTable(table as ChildTable)
    .set({ is_deleted: 1, dt_updated: ctx.now })
    .where('business_id', '=', ctx.businessId)
    .where('order_id', '=', orderId)
    .where('is_deleted', '=', 0)
    .execute();
}
