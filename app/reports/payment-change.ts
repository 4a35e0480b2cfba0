/**
 * The change a REST client counted in its cash payments (paid 100 000 for a 95 000 sale, change 5 000), for the sales
 * report's sums by method: the sums run in SQL over `paid_sum`, and only the orders whose payments add up to more
 * than their total AND that gave change need the correction — read here and put through the one rule of
 * shared/cash-change.ts. Sales recorded the till's way (paid = what the sale keeps) are not read at all.
 */
import { sql } from 'kysely';
import type { SalesReportQuery } from '../../shared/catalogue/report.js';
import { keptAmounts } from '../../shared/cash-change.js';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { salesOnly } from './order-range.js';

/** How much to take off each method's sum, keyed `methodId:refunded` (refunded 1 or 0, as the payment's flag). */
export async function changeCountedInPayments(db: Db, ctx: OperationContext, query: SalesReportQuery, offset: number) {
  const paidAll = sql<bigint>`(select coalesce(sum(q.paid_sum), 0) from order_payments q
      where q.business_id = o.business_id and q.order_id = o.id and q.is_deleted = 0)`;
  const rows = await salesOnly(db, ctx, query, offset)
    .innerJoin('order_payments as p', (join) => join.onRef('p.business_id', '=', 'o.business_id').onRef('p.order_id', '=', 'o.id'))
    .leftJoin('payment_methods as m', (join) => join.onRef('m.business_id', '=', 'p.business_id').onRef('m.id', '=', 'p.payment_type_id'))
    .where('p.is_deleted', '=', 0)
    .where('o.total_change', '>', 0n)
    .where(sql<boolean>`${paidAll} > o.total_sum`)
    .select(['o.id as order_id', 'o.total_sum', 'o.total_change', 'p.line_no', 'p.payment_type_id', 'p.paid_sum', 'p.is_refunded', 'm.kind'])
    .orderBy('o.id')
    .orderBy('p.line_no')
    .execute();
  const byOrder = new Map<string, typeof rows>();
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  const off = new Map<string, bigint>();
  for (const payments of byOrder.values()) {
    const first = payments[0]!;
    const kept = keptAmounts(
      payments.map((payment) => ({ paid: units(payment.paid_sum), cash: payment.kind === 'CASH' })),
      units(first.total_sum),
      first.total_change === null ? null : units(first.total_change),
    );
    payments.forEach((payment, index) => {
      const less = units(payment.paid_sum) - kept[index]!;
      if (less === 0n) return;
      const key = `${payment.payment_type_id}:${Number(payment.is_refunded) !== 0 ? 1 : 0}`;
      off.set(key, (off.get(key) ?? 0n) + less);
    });
  }
  return off;
}
