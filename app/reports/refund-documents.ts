/**
 * The sales report's refunds: the refund documents (OrderRefundController_create) made in the range of the owner's
 * days, by the day THEY were made (a refund of last week's sale counts today), of the caller's or the asked point —
 * counted and summed, and by the method the money went back by (a CASH refund left a drawer; a DEBT one came off a
 * client's debt). Shown apart from the sales: the sale they take back happened. Exact hundredths on both engines.
 */
import { sql } from 'kysely';
import { formatMoney } from '../../shared/decimal.js';
import type { SalesReportQuery } from '../../shared/catalogue/report.js';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { addDays, dayStart } from './days.js';

function refundsInRange(db: Db, ctx: OperationContext, query: SalesReportQuery, offset: number) {
  let select = db
    .selectFrom('order_refunds as r')
    .where('r.business_id', '=', ctx.businessId)
    .where('r.is_deleted', '=', 0)
    .where('r.dt_created', '>=', dayStart(query.from, offset))
    .where('r.dt_created', '<', dayStart(addDays(query.to, 1), offset));
  const point = ctx.actor.pointId ?? query.point_id;
  if (point !== undefined) select = select.where('r.automated_point_id', '=', point);
  if (ctx.actor.pointId !== undefined && query.point_id !== undefined && query.point_id !== ctx.actor.pointId) {
    select = select.where(sql<boolean>`1 = 0`);
  }
  return select;
}

export async function refundDocuments(db: Db, ctx: OperationContext, query: SalesReportQuery, offset: number) {
  const whole = await refundsInRange(db, ctx, query, offset)
    .select(sql<bigint>`count(*)`.as('count'))
    .select(sql<bigint>`coalesce(sum(r.total_sum), 0)`.as('sum'))
    .executeTakeFirst();
  const methods = await refundsInRange(db, ctx, query, offset)
    .innerJoin('order_refund_payments as p', (join) => join.onRef('p.business_id', '=', 'r.business_id').onRef('p.refund_id', '=', 'r.id'))
    .leftJoin('payment_methods as m', (join) => join.onRef('m.business_id', '=', 'p.business_id').onRef('m.id', '=', 'p.payment_type_id'))
    .where('p.is_deleted', '=', 0)
    .select('p.payment_type_id')
    .select(sql<string | null>`min(m.name)`.as('name'))
    .select(sql<string | null>`min(m.kind)`.as('kind'))
    .select(sql<bigint>`count(distinct r.id)`.as('count'))
    .select(sql<bigint>`coalesce(sum(p.amount), 0)`.as('sum'))
    .groupBy('p.payment_type_id')
    .execute();
  return {
    count: Number(whole?.count ?? 0),
    sum: formatMoney(units(whole?.sum ?? 0)),
    by_method: methods
      .map((row) => ({
        payment_method_id: row.payment_type_id,
        name: row.name ?? '',
        kind: row.kind ?? 'OTHER',
        count: Number(row.count),
        sum: formatMoney(units(row.sum)),
      }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.payment_method_id < b.payment_method_id ? -1 : 1)),
  };
}
