/**
 * Changing an order (the reference's POST /orders/update/{id}). Lists sent replace the order's lists — lines,
 * discounts (never appended, D7), taxes, payments — with the replaced rows kept as history; a list sent again
 * unchanged changes nothing. Stock and debt follow the order: only the difference is posted (D6), a void or a
 * refund reverses what the order had posted, once. Voided and refunded orders are final; an order whose
 * settlement is closed can only be refunded. Behaviour and decisions: docs/api/orders-and-settlements.md.
 */
import type { UpdateOrderDto } from '../../shared/catalogue/order.js';
import type { Money, Percent, Quantity } from '../../shared/decimal.js';
import { badRequest, conflict } from '../../shared/errors.js';
import { flag, units } from '../../db/values.js';
import { writeAudit } from '../audit.js';
import type { Db, OperationContext } from '../context.js';
import { checkOrder, failIfAny, refuseDebtWithoutClient, type OrderCheckResult } from './order-checks.js';
import { debtTarget, postOrderDebt, postOrderStock, saleMoves } from './order-effects.js';
import { orderTotals, totalProblems } from '../../shared/orders/order-math.js';
import { settlementStates } from './order-references.js';
import { refuseChangeOfRefundedOrder } from './refunds/refund-guard.js';
import {
  deliveryContent,
  discountContent,
  holds,
  holdsAll,
  lineContent,
  paymentContent,
  sameLines,
  taxContent,
  unitsOrNull,
  mathLine,
  type DiscountContent,
  type LineContent,
  type TaxContent,
} from './order-rows.js';
import {
  childBase,
  fullOrderWire,
  insertChildren,
  loadChildren,
  lockOrder,
  retireChildren,
  upsertDelivery,
  type ChildTable,
  type DiscountRow,
  type LineRow,
  type OrderChildren,
  type OrderRow,
  type PaymentRow,
  type TaxRow,
} from './order-store.js';

/** Fields whose null means "leave as is" (lists, computed totals, flags); for the others null clears the column. */
const NULL_LEAVES = new Set([
  'items',
  'discounts',
  'taxes',
  'payments',
  'subtotal',
  'total_sum',
  'total_discount',
  'total_tax',
  'total_paid',
  'is_closed',
  'is_voided',
  'is_refunded',
]);

/** The fields a request asks to change, with their values. `payment_type_id` is accepted and ignored (D5). */
function asked(body: UpdateOrderDto): [string, unknown][] {
  return Object.entries(body).filter(
    ([key, value]) => key !== 'payment_type_id' && value !== undefined && !(value === null && NULL_LEAVES.has(key)),
  );
}

/** True when the request asks for nothing beyond `allowed` (field → the only value allowed). */
const onlyAsks = (body: UpdateOrderDto, allowed: Record<string, unknown>) =>
  asked(body).every(([key, value]) => key in allowed && allowed[key] === value);

const given = <T>(value: T | null | undefined, current: T): T => (value === undefined || value === null ? current : value);
const orClear = <T>(value: T | null | undefined, current: T | null): T | null => (value === undefined ? current : value);

export async function updateOrder(db: Db, id: string, body: UpdateOrderDto, ctx: OperationContext) {
  const current = await lockOrder(db, ctx, id);
  // A sale with refunds is settled history: the refunds posted against what it posted (refunds/refund-guard.ts).
  await refuseChangeOfRefundedOrder(db, ctx, current);
  if (await isRepeat(db, ctx, current, body))
    return { changed: false, order: fullOrderWire(current, await loadChildren(db, ctx, id)) };
  const stored = await loadChildren(db, ctx, id);
  const plan = planChanges(body, stored);
  const next = nextHeader(current, body, ctx);
  const { totals, problems } = orderTotals({
    lines: (plan.lines ?? stored.lines.map(storedLine)).map(mathLine),
    discounts: plan.discounts ?? stored.discounts.map(storedDiscount),
    taxes: plan.taxes ?? stored.taxes.map(storedTax),
    payments: plan.payments ?? stored.payments.map((row) => ({ paid_sum: units(row.paid_sum) as Money })),
    deliveryFee: next.delivery_fee as Money | null,
  });
  failIfAny([...problems, ...totalProblems(body, totals)]);
  const checked = await checkChanges(db, ctx, { current, body, stored, plan });

  const changed: OrderRow = { ...next, ...totals };
  const flags = { isVoided: flag(changed.is_voided), isRefunded: flag(changed.is_refunded) };
  const children = await writeChildren(db, ctx, { current: changed, stored, plan, checked, flags });
  const debt = debtTarget(changed, children.payments);
  refuseDebtWithoutClient(debt, children.payments);
  // Only what can change the stock effect reads the ledger: new lines, a void or a refund.
  if (plan.lines || flags.isVoided || flags.isRefunded) await postOrderStock(db, ctx, id, saleMoves(changed, children.lines));
  const posted = { clientId: current.debt_client_id, amount: units(current.debt_posted) as Money };
  if (posted.clientId !== debt.clientId || posted.amount !== debt.amount) await postOrderDebt(db, ctx, changed, posted, debt);
  const result: OrderRow = { ...changed, debt_client_id: debt.clientId, debt_posted: debt.amount };
  const { business_id: _business, id: _id, dt_created: _created, guid: _guid, request_hash: _hash, ...columns } = result;
  await db.updateTable('orders').set(columns).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
  const order = fullOrderWire(result, children);
  // The editor is the audit entry's actor; the order keeps its creator in employee_id.
  await writeAudit(db, ctx, { type: 'ORDER', action: 'UPDATE_ORDER', record: order });
  return { changed: true, order };
}

/**
 * The state rules of an update: a voided or refunded order is final (repeating its void or refund is a no-op:
 * true is returned), an order whose settlement is closed can only be refunded, a refund needs a closed order.
 */
async function isRepeat(db: Db, ctx: OperationContext, current: OrderRow, body: UpdateOrderDto): Promise<boolean> {
  if (flag(current.is_voided) || flag(current.is_refunded)) {
    const state = flag(current.is_voided) ? 'voided' : 'refunded';
    // Repeating the void (or the refund) changes nothing: no entry, no audit, the order as it is.
    if (onlyAsks(body, state === 'voided' ? { is_voided: true } : { is_refunded: true, is_closed: true })) return true;
    throw conflict(`Order is ${state}: it cannot be changed`);
  }
  if (body.is_voided === true && body.is_refunded === true) {
    throw badRequest(['is_voided and is_refunded cannot both be set: void an open order, refund a closed one']);
  }
  if (current.settlement_id !== null) {
    const closed = (await settlementStates(db, ctx, [current.settlement_id], true)).get(current.settlement_id) === true;
    if (closed && !onlyAsks(body, { is_refunded: true, is_closed: true })) {
      throw conflict(`The order's settlement ${current.settlement_id} is closed: the order can only be refunded`);
    }
  }
  if (body.is_refunded === true && !given(body.is_closed, flag(current.is_closed))) {
    throw conflict('Only a closed order can be refunded: void an open order instead');
  }
  return false;
}

/** The header after the request, before its totals are recomputed: absent fields stay, null clears. */
function nextHeader(current: OrderRow, body: UpdateOrderDto, ctx: OperationContext): OrderRow {
  const isClosed = given(body.is_closed, flag(current.is_closed));
  return {
    ...current,
    order_name: orClear(body.order_name, current.order_name),
    total_change: orClear(body.total_change, current.total_change),
    discount_percent: orClear(body.discount_percent as Percent | null | undefined, current.discount_percent),
    discount_sum: orClear(body.discount_sum, current.discount_sum),
    client_id: orClear(body.client_id, current.client_id),
    payment_id: orClear(body.payment_id, current.payment_id),
    delivery_fee: orClear(body.delivery_fee, current.delivery_fee),
    settlement_id: orClear(body.settlement_id, current.settlement_id),
    is_closed: isClosed ? 1 : 0,
    dt_closed: isClosed ? (current.dt_closed ?? ctx.now) : null,
    is_voided: body.is_voided === true ? 1 : 0,
    is_refunded: body.is_refunded === true ? 1 : 0,
    dt_updated: ctx.now,
  };
}

/** Checks what the request changes: new ids, new lines (and their warehouses), new payments, a new settlement. */
function checkChanges(
  db: Db,
  ctx: OperationContext,
  { current, body, stored, plan }: { current: OrderRow; body: UpdateOrderDto; stored: OrderChildren; plan: ChangePlan },
) {
  return checkOrder(db, ctx, {
    pointId: current.automated_point_id,
    // A client the order already has is not checked again (it may have been deleted since; the sale stands).
    ...(body.client_id !== current.client_id ? { clientId: body.client_id } : {}),
    ...(plan.lines ? { lines: plan.lines } : {}),
    knownWarehouses: new Map(
      stored.lines.flatMap((line) => (line.warehouse_id === null ? [] : [[line.item_id, line.warehouse_id]])),
    ),
    knownItems: new Set(stored.lines.map((line) => line.item_id)),
    ...(plan.discounts ? { discounts: plan.discounts } : {}),
    ...(plan.taxes ? { taxes: plan.taxes } : {}),
    ...(plan.payments ? { payments: plan.payments } : {}),
    settlements: [
      ...(typeof body.settlement_id === 'string' ? [{ field: 'settlement_id', id: body.settlement_id }] : []),
      ...(plan.payments ?? []).map((payment, index) => ({ field: `payments.${index}.settlement_id`, id: payment.settlement_id })),
    ],
  });
}

/** A stored line in the operations' terms (its warehouse is the one it was given). */
function storedLine(row: LineRow): LineContent {
  return {
    item_id: row.item_id,
    quantity: units(row.quantity) as Quantity,
    price: units(row.price) as Money,
    subtotal: units(row.subtotal) as Money,
    note: row.note,
    discount_id: row.discount_id,
    warehouse_id: row.warehouse_id,
    modifiers: row.modifiers ?? null,
  };
}

const storedDiscount = (row: DiscountRow): DiscountContent => ({
  item_id: row.item_id,
  discount_value: unitsOrNull<Money>(row.discount_value),
  discount_percent: unitsOrNull<Percent>(row.discount_percent),
  discount_id: row.discount_id,
});

const storedTax = (row: TaxRow): TaxContent => ({
  item_id: row.item_id,
  tax_id: row.tax_id,
  tax_percent: unitsOrNull<Percent>(row.tax_percent),
  tax_value: unitsOrNull<Money>(row.tax_value),
  fee_percent: unitsOrNull<Percent>(row.fee_percent),
  fee_value: unitsOrNull<Money>(row.fee_value),
});

interface ChangePlan {
  /** Each list: its new contents when it changes, undefined when it stays as stored. */
  readonly lines?: readonly LineContent[] | undefined;
  readonly discounts?: DiscountContent[] | undefined;
  readonly taxes?: TaxContent[] | undefined;
  readonly payments?: ReturnType<typeof paymentContent>[] | undefined;
  /** The delivery: 'remove', its new content, or undefined to leave it. */
  readonly delivery?: 'remove' | ReturnType<typeof deliveryContent> | undefined;
}

/** Which lists the request really changes: one sent exactly as stored changes nothing. */
function planChanges(body: UpdateOrderDto, stored: OrderChildren): ChangePlan {
  const lines = body.items ? body.items.map(lineContent) : undefined;
  const discounts = body.discounts ? body.discounts.map(discountContent) : undefined;
  const taxes = body.taxes ? body.taxes.map(taxContent) : undefined;
  const payments = body.payments ? body.payments.map(paymentContent) : undefined;
  let delivery: ChangePlan['delivery'];
  if (body.delivery === null && stored.delivery) delivery = 'remove';
  else if (body.delivery) {
    const content = deliveryContent(body.delivery);
    if (!stored.delivery || !holds(stored.delivery, content)) delivery = content;
  }
  return {
    lines: lines && !sameLines(stored.lines, lines) ? lines : undefined,
    discounts: discounts && !holdsAll(stored.discounts, discounts) ? discounts : undefined,
    taxes: taxes && !holdsAll(stored.taxes, taxes) ? taxes : undefined,
    payments: payments && !holdsAll(stored.payments, payments) ? payments : undefined,
    delivery,
  };
}

interface WriteInput {
  readonly current: OrderRow;
  readonly stored: OrderChildren;
  readonly plan: ChangePlan;
  readonly checked: Pick<OrderCheckResult, 'lineWarehouses' | 'linesWithoutStock' | 'debtPayments'>;
  readonly flags: { readonly isVoided: boolean; readonly isRefunded: boolean };
}

/** Replaces the lists that change (old rows soft-deleted, new ones inserted) and returns the order's live rows. */
async function writeChildren(db: Db, ctx: OperationContext, input: WriteInput): Promise<OrderChildren> {
  const { current, stored, plan, checked, flags } = input;
  const orderId = current.id;
  const replace = async <T extends ChildTable>(table: T, rows: readonly object[]) => {
    await retireChildren(db, ctx, table, orderId);
    await insertChildren(db, ctx, table, rows as never);
  };
  const lineFlags = { is_voided: flags.isVoided ? 1 : 0, is_refunded: flags.isRefunded ? 1 : 0 };
  let lines: readonly LineRow[] = stored.lines;
  if (plan.lines) {
    lines = plan.lines.map((line, index) => ({
      ...childBase(ctx, orderId, index),
      ...line,
      warehouse_id: checked.lineWarehouses[index] ?? null,
      employee_id: ctx.actor.id,
      moved_no_stock: checked.linesWithoutStock[index] ? 1 : 0,
      ...lineFlags,
    }));
    await replace('order_lines', lines);
  } else if (flags.isVoided || flags.isRefunded) {
    // The lines share their order's fate, for whoever reads them alone.
    await db
      .updateTable('order_lines')
      .set({ ...lineFlags, dt_updated: ctx.now })
      .where('business_id', '=', ctx.businessId)
      .where('order_id', '=', orderId)
      .where('is_deleted', '=', 0)
      .execute();
    lines = lines.map((line) => ({ ...line, ...lineFlags, dt_updated: ctx.now }));
  }
  let discounts: readonly DiscountRow[] = stored.discounts;
  if (plan.discounts) {
    discounts = plan.discounts.map((discount, index) => ({ ...childBase(ctx, orderId, index), ...discount }));
    await replace('order_discounts', discounts);
  }
  let taxes: readonly TaxRow[] = stored.taxes;
  if (plan.taxes) {
    taxes = plan.taxes.map((tax, index) => ({ ...childBase(ctx, orderId, index), ...tax }));
    await replace('order_taxes', taxes);
  }
  let payments: readonly PaymentRow[] = stored.payments;
  if (plan.payments) {
    payments = plan.payments.map((payment, index) => ({
      ...childBase(ctx, orderId, index),
      ...payment,
      employee_id: ctx.actor.id,
      workplace_id: current.workplace_id,
      is_debt: checked.debtPayments[index] ? 1 : 0,
    }));
    await replace('order_payments', payments);
  }
  let delivery = stored.delivery;
  if (plan.delivery === 'remove') {
    await retireChildren(db, ctx, 'order_deliveries', orderId);
    delivery = null;
  } else if (plan.delivery) {
    delivery = await upsertDelivery(db, ctx, orderId, plan.delivery);
  }
  return { lines, discounts, taxes, payments, delivery };
}
