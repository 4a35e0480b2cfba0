/**
 * A shift's refunds by payment method, for its X and Z reports (the shift engineer's side): the money the refunds
 * made IN that shift paid back — whatever shift the refunded sales were rung up in, since a refund's cash leaves
 * the drawer of the shift it is made in (`order_refund_payments.settlement_id`, the refund's own). Exact: SUM over
 * BIGINT hundredths on both engines, returned as bigint units; `refundCount` counts refunds, not payment rows.
 */
import { sql } from 'kysely';
import type { Money } from '../../../shared/decimal.js';
import { units } from '../../../db/values.js';
import type { Db, OperationContext } from '../../context.js';

export interface ShiftRefundsByMethod {
  readonly paymentMethodId: string;
  /** The method's name now (empty when the method is gone). */
  readonly name: string;
  /** The method's kind (CASH, CARD, DEBT, …); a DEBT refund took money off a client's debt, not out of the drawer. */
  readonly kind: string;
  /** Paid back by this method in the shift, in hundredths. */
  readonly amount: Money;
  readonly refundCount: number;
}

export interface ShiftRefunds {
  readonly byMethod: readonly ShiftRefundsByMethod[];
  /** Everything paid back in the shift, in hundredths, and how many refunds did it. */
  readonly total: Money;
  readonly refundCount: number;
}

type Summed = { payment_type_id: string; name: string | null; kind: string | null; amount: bigint | string | null; refunds: bigint | number | string };

/** Sums the refunds made in shift `settlementId` by payment method, ordered by method name then id. */
export async function sumShiftRefunds(db: Db, ctx: Pick<OperationContext, 'businessId'>, settlementId: string): Promise<ShiftRefunds> {
  const business = ctx.businessId;
  const rows = (
    await sql<Summed>`
      select p.payment_type_id, min(m.name) as name, min(m.kind) as kind,
             coalesce(sum(p.amount), 0) as amount, count(distinct p.refund_id) as refunds
        from order_refund_payments p
        join order_refunds r on r.business_id = p.business_id and r.id = p.refund_id
        left join payment_methods m on m.business_id = p.business_id and m.id = p.payment_type_id
       where p.business_id = ${business} and p.is_deleted = 0 and r.is_deleted = 0 and r.settlement_id = ${settlementId}
       group by p.payment_type_id`.execute(db)
  ).rows;
  const byMethod = rows
    .map((row) => ({
      paymentMethodId: row.payment_type_id,
      name: row.name ?? '',
      kind: row.kind ?? 'OTHER',
      amount: units(row.amount) as Money,
      refundCount: Number(row.refunds),
    }))
    .sort((a, b) => (a.name === b.name ? (a.paymentMethodId < b.paymentMethodId ? -1 : 1) : a.name < b.name ? -1 : 1));
  const counted = await db
    .selectFrom('order_refunds')
    .select((eb) => [eb.fn.countAll<number | bigint | string>().as('refunds'), eb.fn.sum<bigint | string | null>('total_sum').as('total')])
    .where('business_id', '=', business)
    .where('is_deleted', '=', 0)
    .where('settlement_id', '=', settlementId)
    .executeTakeFirst();
  return { byMethod, total: units(counted?.total ?? 0n) as Money, refundCount: Number(counted?.refunds ?? 0) };
}
