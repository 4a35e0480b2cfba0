/**
 * Reading and writing refund documents (migration 0025): the header, its lines and the money paid back, and the
 * one place where their rows meet the wire (`RefundWire`, shared/catalogue/outputs/order-refund.ts).
 */
import type { Selectable } from 'kysely';
import { formatMoney, formatQuantity, type Money, type Quantity } from '../../../shared/decimal.js';
import { notFound } from '../../../shared/errors.js';
import type { OrderRefundLinesTable, OrderRefundPaymentsTable, OrderRefundsTable } from '../../../db/schema.js';
import { insertRows } from '../../../db/insert-statements.js';
import { flag, units } from '../../../db/values.js';
import type { Db, OperationContext } from '../../context.js';
import type { RefundedSoFar } from '../../../shared/refund-value.js';

export type RefundRow = Selectable<OrderRefundsTable>;
export type RefundLineRow = Selectable<OrderRefundLinesTable>;
export type RefundPaymentRow = Selectable<OrderRefundPaymentsTable>;

export interface StoredRefund {
  readonly header: RefundRow;
  readonly lines: readonly RefundLineRow[];
  readonly payments: readonly RefundPaymentRow[];
}

const common = (row: { is_deleted: unknown; dt_created: string; dt_updated: string }) => ({
  is_deleted: flag(row.is_deleted as number),
  dt_created: row.dt_created,
  dt_updated: row.dt_updated,
});

export function refundWire({ header, lines, payments }: StoredRefund) {
  return {
    id: header.id,
    guid: header.guid ?? null,
    refund_number: header.refund_number,
    order_id: header.order_id,
    order_number: header.order_number,
    automated_point_id: header.automated_point_id,
    workplace_id: header.workplace_id,
    settlement_id: header.settlement_id ?? null,
    employee_id: header.employee_id,
    manager_id: header.manager_id,
    reason: header.reason ?? null,
    total_sum: formatMoney(units(header.total_sum)),
    lines: [...lines].sort(byLineNo).map((line) => ({
      id: line.id,
      refund_id: line.refund_id,
      order_id: line.order_id,
      order_line_id: line.order_line_id,
      item_id: line.item_id,
      warehouse_id: line.warehouse_id ?? null,
      quantity: formatQuantity(units(line.quantity)),
      price: formatMoney(units(line.price)),
      amount: formatMoney(units(line.amount)),
      ...common(line),
    })),
    payments: [...payments].sort(byLineNo).map((payment) => ({
      id: payment.id,
      refund_id: payment.refund_id,
      order_id: payment.order_id,
      payment_type_id: payment.payment_type_id,
      amount: formatMoney(units(payment.amount)),
      is_debt: flag(payment.is_debt),
      client_id: payment.client_id ?? null,
      settlement_id: payment.settlement_id ?? null,
      ...common(payment),
    })),
    ...common(header),
  };
}

const byLineNo = (a: { line_no: number | bigint }, b: { line_no: number | bigint }) => Number(a.line_no) - Number(b.line_no);

/**
 * Inserts the header; with a guid, a header that already has it is left alone and `false` comes back (the partial
 * unique index decides, so two concurrent retries cannot both insert).
 */
export async function insertRefundHeader(db: Db, row: RefundRow): Promise<boolean> {
  if (row.guid === null) {
    await insertRows(db, 'order_refunds', [row]);
    return true;
  }
  const inserted = await insertRows(db, 'order_refunds', [row], GUID_RETRY);
  return inserted.length > 0;
}

const GUID_RETRY = 'on conflict ("business_id", "guid") where "guid" is not null do nothing returning "id"';

/** Live refunds of the given headers, with their lines and payments, in the headers' order. */
async function withChildren(db: Db, ctx: OperationContext, headers: readonly RefundRow[]): Promise<StoredRefund[]> {
  if (headers.length === 0) return [];
  const ids = headers.map((header) => header.id);
  const [lines, payments] = await Promise.all([
    db.selectFrom('order_refund_lines').selectAll().where('business_id', '=', ctx.businessId).where('refund_id', 'in', ids).where('is_deleted', '=', 0).execute(),
    db.selectFrom('order_refund_payments').selectAll().where('business_id', '=', ctx.businessId).where('refund_id', 'in', ids).where('is_deleted', '=', 0).execute(),
  ]);
  return headers.map((header) => ({
    header,
    lines: lines.filter((line) => line.refund_id === header.id),
    payments: payments.filter((payment) => payment.refund_id === header.id),
  }));
}

const liveRefunds = (db: Db, ctx: OperationContext) =>
  db.selectFrom('order_refunds').selectAll().where('business_id', '=', ctx.businessId).where('is_deleted', '=', 0);

export async function loadRefund(db: Db, ctx: OperationContext, id: string): Promise<StoredRefund> {
  const header = await liveRefunds(db, ctx).where('id', '=', id).executeTakeFirst();
  if (!header) throw notFound(`Refund with ID ${id} not found`);
  return (await withChildren(db, ctx, [header]))[0]!;
}

export async function loadRefundByGuid(db: Db, ctx: OperationContext, guid: string): Promise<StoredRefund | undefined> {
  const header = await db
    .selectFrom('order_refunds')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('guid', '=', guid)
    .executeTakeFirst();
  return header ? (await withChildren(db, ctx, [header]))[0] : undefined;
}

/** The refunds of one order, oldest first. */
export async function refundsOfOrder(db: Db, ctx: OperationContext, orderId: string): Promise<StoredRefund[]> {
  const headers = await liveRefunds(db, ctx).where('order_id', '=', orderId).orderBy('dt_created').orderBy('id').execute();
  return withChildren(db, ctx, headers);
}

/** Refunds newest first: of one shift, else all the business's; a caller bound to a point sees its point's only. */
export async function listRefunds(db: Db, ctx: OperationContext, settlementId: string | undefined): Promise<StoredRefund[]> {
  let query = liveRefunds(db, ctx);
  if (settlementId) query = query.where('settlement_id', '=', settlementId);
  if (ctx.actor.pointId !== undefined) query = query.where('automated_point_id', '=', ctx.actor.pointId);
  const headers = await query.orderBy('dt_created', 'desc').orderBy('id', 'desc').limit(1000).execute();
  return withChildren(db, ctx, headers);
}

/** What the order's refunds have taken back so far: quantity per sale line, money in all, money per method. */
export function refundedSoFar(refunds: readonly StoredRefund[]): RefundedSoFar & { readonly byMethod: ReadonlyMap<string, Money> } {
  const quantities = new Map<string, Quantity>();
  const byMethod = new Map<string, Money>();
  let money = 0n;
  for (const refund of refunds) {
    for (const line of refund.lines) {
      quantities.set(line.order_line_id, ((quantities.get(line.order_line_id) ?? 0n) + units(line.quantity)) as Quantity);
    }
    for (const payment of refund.payments) {
      byMethod.set(payment.payment_type_id, ((byMethod.get(payment.payment_type_id) ?? 0n) + units(payment.amount)) as Money);
    }
    money += units(refund.header.total_sum);
  }
  return { quantities, byMethod, money: money as Money };
}

/** True when the order has a live refund: its lines, payments and debt may then no longer change (refund-guard.ts). */
export async function hasRefunds(db: Db, ctx: OperationContext, orderId: string): Promise<boolean> {
  const row = await liveRefunds(db, ctx).where('order_id', '=', orderId).select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
