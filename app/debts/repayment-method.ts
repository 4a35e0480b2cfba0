/**
 * How a repayment was paid (`payment_type_id`, our addition to the debt transaction body): a live payment method
 * of the caller's business that takes money — not a DEBT method, which would "pay" a debt with more debt — and
 * only on a repayment (a negative amount): a credit sale is not paid. Anything else is a 400 naming the field.
 */
import type { Money } from '../../shared/decimal.js';
import { badRequest } from '../../shared/errors.js';
import type { Db, OperationContext } from '../context.js';

export async function checkRepaymentMethod(db: Db, ctx: OperationContext, paymentTypeId: string, amount: Money): Promise<void> {
  if (amount > 0n) throw badRequest(['payment_type_id is only for a repayment (a negative debt_amount)']);
  const method = await db
    .selectFrom('payment_methods')
    .select('kind')
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', paymentTypeId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!method) throw badRequest(['payment_type_id must be an existing payment method of the business']);
  if (method.kind === 'DEBT') throw badRequest(['payment_type_id must be a payment method that takes money (cash, card…), not a debt method']);
}
