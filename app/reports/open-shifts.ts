/**
 * The running totals of every open shift (ReportController_openShifts): the X report — what each shift has taken
 * so far per payment method — by the same rule a shift's closing totals are recorded with
 * (app/settlements/settlement-totals.ts): a payment counts in its own shift when it names one, else in its order's;
 * payments of voided orders do not count; those of refunded orders, and payments marked refunded, count as
 * `refunded_sum`. Sums over the stored hundredths (exact on both engines).
 */
import { sql } from 'kysely';
import { formatMoney } from '../../shared/decimal.js';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';

type Summed = {
  settlement_id: string;
  payment_method_id: string;
  name: string | null;
  paid_sum: bigint | string | null;
  tip_amount: bigint | string | null;
  refunded_sum: bigint | string | null;
  payment_count: bigint | number | string;
};

export async function openShiftTotals(db: Db, ctx: OperationContext) {
  const business = ctx.businessId;
  const refunded = sql`(o.is_refunded <> 0 or p.is_refunded <> 0)`;
  const shift = sql`coalesce(p.settlement_id, o.settlement_id)`;
  // A caller with a point (none today: owners and admins only) sees its point's shifts only.
  const point = ctx.actor.pointId === undefined ? sql`` : sql`and w.automated_point_id = ${ctx.actor.pointId}`;
  const result = await sql<Summed>`
    select ${shift} as settlement_id, p.payment_type_id as payment_method_id, min(m.name) as name,
           coalesce(sum(case when ${refunded} then 0 else p.paid_sum end), 0) as paid_sum,
           coalesce(sum(case when ${refunded} then 0 else coalesce(p.tip_amount, 0) end), 0) as tip_amount,
           coalesce(sum(case when ${refunded} then p.paid_sum else 0 end), 0) as refunded_sum,
           count(*) as payment_count
      from order_payments p
      join orders o on o.business_id = p.business_id and o.id = p.order_id
      join settlements s on s.business_id = p.business_id and s.id = ${shift}
      left join workplaces w on w.business_id = s.business_id and w.id = s.workplace_id
      left join payment_methods m on m.business_id = p.business_id and m.id = p.payment_type_id
     where p.business_id = ${business} and p.is_deleted = 0 and o.is_deleted = 0 and o.is_voided = 0
       and s.is_closed = 0 and s.is_deleted = 0 ${point}
     group by ${shift}, p.payment_type_id`.execute(db);
  const byShift = new Map<string, { payment_method_id: string; name: string; paid_sum: string; tip_amount: string; refunded_sum: string; payment_count: number }[]>();
  for (const row of result.rows) {
    const totals = byShift.get(row.settlement_id) ?? [];
    totals.push({
      payment_method_id: row.payment_method_id,
      name: row.name ?? '',
      paid_sum: formatMoney(units(row.paid_sum)),
      tip_amount: formatMoney(units(row.tip_amount)),
      refunded_sum: formatMoney(units(row.refunded_sum)),
      payment_count: Number(row.payment_count),
    });
    byShift.set(row.settlement_id, totals);
  }
  return [...byShift]
    .map(([settlement_id, totals]) => ({ settlement_id, totals: totals.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) }))
    .sort((a, b) => (a.settlement_id < b.settlement_id ? -1 : 1));
}
