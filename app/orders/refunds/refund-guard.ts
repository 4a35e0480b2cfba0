/**
 * Once a sale has a refund, the sale itself is settled history: its lines, payments and debt no longer change, and
 * it is neither deleted nor flagged refunded or voided. The refund documents posted against what the order posted
 * (app/orders/refunds/refund-create.ts), and an edit that re-posted the order's lines or payments would undo that
 * or count it twice. Called by the order's update and delete; refunding more of it is a new refund.
 */
import { conflict } from '../../../shared/errors.js';
import type { Db, OperationContext } from '../../context.js';
import { hasRefunds } from './refund-store.js';

export async function refuseChangeOfRefundedOrder(db: Db, ctx: OperationContext, order: { id: string; order_id: string }): Promise<void> {
  if (await hasRefunds(db, ctx, order.id)) {
    throw conflict(`Order ${order.order_id} has refunds: it can no longer be changed or deleted; refund more of it with a new refund`);
  }
}
