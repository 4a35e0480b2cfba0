/**
 * Voiding an open order (OrderRefundController_void): the order's own void (`OrderController_update` with
 * `is_voided: true`, app/orders/order-update.ts) — its stock and debt reversed once, its payments out of the
 * shift's takings — plus what a till needs that the reference's flag cannot say: which manager approved it, in
 * which shift, and why (`order_voids`). Only an open order is voided; a closed sale is refunded. Voiding a voided
 * order again changes nothing and answers the order as it is.
 */
import type { VoidOrderDto } from '../../../shared/catalogue/order-refund.js';
import { badRequest, conflict } from '../../../shared/errors.js';
import { flag } from '../../../db/values.js';
import { writeAudit } from '../../audit.js';
import type { Db, OperationContext } from '../../context.js';
import { insertLater } from '../../write.js';
import { settlementStates } from '../order-references.js';
import { fullOrderWire, loadChildren, lockOrder } from '../order-store.js';
import { updateOrder } from '../order-update.js';
import { approvingManager } from './manager-approval.js';

export async function voidOrder(db: Db, orderId: string, body: VoidOrderDto, ctx: OperationContext) {
  const order = await lockOrder(db, ctx, orderId);
  if (flag(order.is_voided)) return fullOrderWire(order, await loadChildren(db, ctx, order.id));
  if (flag(order.is_refunded)) throw conflict(`Order ${order.order_id} was refunded: it cannot be voided`);
  if (flag(order.is_closed)) throw conflict(`Order ${order.order_id} is closed: refund it instead of voiding it`);
  const settlementId = body.settlement_id ?? order.settlement_id;
  if (body.settlement_id) {
    const states = await settlementStates(db, ctx, [body.settlement_id], true);
    if (!states.has(body.settlement_id)) throw badRequest(['settlement_id must be an existing settlement']);
  }
  const managerId = await approvingManager(db, ctx, body.manager_id);
  const { order: voided } = await updateOrder(db, order.id, { is_voided: true }, ctx);
  await insertLater(db, ctx, 'order_voids', [
    {
      business_id: ctx.businessId,
      id: ctx.newId(),
      order_id: order.id,
      employee_id: ctx.actor.id,
      manager_id: managerId,
      workplace_id: ctx.actor.workplaceId ?? order.workplace_id,
      settlement_id: settlementId,
      reason: body.reason ?? null,
      is_deleted: 0,
      dt_created: ctx.now,
      dt_updated: ctx.now,
    },
  ]);
  await writeAudit(db, ctx, { type: 'ORDER', action: 'VOID_ORDER', record: { order_id: order.id, manager_id: managerId, reason: body.reason ?? null } });
  return voided;
}
