/**
 * Making a refund (OrderRefundController_create): some or all of a closed sale's lines come back, each to the
 * warehouse it left, and money goes back by the methods the sale was paid with — a DEBT method's share comes off
 * the client's debt. All in one transaction, and once: the document's ids derive from the queued operation's
 * mutation id (a retried push is answered from its stored result), and a REST retry with the same `guid` answers
 * the refund already made.
 *
 * The sale's stock stays posted under the order (doc_type 'order'): the returned units are entries of reason
 * `refund` on that same document, so the order's ledger always holds what it still takes out (sold − returned),
 * and anything that later reverses the order reverses only that. Its debt likewise: `orders.debt_posted` drops by
 * what was taken off. The order's own flags are left alone — its payments stay in its shift's takings, and the
 * refund's money counts in the refund's own shift (`settlement_id`; `sumShiftRefunds`).
 *
 * Over-refunds: live (REST) and at the till that makes it, taking back more than is left of a line, or more money
 * than a method took, is a 400 naming the field. Replayed from a till's queue, the refund happened — goods and cash
 * changed hands at the counter, perhaps at two tills that each refunded the sale offline — so it is applied with an
 * OVER_REFUND warning instead (docs/sync.md, "Facts and warnings"; docs/selling/refunds.md).
 */
import type { CreateOrderRefundDto } from '../../../shared/catalogue/order-refund.js';
import { formatMoney, formatQuantity, sum, type Money, type Quantity } from '../../../shared/decimal.js';
import { changeOffCash } from '../../../shared/cash-change.js';
import { conflict } from '../../../shared/errors.js';
import { lineShare, refundValue, type RefundableLine, type RefundableSale } from '../../../shared/refund-value.js';
import { flag, units } from '../../../db/values.js';
import { writeAudit } from '../../audit.js';
import type { Db, OperationContext } from '../../context.js';
import { postDebtEntry } from '../../debts/ledger.js';
import { postStockEntries, type StockMove } from '../../stock/ledger.js';
import { warn } from '../../warnings.js';
import { insertLater } from '../../write.js';
import { requestHash } from '../order-create.js';
import { failIfAny } from '../order-checks.js';
import { findOrderReferences, settlementStates } from '../order-references.js';
import { loadChildren, lockOrder, type LineRow, type OrderRow, type PaymentRow } from '../order-store.js';
import { approvingManager } from './manager-approval.js';
import {
  insertRefundHeader,
  loadRefundByGuid,
  refundedSoFar,
  refundsOfOrder,
  refundWire,
  type RefundLineRow,
  type RefundPaymentRow,
  type RefundRow,
} from './refund-store.js';

/** Replayed from a till's queue on the service: the refund already happened, so broken limits warn. */
const happenedAtTill = (ctx: OperationContext) => ctx.queued?.offlineClass === 'fact' && ctx.side === 'server';

export async function createRefund(db: Db, orderId: string, body: CreateOrderRefundDto, ctx: OperationContext) {
  // The order's row lock puts concurrent refunds of one sale one after the other: each sees what the last took back.
  const order = await lockOrder(db, ctx, orderId);
  if (body.guid) {
    const existing = await loadRefundByGuid(db, ctx, body.guid);
    if (existing) return repeatOf(existing, body);
  }
  refuseState(order);
  const [children, previous] = await Promise.all([loadChildren(db, ctx, order.id), refundsOfOrder(db, ctx, order.id)]);
  const sofar = refundedSoFar(previous);
  const problems: string[] = [];
  const taken = takenLines(order, children.lines, body, sofar.quantities, problems, ctx);
  const sale: RefundableSale = {
    subtotal: units(order.subtotal) as Money,
    totalSum: units(order.total_sum) as Money,
    lines: children.lines.map(refundable),
  };
  const value = refundValue(sale, sofar, taken.map((entry) => ({ lineId: entry.line.id, quantity: entry.quantity })));
  const paid = await paidBack(db, ctx, order, children.payments, body, { value, byMethod: sofar.byMethod }, problems);
  const [workplaceId, settlement] = await Promise.all([
    refundWorkplace(db, ctx, order, body.workplace_id, problems),
    refundSettlement(db, ctx, body.settlement_id, problems),
  ]);
  failIfAny(problems);
  const managerId = await approvingManager(db, ctx, body.manager_id);

  const header: RefundRow = {
    business_id: ctx.businessId,
    id: ctx.newId(),
    guid: body.guid ?? null,
    request_hash: body.guid ? requestHash(body) : null,
    refund_number: body.refund_number,
    order_id: order.id,
    order_number: order.order_id,
    automated_point_id: order.automated_point_id,
    workplace_id: workplaceId,
    settlement_id: settlement,
    employee_id: ctx.actor.id,
    manager_id: managerId,
    reason: body.reason ?? null,
    total_sum: sum(paid.map((payment) => payment.amount)),
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
  if (!(await insertRefundHeader(db, header))) throw conflict('A refund with this guid is being written; retry');
  const base = (index: number) => ({
    business_id: ctx.businessId,
    id: ctx.newId(),
    refund_id: header.id,
    order_id: order.id,
    line_no: index,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  });
  const lines: RefundLineRow[] = taken.map((entry, index) => ({
    ...base(index),
    order_line_id: entry.line.id,
    item_id: entry.line.item_id,
    warehouse_id: entry.line.warehouse_id,
    quantity: entry.quantity,
    price: units(entry.line.price),
    amount: lineShare(sale, refundable(entry.line), entry.quantity),
  }));
  const payments: RefundPaymentRow[] = paid.map((payment, index) => ({
    ...base(index),
    payment_type_id: payment.methodId,
    amount: payment.amount,
    is_debt: payment.isDebt ? 1 : 0,
    client_id: payment.isDebt ? payment.clientId : null,
    settlement_id: settlement,
  }));
  await insertLater(db, ctx, 'order_refund_lines', lines);
  await insertLater(db, ctx, 'order_refund_payments', payments);
  await returnStock(db, ctx, order.id, lines);
  await takeOffDebt(db, ctx, order, payments);
  const wire = refundWire({ header, lines, payments });
  await writeAudit(db, ctx, { type: 'ORDER', action: 'REFUND_ORDER', record: wire });
  return wire;
}

const refundable = (line: LineRow): RefundableLine => ({
  id: line.id,
  quantity: units(line.quantity) as Quantity,
  subtotal: units(line.subtotal) as Money,
});

/** A refund whose guid exists: the same request answers it; another body is a 409. */
function repeatOf(existing: Awaited<ReturnType<typeof loadRefundByGuid>> & object, body: CreateOrderRefundDto) {
  if (existing.header.request_hash !== requestHash(body)) {
    throw conflict(`A refund with guid ${body.guid} already exists with different content`, { id: existing.header.id });
  }
  return refundWire(existing);
}

/** Only a closed sale that still stands can be refunded: an open one is voided, a voided one has nothing to give. */
function refuseState(order: OrderRow) {
  if (flag(order.is_voided)) throw conflict(`Order ${order.order_id} is voided: there is nothing to refund`);
  if (flag(order.is_refunded)) throw conflict(`Order ${order.order_id} was refunded whole already`);
  if (!flag(order.is_closed)) throw conflict(`Order ${order.order_id} is open: void it instead of refunding it`);
}

interface TakenLine {
  readonly line: LineRow;
  readonly quantity: Quantity;
}

/** The sale lines taken back (one entry per line; a line named twice adds up), each checked against what is left. */
function takenLines(
  order: OrderRow,
  saleLines: readonly LineRow[],
  body: CreateOrderRefundDto,
  already: ReadonlyMap<string, Quantity>,
  problems: string[],
  ctx: OperationContext,
): TakenLine[] {
  const byId = new Map(saleLines.map((line) => [line.id, line]));
  const taken = new Map<string, { line: LineRow; quantity: bigint; field: string }>();
  body.lines.forEach((wanted, index) => {
    const line = byId.get(wanted.order_line_id);
    if (!line) {
      problems.push(`lines.${index}.order_line_id must be a line of order ${order.order_id}`);
      return;
    }
    const entry = taken.get(line.id);
    taken.set(line.id, { line, quantity: (entry?.quantity ?? 0n) + wanted.quantity, field: entry?.field ?? `lines.${index}` });
  });
  for (const { line, quantity, field } of taken.values()) {
    const sold = units(line.quantity);
    const before = already.get(line.id) ?? 0n;
    const left = sold > before ? sold - before : 0n;
    if (quantity <= left) continue;
    if (happenedAtTill(ctx)) {
      warn(ctx, { code: 'OVER_REFUND', orderId: order.id, itemId: line.item_id, quantity: formatQuantity(quantity - left) });
    } else {
      problems.push(
        `${field}.quantity must be at most ${formatQuantity(left)}: ${formatQuantity(sold)} sold, ${formatQuantity(before)} refunded already`,
      );
    }
  }
  return [...taken.values()].map(({ line, quantity }) => ({ line, quantity: quantity as Quantity }));
}

interface PaidBack {
  readonly methodId: string;
  readonly amount: Money;
  readonly isDebt: boolean;
  readonly clientId: string | null;
}

/**
 * The money paid back, by method: each a method the sale was paid with, no more than it took (its payments, less
 * the change given when it is the cash the change came from) minus earlier refunds, and adding up to what the
 * lines are worth. A DEBT method's money comes off the client the sale put it on.
 */
async function paidBack(
  db: Db,
  ctx: OperationContext,
  order: OrderRow,
  salePayments: readonly PaymentRow[],
  body: CreateOrderRefundDto,
  expected: { value: Money; byMethod: ReadonlyMap<string, Money> },
  problems: string[],
): Promise<PaidBack[]> {
  const took = new Map<string, { amount: bigint; isDebt: boolean }>();
  for (const payment of salePayments) {
    const entry = took.get(payment.payment_type_id);
    took.set(payment.payment_type_id, {
      amount: (entry?.amount ?? 0n) + units(payment.paid_sum),
      isDebt: (entry?.isDebt ?? false) || flag(payment.is_debt),
    });
  }
  await lessChange(db, ctx, order, took);
  const strict = !happenedAtTill(ctx);
  const thisRefund = new Map<string, bigint>();
  const paid = body.payments.flatMap((payment, index): PaidBack[] => {
    const sale = took.get(payment.payment_type_id);
    if (!sale) {
      problems.push(`payments.${index}.payment_type_id must be a payment method the sale was paid with`);
      return [];
    }
    const before = (expected.byMethod.get(payment.payment_type_id) ?? 0n) + (thisRefund.get(payment.payment_type_id) ?? 0n);
    thisRefund.set(payment.payment_type_id, (thisRefund.get(payment.payment_type_id) ?? 0n) + payment.amount);
    const left = sale.amount > before ? sale.amount - before : 0n;
    if (strict && payment.amount > left) {
      problems.push(`payments.${index}.amount must be at most ${formatMoney(left)}: what this method took and has not paid back`);
    }
    const clientId = order.debt_client_id ?? order.client_id;
    return [{ methodId: payment.payment_type_id, amount: payment.amount as Money, isDebt: sale.isDebt, clientId: sale.isDebt ? clientId : null }];
  });
  const total = sum(body.payments.map((payment) => payment.amount));
  if (strict && total !== expected.value) {
    problems.push(
      `payments must add up to ${formatMoney(expected.value)}, what the refunded lines are worth (they add up to ${formatMoney(total)})`,
    );
  }
  return paid;
}

/**
 * The change given back came out of the sale's cash: a CASH method took its payments less the change counted in
 * them — only the part of the payments above the sale's total (shared/cash-change.ts), so a sale recorded the till's
 * way (paid 95 000 of 95 000, change 5 000) can still pay its 95 000 back.
 */
async function lessChange(db: Db, ctx: OperationContext, order: OrderRow, took: Map<string, { amount: bigint; isDebt: boolean }>) {
  let change = changeOffCash(
    [...took.values()].map((entry) => entry.amount),
    units(order.total_sum),
    order.total_change === null ? null : units(order.total_change),
  );
  if (change <= 0n || took.size === 0) return;
  const kinds = await db
    .selectFrom('payment_methods')
    .select(['id', 'kind'])
    .where('business_id', '=', ctx.businessId)
    .where('id', 'in', [...took.keys()])
    .orderBy('id')
    .execute();
  for (const method of kinds) {
    const entry = took.get(method.id);
    if (method.kind !== 'CASH' || !entry || change === 0n) continue;
    const less = entry.amount < change ? entry.amount : change;
    took.set(method.id, { ...entry, amount: entry.amount - less });
    change -= less;
  }
}

/** The till the refund was made at: the body's (a workplace of the sale's point), else the caller's, else the sale's. */
async function refundWorkplace(
  db: Db,
  ctx: OperationContext,
  order: OrderRow,
  named: string | null | undefined,
  problems: string[],
): Promise<string> {
  if (named === null || named === undefined) return ctx.actor.workplaceId ?? order.workplace_id;
  const found = await findOrderReferences(db, ctx, { workplaces: [named] });
  const point = found.workplaces.get(named);
  if (point === undefined) problems.push('workplace_id must be an existing workplace');
  else if (point !== order.automated_point_id) problems.push('workplace_id must be a workplace of the sale’s point');
  return named;
}

/** The refund's own shift: an existing one; closed meanwhile is a 409 live and a SHIFT_CLOSED warning from a till. */
async function refundSettlement(
  db: Db,
  ctx: OperationContext,
  named: string | null | undefined,
  problems: string[],
): Promise<string | null> {
  if (named === null || named === undefined) return null;
  const states = await settlementStates(db, ctx, [named], true);
  const closed = states.get(named);
  if (closed === undefined) problems.push('settlement_id must be an existing settlement');
  else if (closed && ctx.queued?.offlineClass === 'fact') warn(ctx, { code: 'SHIFT_CLOSED', settlementId: named });
  else if (closed) throw conflict(`Settlement ${named} is closed: settlement_id must name an open settlement`);
  return named;
}

/** Each returned line's units go back to the warehouse they left, as `refund` entries of the sale's document. */
async function returnStock(db: Db, ctx: OperationContext, orderId: string, lines: readonly RefundLineRow[]) {
  const moves: StockMove[] = lines.flatMap((line) =>
    line.warehouse_id === null ? [] : [{ itemId: line.item_id, warehouseId: line.warehouse_id, delta: units(line.quantity) as Quantity }],
  );
  await postStockEntries(db, ctx, [{ moves, source: { docType: 'order', docId: orderId, reason: 'refund' } }]);
}

/** Money paid back by a DEBT method comes off the client's debt, and off what the order has on it. */
async function takeOffDebt(db: Db, ctx: OperationContext, order: OrderRow, payments: readonly RefundPaymentRow[]) {
  const byClient = new Map<string, bigint>();
  for (const payment of payments) {
    if (Number(payment.is_debt) === 0 || payment.client_id === null) continue;
    byClient.set(payment.client_id, (byClient.get(payment.client_id) ?? 0n) + units(payment.amount));
  }
  for (const clientId of [...byClient.keys()].sort()) {
    const amount = byClient.get(clientId) ?? 0n;
    await postDebtEntry(db, ctx, {
      clientId,
      amount: -amount as Money,
      kind: 'transaction',
      employeeId: ctx.actor.id,
      pointId: order.automated_point_id,
    });
  }
  const onOrder = order.debt_client_id === null ? 0n : (byClient.get(order.debt_client_id) ?? 0n);
  if (onOrder === 0n) return;
  const left = units(order.debt_posted) - onOrder;
  await db
    .updateTable('orders')
    .set({ debt_posted: left > 0n ? left : 0n, ...(left > 0n ? {} : { debt_client_id: null }) })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', order.id)
    .execute();
}
