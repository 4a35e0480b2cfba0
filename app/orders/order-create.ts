/**
 * Creating an order: header, lines, discounts, taxes, delivery and payments in one transaction (the reference
 * failed whenever payments were sent, D5), idempotent by `guid` (D8), with server-checked totals, a sale entry per
 * line from a defined warehouse (D6), and the DEBT payments on the client's debt. Behaviour and decisions:
 * docs/api/orders-and-settlements.md.
 */
import { createHash } from 'node:crypto';
import type { CreateOrderDto } from '../../shared/catalogue/order.js';
import type { Money, Percent } from '../../shared/decimal.js';
import { conflict } from '../../shared/errors.js';
import { writeAudit } from '../audit.js';
import type { Db, OperationContext } from '../context.js';
import { insertLater, runLater } from '../write.js';
import { checkOrder, failIfAny, refuseDebtWithoutClient } from './order-checks.js';
import { checkDiscountApprover, checkOrderNumber } from './order-number.js';
import { checkCreditLimit, debtTarget, postOrderDebt, postOrderStock, saleMoves } from './order-effects.js';
import { orderTotals, totalProblems, type OrderTotals } from '../../shared/orders/order-math.js';
import { deliveryContent, discountContent, lineContent, mathLine, paymentContent, taxContent } from './order-rows.js';
import {
  childBase,
  fullOrderWire,
  insertChildren,
  insertOrder,
  loadChildren,
  loadOrderByGuid,
  newDeliveryRow,
  type OrderChildren,
  type OrderRow,
} from './order-store.js';

/** A fingerprint of the request: a retry must send the same body as the order it repeats. */
export function requestHash(body: unknown): string {
  const text = JSON.stringify(body, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  return createHash('sha256').update(text).digest('hex');
}

const nullable = <T>(value: T | null | undefined): T | null => value ?? null;

export async function createOrder(db: Db, body: CreateOrderDto, ctx: OperationContext) {
  const contents = {
    lines: body.items.map(lineContent),
    discounts: (body.discounts ?? []).map(discountContent),
    taxes: (body.taxes ?? []).map(taxContent),
    payments: (body.payments ?? []).map(paymentContent),
  };
  const deliveryFee = nullable(body.delivery_fee) as Money | null;
  const { totals, problems } = orderTotals({ ...contents, lines: contents.lines.map(mathLine), deliveryFee });
  failIfAny([...problems, ...totalProblems(body, totals)]);
  const row = headerRow(body, totals, ctx);
  // The header goes first so that a retry (same guid) is recognised before anything else is checked or written.
  if (!(await insertOrder(db, row))) return repeatOf(db, ctx, body);
  // The number the sale keeps: its own, or the one the service gave a till's sale whose number was taken.
  const header: OrderRow = { ...row, order_id: await checkOrderNumber(db, ctx, row) };
  await checkDiscountApprover(db, ctx, header.discount_approved_by ?? null);

  const checked = await checkOrder(db, ctx, {
    pointId: body.automated_point_id,
    header: { workplaceId: body.workplace_id },
    clientId: body.client_id,
    ...contents,
    settlements: [
      { field: 'settlement_id', id: header.settlement_id },
      ...contents.payments.map((payment, index) => ({ field: `payments.${index}.settlement_id`, id: payment.settlement_id })),
    ],
  });
  const children: OrderChildren = {
    lines: contents.lines.map((line, index) => ({
      ...childBase(ctx, header.id, index),
      ...line,
      warehouse_id: checked.lineWarehouses[index] ?? null,
      employee_id: ctx.actor.id,
      is_voided: 0,
      is_refunded: 0,
      moved_no_stock: checked.linesWithoutStock[index] ? 1 : 0,
    })),
    discounts: contents.discounts.map((discount, index) => ({ ...childBase(ctx, header.id, index), ...discount })),
    taxes: contents.taxes.map((tax, index) => ({ ...childBase(ctx, header.id, index), ...tax })),
    payments: contents.payments.map((payment, index) => ({
      ...childBase(ctx, header.id, index),
      ...payment,
      employee_id: ctx.actor.id,
      workplace_id: header.workplace_id,
      is_debt: checked.debtPayments[index] ? 1 : 0,
    })),
    delivery: body.delivery ? newDeliveryRow(ctx, header.id, deliveryContent(body.delivery)) : null,
  };
  const debt = debtTarget(
    header,
    children.payments.map((payment, index) => ({ ...payment, signature_url: body.payments?.[index]?.signature_url ?? null })),
  );
  refuseDebtWithoutClient(debt, children.payments);
  const overrun = debt.clientId === null ? null : await checkCreditLimit(db, ctx, debt.clientId, debt.amount, creditApproval(body));

  await insertChildren(db, ctx, 'order_lines', children.lines);
  await insertChildren(db, ctx, 'order_discounts', children.discounts);
  await insertChildren(db, ctx, 'order_taxes', children.taxes);
  await insertChildren(db, ctx, 'order_payments', children.payments);
  if (children.delivery) await insertLater(db, ctx, 'order_deliveries', [children.delivery]);
  await postOrderStock(db, ctx, header.id, saleMoves(header, children.lines), false);
  let stored = header;
  if (debt.amount !== 0n) {
    await postOrderDebt(db, ctx, header, { clientId: null, amount: 0n as Money }, debt);
    stored = { ...header, debt_client_id: debt.clientId, debt_posted: debt.amount };
    // Nothing reads it back: it travels with the order's last statement (app/write.ts), one round trip fewer.
    await runLater(
      db,
      ctx,
      db
        .updateTable('orders')
        .set({ debt_client_id: stored.debt_client_id, debt_posted: stored.debt_posted })
        .where('business_id', '=', ctx.businessId)
        .where('id', '=', header.id)
        .compile(),
    );
  }
  const wire = fullOrderWire(stored, children);
  if (overrun?.approvedBy) {
    // Who let the sale take the client over the limit, next to the order's own entry.
    await writeAudit(db, ctx, { type: 'ORDER', action: 'APPROVE_CREDIT_OVER_LIMIT', record: { order_id: header.id, ...overrun } });
  }
  // Audited here rather than by the pipeline (runWriteInTransaction), so that an idempotent retry records nothing.
  await writeAudit(db, ctx, { type: 'ORDER', action: 'CREATE_ORDER', record: wire });
  return wire;
}

/** The manager's approval named on the order's DEBT payments (the first that names one), with its field. */
function creditApproval(body: CreateOrderDto) {
  const index = (body.payments ?? []).findIndex((payment) => payment.credit_approved_by);
  const managerId = index < 0 ? null : body.payments?.[index]?.credit_approved_by;
  return managerId ? { managerId, field: `payments.${index}.credit_approved_by` } : null;
}

/** The new order's D_Order row: the body's fields, the server's totals, the caller as creator. */
function headerRow(body: CreateOrderDto, totals: OrderTotals, ctx: OperationContext): OrderRow {
  const closed = body.is_closed ?? false;
  return {
    business_id: ctx.businessId,
    id: ctx.newId(),
    guid: nullable(body.guid),
    request_hash: body.guid ? requestHash(body) : null,
    order_id: body.order_id,
    order_name: nullable(body.order_name),
    ...totals,
    total_change: nullable(body.total_change),
    settlement_id: nullable(body.settlement_id),
    discount_percent: nullable(body.discount_percent) as Percent | null,
    discount_sum: nullable(body.discount_sum),
    // The creator is the caller, whatever the body says (as the reference): the token is the only proof.
    employee_id: ctx.actor.id,
    client_id: nullable(body.client_id),
    payment_id: nullable(body.payment_id),
    automated_point_id: body.automated_point_id,
    workplace_id: body.workplace_id,
    barcode: nullable(body.barcode),
    delivery_fee: nullable(body.delivery_fee),
    dt_closed: closed ? ctx.now : null,
    is_voided: 0,
    is_refunded: 0,
    is_closed: closed ? 1 : 0,
    debt_client_id: null,
    debt_posted: 0n,
    discount_approved_by: nullable(body.discount_approved_by),
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
}

/** A create whose guid exists: the same request answers the order (as it is now); another body is a 409. */
async function repeatOf(db: Db, ctx: OperationContext, body: CreateOrderDto) {
  const existing = await loadOrderByGuid(db, ctx, body.guid ?? '');
  // Unreachable unless the conflicting row vanished (orders are never hard-deleted).
  if (!existing) throw conflict('An order with this guid is being written; retry');
  if (existing.request_hash !== requestHash(body)) {
    throw conflict(`An order with guid ${body.guid} already exists with different content`, { id: existing.id });
  }
  return fullOrderWire(existing, await loadChildren(db, ctx, existing.id));
}
