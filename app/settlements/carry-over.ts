/**
 * Carrying open orders over (docs/selling/shifts.md): a shift may close with orders still open at its till (a
 * café's table not yet paid) when the cashier chooses to carry them over. They stay open, naming the closed shift,
 * until the till's next shift opens and takes them in: from then on they are that shift's orders. The money they
 * had already taken stays in the shift that took it — closing pins their payments to it first.
 */
import { sql } from 'kysely';
import type { Db, OperationContext } from '../context.js';

/** Gives the open orders' payments that follow their order (no `settlement_id` of their own) the closing shift. */
export async function pinPaymentsOfCarriedOrders(db: Db, ctx: OperationContext, settlementId: string, now: string): Promise<void> {
  await sql`
    update order_payments set settlement_id = ${settlementId}, dt_updated = ${now}
     where business_id = ${ctx.businessId} and settlement_id is null and is_deleted = 0
       and order_id in (select id from orders
                         where business_id = ${ctx.businessId} and settlement_id = ${settlementId}
                           and is_deleted = 0 and is_closed = 0 and is_voided = 0)`.execute(db);
}

/** Moves the till's open orders that name one of its closed shifts into its new shift `settlementId`. */
export async function adoptCarriedOrders(db: Db, ctx: OperationContext, settlementId: string, workplaceId: string): Promise<void> {
  await sql`
    update orders set settlement_id = ${settlementId}, dt_updated = ${ctx.now}
     where business_id = ${ctx.businessId} and workplace_id = ${workplaceId}
       and is_deleted = 0 and is_closed = 0 and is_voided = 0 and is_refunded = 0
       and settlement_id in (select id from settlements
                              where business_id = ${ctx.businessId} and workplace_id = ${workplaceId} and is_closed <> 0)`.execute(db);
}
