/**
 * Refunds and voids (shared/catalogue/order-refund.ts): the handlers, run alike by the service, a till and the
 * sync push. Making a refund is in ./refund-create.ts, voiding in ./refund-void.ts, the shift's refund totals in
 * ./shift-refunds.ts. Behaviour and decisions: docs/selling/refunds.md.
 */
import type { Db, OperationContext } from '../../context.js';
import { handler, type Handler } from '../../operation.js';
import { createRefund } from './refund-create.js';
import { listRefunds, loadRefund, refundsOfOrder, refundWire } from './refund-store.js';
import { voidOrder } from './refund-void.js';
import { loadOrder } from '../order-store.js';

async function findByOrder(db: Db, orderId: string, ctx: OperationContext) {
  await loadOrder(db, ctx, orderId);
  return (await refundsOfOrder(db, ctx, orderId)).map(refundWire);
}

export const orderRefundHandlers: readonly Handler[] = [
  // Both writes audit themselves: a repeated refund (same guid) or void records nothing.
  handler('OrderRefundController_create', (db, { params, body }, ctx) => createRefund(db, params.id ?? '', body, ctx), { audit: false }),
  handler('OrderRefundController_void', (db, { params, body }, ctx) => voidOrder(db, params.id ?? '', body, ctx), { audit: false }),
  handler('OrderRefundController_findAll', async (db, { query }, ctx) => (await listRefunds(db, ctx, query.settlement_id)).map(refundWire)),
  handler('OrderRefundController_findOne', async (db, { params }, ctx) => refundWire(await loadRefund(db, ctx, params.id ?? ''))),
  handler('OrderRefundController_findByOrder', (db, { params }, ctx) => findByOrder(db, params.id ?? '', ctx)),
];
