/**
 * How a repayment was paid (`payment_type_id`, our addition to the debt transaction body): a live payment method
 * of the caller's business that takes money — not a DEBT method, which would "pay" a debt with more debt — and
 * only on a repayment (a negative amount): a credit sale is not paid. Anything else is a 400 naming the field.
 *
 * A method the office deleted after a till took a repayment with it is still that repayment's method: the money
 * was taken (docs/sync.md, "Facts and warnings"), so a queued repayment is applied with a DELETED_REFERENCE warning.
 * A method turned into a DEBT method is refused even then: the repayment would say money came in that did not.
 */
import type { Money } from '../../shared/decimal.js';
import { badRequest } from '../../shared/errors.js';
import type { Db, OperationContext } from '../context.js';
import { acceptsDeletedReferences, warn } from '../warnings.js';

export async function checkRepaymentMethod(db: Db, ctx: OperationContext, paymentTypeId: string, amount: Money): Promise<void> {
  if (amount > 0n) throw badRequest(['payment_type_id is only for a repayment (a negative debt_amount)']);
  const method = await db
    .selectFrom('payment_methods')
    .select(['kind', 'is_deleted'])
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', paymentTypeId)
    .executeTakeFirst();
  const deleted = method !== undefined && Number(method.is_deleted) === 1;
  if (!method || (deleted && !acceptsDeletedReferences(ctx))) throw badRequest(['payment_type_id must be an existing payment method of the business']);
  if (deleted) warn(ctx, { code: 'DELETED_REFERENCE', table: 'payment_methods', id: paymentTypeId });
  if (method.kind === 'DEBT') throw badRequest(['payment_type_id must be a payment method that takes money (cash, card…), not a debt method']);
}
