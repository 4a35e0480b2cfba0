/**
 * Orders (sales): the reference's OrderController plus the three reads its earlier version had (all, last-open,
 * {id}). Create and update live in ./order-create.ts and ./order-update.ts; what an order does to stock and debt in
 * ./order-effects.ts. Behaviour and decisions: docs/api/orders-and-settlements.md.
 */
import type { FindLastOpenOrderQuery } from '../../shared/catalogue/order.js';
import type { Money } from '../../shared/decimal.js';
import type { Db, OperationContext } from '../context.js';
import { handler, type Handler } from '../operation.js';
import { liveRowsNewestFirst } from '../resources/newest-first.js';
import { createOrder } from './order-create.js';
import { postOrderDebt, postOrderStock } from './order-effects.js';
import { fullOrderWire, loadChildren, loadOrder, lockOrder, orderWire, type OrderRow } from './order-store.js';
import { updateOrder } from './order-update.js';
import { refuseChangeOfRefundedOrder } from './refunds/refund-guard.js';

/** Live orders of the business, newest first, as D_Order rows (the lines are in GET /orders/{id}). */
async function findAll(db: Db, ctx: OperationContext) {
  const rows = await liveRowsNewestFirst(db, ctx, 'orders').execute();
  return rows.map(orderWire);
}

async function findOne(db: Db, id: string, ctx: OperationContext) {
  const row = await loadOrder(db, ctx, id);
  return fullOrderWire(row, await loadChildren(db, ctx, id));
}

/**
 * The newest open order (not closed, voided or refunded), of one workplace when asked; nothing (200 with an empty
 * body, as the reference) when there is none: "no open order" is an answer, not an error (issue 13 §1.7).
 */
async function findLastOpen(db: Db, query: FindLastOpenOrderQuery, ctx: OperationContext) {
  let select = liveRowsNewestFirst(db, ctx, 'orders')
    .where('is_closed', '=', 0)
    .where('is_voided', '=', 0)
    .where('is_refunded', '=', 0);
  if (query.workplace_id) select = select.where('workplace_id', '=', query.workplace_id);
  const row = await select.limit(1).executeTakeFirst();
  if (!row) return undefined;
  return fullOrderWire(row, await loadChildren(db, ctx, row.id));
}

/**
 * Deleting an order: a soft delete, as in the reference, that first takes back whatever the order still posts —
 * a closed or paid sale included (issue 13 §1.5). Its stock comes back as `sale_reversal` entries and its debt as a
 * reversing debt entry, exactly as a refund reverses them: the ledger is read back, so only what is still posted
 * is reversed, and an order already voided or refunded reverses nothing again. A second delete finds no live order
 * (404) and a replayed push is answered from its stored result, so nothing is ever reversed twice. Its payments
 * stay stored (history) but leave the open settlement's totals; a closed settlement keeps the totals it recorded.
 */
async function remove(db: Db, id: string, ctx: OperationContext) {
  const current = await lockOrder(db, ctx, id);
  await refuseChangeOfRefundedOrder(db, ctx, current);
  const children = await loadChildren(db, ctx, id);
  const deleted: OrderRow = { ...current, is_deleted: 1, dt_updated: ctx.now, debt_client_id: null, debt_posted: 0n as Money };
  await postOrderStock(db, ctx, id, []);
  const posted = { clientId: current.debt_client_id, amount: BigInt(current.debt_posted) as Money };
  if (posted.amount !== 0n) await postOrderDebt(db, ctx, current, posted, { clientId: null, amount: 0n as Money });
  await db
    .updateTable('orders')
    .set({ is_deleted: 1, dt_updated: ctx.now, debt_client_id: null, debt_posted: 0n })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .execute();
  return fullOrderWire(deleted, children);
}

export const orderHandlers: readonly Handler[] = [
  // Both writes audit themselves: an idempotent retry or a repeated void records nothing.
  handler('OrderController_create', (db, { body }, ctx) => createOrder(db, body, ctx), { audit: false }),
  handler(
    'OrderController_update',
    async (db, { params, body }, ctx) => (await updateOrder(db, params.id ?? '', body, ctx)).order,
    { audit: false },
  ),
  handler('OrderController_findAll', (db, _input, ctx) => findAll(db, ctx)),
  handler('OrderController_findLastOpen', (db, { query }, ctx) => findLastOpen(db, query, ctx)),
  handler('OrderController_findOne', (db, { params }, ctx) => findOne(db, params.id ?? '', ctx)),
  handler('OrderController_remove', (db, { params }, ctx) => remove(db, params.id ?? '', ctx), {
    audit: { type: 'ORDER', action: 'DELETE_ORDER' },
  }),
];
