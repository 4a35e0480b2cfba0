/**
 * The service's checks on a sale's short number and on the manager who approved its manual discount (issue 16,
 * sale16). A till numbers its sales itself ("A-17", shared/orders/order-number.ts, in the reference's `order_id`),
 * so a till's sale (queued: run at the till, or replayed by its push) whose `order_id` is shaped like a number
 * must be well formed and carry the letters of the order's own workplace. A live REST client's `order_id` stays the reference's free text.
 * Both are 400s naming the field, checked before the order's other rows are written (the transaction takes the
 * header back).
 */
import { badRequest } from '../../shared/errors.js';
import { isTillShaped, parseOrderNumber, tillLetters } from '../../shared/orders/order-number.js';
import type { Db, OperationContext } from '../context.js';
import { isManager } from './order-effects.js';

export async function checkOrderNumber(
  db: Db,
  ctx: OperationContext,
  order: { id: string; order_id: string; workplace_id: string },
): Promise<void> {
  if (!ctx.queued || !isTillShaped(order.order_id)) return;
  const parsed = parseOrderNumber(order.order_id);
  if (!parsed) {
    throw badRequest([`order_id "${order.order_id}" must be a till's letters, a dash and a sale counter from 1, like "A-17"`]);
  }
  const workplace = await db
    .selectFrom('workplaces')
    .select('number')
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', order.workplace_id)
    .executeTakeFirst();
  // An unknown workplace is reported by the order's reference checks; a workplace without a number has no letters.
  if (workplace?.number !== null && workplace?.number !== undefined) {
    const letters = tillLetters(Number(workplace.number));
    if (parsed.letters !== letters) {
      throw badRequest([`order_id "${order.order_id}" must start with "${letters}-", the letters of workplace_id's till`]);
    }
  }
  // A number already used is NOT refused: two terminals enrolled on one workplace (a till and its replacement) count
  // on their own, and a sale either made offline is a fact that must be kept (docs/sync.md). The sales list then
  // shows both under the number; each is still found by its id.
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
