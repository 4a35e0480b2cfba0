/**
 * The orders a sales report reads: those of the business created in a range of the owner's days (and of the
 * caller's or the asked point), and of them the sales — neither voided nor refunded. Shared by sales.ts and the
 * change correction (payment-change.ts).
 */
import { sql } from 'kysely';
import type { SalesReportQuery } from '../../shared/catalogue/report.js';
import type { Db, OperationContext } from '../context.js';
import { addDays, dayStart } from './days.js';

/** The range's orders of the business (and of the caller's or the asked point). */
export function ordersInRange(db: Db, ctx: OperationContext, query: SalesReportQuery, utcOffset: number) {
  let select = db
    .selectFrom('orders as o')
    .where('o.business_id', '=', ctx.businessId)
    .where('o.is_deleted', '=', 0)
    .where('o.dt_created', '>=', dayStart(query.from, utcOffset))
    .where('o.dt_created', '<', dayStart(addDays(query.to, 1), utcOffset));
  const point = ctx.actor.pointId ?? query.point_id;
  if (point !== undefined) select = select.where('o.automated_point_id', '=', point);
  if (ctx.actor.pointId !== undefined && query.point_id !== undefined && query.point_id !== ctx.actor.pointId) {
    select = select.where(sql<boolean>`1 = 0`);
  }
  return select;
}

/** The orders that count as sales. */
export const salesOnly = (db: Db, ctx: OperationContext, query: SalesReportQuery, offset: number) =>
  ordersInRange(db, ctx, query, offset).where('o.is_voided', '=', 0).where('o.is_refunded', '=', 0);
