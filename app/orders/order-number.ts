/**
 * The service's checks on a sale's short number and on the manager who approved its manual discount. A till numbers
 * its sales itself ("A-17", shared/orders/order-number.ts, in the reference's `order_id`), so a till's sale (queued:
 * run at the till, or replayed by its push) whose `order_id` is shaped like a number must be well formed and carry
 * the letters of the order's own workplace (400s naming the field; the transaction takes the header back).
 *
 * On the service a sale number names one sale of the business (./sale-number-claim.ts): a live order whose number
 * is taken is a 409; a till's sale whose number is taken happened all the same (two terminals on one workplace, a
 * till put back to an old copy of itself), so it is kept under the first free "/2", "/3"… of its number, with an
 * ORDER_NUMBER_TAKEN warning. A live REST client's other `order_id`s stay the reference's free text.
 */
import { badRequest } from '../../shared/errors.js';
import { isTillShaped, parseOrderNumber, tillLetters, type OrderNumber } from '../../shared/orders/order-number.js';
import type { Db, OperationContext } from '../context.js';
import { warn } from '../warnings.js';
import { isManager } from './order-effects.js';
import { claimIfOwnLetters, numberTaken, renumber, workplaceAndHolder, type NumberedOrder } from './sale-number-claim.js';

/** The `order_id` the new order keeps: its own, or the service's renumbering of a till's taken number. */
export async function checkOrderNumber(db: Db, ctx: OperationContext, order: NumberedOrder): Promise<string> {
  const parsed = parseOrderNumber(order.order_id);
  if (!parsed) {
    if (ctx.queued && isTillShaped(order.order_id)) {
      throw badRequest([`order_id "${order.order_id}" must be a till's letters, a dash and a sale counter from 1, like "A-17"`]);
    }
    return order.order_id;
  }
  // At the till the number is its own: the service holds the numbers, and renumbers when the sale arrives.
  if (ctx.side === 'terminal') {
    if (ctx.queued) ownLetters(order, parsed, (await workplaceAndHolder(db, ctx, order.workplace_id, order.order_id)).workplaceNumber);
    return order.order_id;
  }
  if (await claimIfOwnLetters(db, ctx, order, parsed)) return order.order_id;
  const { workplaceNumber, heldBy } = await workplaceAndHolder(db, ctx, order.workplace_id, order.order_id);
  // An unknown workplace is reported by the order's reference checks; a workplace without a number has no letters.
  if (workplaceNumber === null) return order.order_id;
  if (ctx.queued) ownLetters(order, parsed, workplaceNumber);
  // Another workplace's letters in a live order: the reference's free text, not this workplace's sale number.
  else if (tillLetters(workplaceNumber) !== parsed.letters) return order.order_id;
  if (!ctx.queued) throw numberTaken(order.order_id, heldBy);
  const assigned = await renumber(db, ctx, order, parsed);
  warn(ctx, { code: 'ORDER_NUMBER_TAKEN', orderId: order.id, number: order.order_id, assigned });
  return assigned;
}

/** A till's sale carries its own workplace's letters (nothing to check while the workplace has no number). */
function ownLetters(order: NumberedOrder, parsed: OrderNumber, workplaceNumber: number | null): void {
  if (workplaceNumber === null) return;
  const letters = tillLetters(workplaceNumber);
  if (parsed.letters !== letters) {
    throw badRequest([`order_id "${order.order_id}" must start with "${letters}-", the letters of workplace_id's till`]);
  }
}

/**
 * `discount_approved_by` names an employee of the business whose role grants MANAGER. A sale the till queued keeps
 * whom the till's PIN check accepted even if the role changed since (a fact is never refused for it), but must still
 * name an employee of this business.
 */
export async function checkDiscountApprover(db: Db, ctx: OperationContext, approverId: string | null): Promise<void> {
  if (approverId === null) return;
  if (await isManager(db, ctx, approverId)) return;
  if (ctx.queued?.offlineClass === 'fact') {
    const employee = await db
      .selectFrom('employees')
      .select('id')
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', approverId)
      .executeTakeFirst();
    if (employee) return;
  }
  throw badRequest(['discount_approved_by must be a manager (an employee of this business whose role grants MANAGER)']);
}
