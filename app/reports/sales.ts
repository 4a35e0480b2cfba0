/**
 * The sales report (ReportController_sales): the orders of a range of the owner's days — the rows `/get` shows as
 * D_Order and T_Order_Payment — counted and summed by till, by cashier, by payment method, by day and by hour.
 * A sale is an order that is neither voided nor refunded; voided and refunded orders are counted apart, never in
 * the sales. Sums run in SQL over the stored hundredths (BIGINT: exact on both engines), the day/hour buckets are
 * grouped by the instant's UTC hour (or minute, for a time zone of a part hour) as text — the same on both
 * engines — and moved to the owner's clock here.
 *
 * Refunds: an order flagged `is_refunded` (the reference's way) leaves the sales and is counted in `refunded`; a
 * payment flagged refunded in `refunded_payments`. Refund documents (OrderRefundController_create) are shown apart
 * in `refunds`, by the day THEY were made and by method (refund-documents.ts): the sale they take back happened and
 * stays in its day's sales. Payment sums are what each payment kept: the change counted in a cash payment comes off
 * it by the one rule of shared/cash-change.ts (payment-change.ts), as the shift reports count it.
 */
import { sql } from 'kysely';
import { formatMoney } from '../../shared/decimal.js';
import type { SalesReportQuery } from '../../shared/catalogue/report.js';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { addDays, dayCount, localDayAndHour } from './days.js';
import { ordersInRange, salesOnly } from './order-range.js';
import { changeCountedInPayments } from './payment-change.js';
import { refundDocuments } from './refund-documents.js';

type Summed = { count: bigint | number | string; sum: bigint | number | string | null };
type Tally = { count: number; sum: string };

const tally = (row: Summed | undefined): Tally => ({ count: Number(row?.count ?? 0), sum: formatMoney(units(row?.sum ?? 0)) });

async function statusTallies(db: Db, ctx: OperationContext, query: SalesReportQuery, offset: number) {
  const rows = await ordersInRange(db, ctx, query, offset)
    .select(['o.is_voided', 'o.is_refunded'])
    .select(sql<bigint>`count(*)`.as('count'))
    .select(sql<bigint>`coalesce(sum(o.total_sum), 0)`.as('sum'))
    .groupBy(['o.is_voided', 'o.is_refunded'])
    .execute();
  const sales = { count: 0, sum: 0n };
  const voided = { count: 0, sum: 0n };
  const refunded = { count: 0, sum: 0n };
  for (const row of rows) {
    // A voided order never happened, refunded or not; a refunded one happened and was given back.
    const target = Number(row.is_voided) !== 0 ? voided : Number(row.is_refunded) !== 0 ? refunded : sales;
    target.count += Number(row.count);
    target.sum += units(row.sum);
  }
  const wire = (t: { count: number; sum: bigint }): Tally => ({ count: t.count, sum: formatMoney(t.sum) });
  return { sales: wire(sales), voided: wire(voided), refunded: wire(refunded) };
}

async function byWorkplace(db: Db, ctx: OperationContext, query: SalesReportQuery, offset: number) {
  const rows = await salesOnly(db, ctx, query, offset)
    .leftJoin('workplaces as w', (join) => join.onRef('w.business_id', '=', 'o.business_id').onRef('w.id', '=', 'o.workplace_id'))
    .select('o.workplace_id')
    .select(sql<string | null>`min(w.name)`.as('name'))
    .select(sql<bigint>`count(*)`.as('count'))
    .select(sql<bigint>`coalesce(sum(o.total_sum), 0)`.as('sum'))
    .groupBy('o.workplace_id')
    .execute();
  return rows
    .map((row) => ({ workplace_id: row.workplace_id, name: row.name ?? '', ...tally(row) }))
    .sort(byName);
}

async function byEmployee(db: Db, ctx: OperationContext, query: SalesReportQuery, offset: number) {
  // A sale rung up by the owner's or an admin's own account names the user, not an employee.
  const rows = await salesOnly(db, ctx, query, offset)
    .leftJoin('employees as e', (join) => join.onRef('e.business_id', '=', 'o.business_id').onRef('e.id', '=', 'o.employee_id'))
    .leftJoin('users as u', (join) => join.onRef('u.business_id', '=', 'o.business_id').onRef('u.id', '=', 'o.employee_id'))
    .select('o.employee_id')
    .select(sql<string | null>`min(coalesce(e.full_name, u.full_name, u.login))`.as('name'))
    .select(sql<bigint>`count(*)`.as('count'))
    .select(sql<bigint>`coalesce(sum(o.total_sum), 0)`.as('sum'))
    .groupBy('o.employee_id')
    .execute();
  return rows
    .map((row) => ({ employee_id: row.employee_id, name: row.name ?? '', ...tally(row) }))
    .sort(byName);
}

async function byPaymentMethod(db: Db, ctx: OperationContext, query: SalesReportQuery, offset: number) {
  const rows = await salesOnly(db, ctx, query, offset)
    .innerJoin('order_payments as p', (join) => join.onRef('p.business_id', '=', 'o.business_id').onRef('p.order_id', '=', 'o.id'))
    .leftJoin('payment_methods as m', (join) => join.onRef('m.business_id', '=', 'p.business_id').onRef('m.id', '=', 'p.payment_type_id'))
    .where('p.is_deleted', '=', 0)
    .select(['p.payment_type_id', 'p.is_refunded'])
    .select(sql<string | null>`min(m.name)`.as('name'))
    .select(sql<string | null>`min(m.kind)`.as('kind'))
    .select(sql<bigint>`count(*)`.as('count'))
    .select(sql<bigint>`coalesce(sum(p.paid_sum), 0)`.as('sum'))
    .select(sql<bigint>`coalesce(sum(coalesce(p.tip_amount, 0)), 0)`.as('tips'))
    .groupBy(['p.payment_type_id', 'p.is_refunded'])
    .execute();
  const methods = new Map<string, { payment_method_id: string; name: string; kind: string; count: number; sum: bigint; tips: bigint }>();
  const refundedPayments = { count: 0, sum: 0n };
  const change = await changeCountedInPayments(db, ctx, query, offset);
  for (const row of rows) {
    const refunded = Number(row.is_refunded) !== 0;
    const counted = change.get(`${row.payment_type_id}:${refunded ? 1 : 0}`) ?? 0n;
    if (refunded) {
      refundedPayments.count += Number(row.count);
      refundedPayments.sum += units(row.sum) - counted;
      continue;
    }
    const method = methods.get(row.payment_type_id) ?? { payment_method_id: row.payment_type_id, name: row.name ?? '', kind: row.kind ?? 'OTHER', count: 0, sum: 0n, tips: 0n };
    method.count += Number(row.count);
    method.sum += units(row.sum) - counted;
    method.tips += units(row.tips);
    methods.set(row.payment_type_id, method);
  }
  return {
    byMethod: [...methods.values()].map((m) => ({ ...m, sum: formatMoney(m.sum), tips: formatMoney(m.tips) })).sort(byName),
    refundedPayments: { count: refundedPayments.count, sum: formatMoney(refundedPayments.sum) },
  };
}

async function byDayAndHour(db: Db, ctx: OperationContext, query: SalesReportQuery, offset: number) {
  // "2026-11-25T09" (an hour) or "2026-11-25T09:30" (a minute, for a time zone of a part hour), in UTC.
  const width = offset % 60 === 0 ? 13 : 16;
  const bucket = sql<string>`substr(o.dt_created, 1, ${sql.lit(width)})`;
  const rows = await salesOnly(db, ctx, query, offset)
    .select(bucket.as('bucket'))
    .select(sql<bigint>`count(*)`.as('count'))
    .select(sql<bigint>`coalesce(sum(o.total_sum), 0)`.as('sum'))
    .groupBy(bucket)
    .execute();
  const days = new Map<string, { count: number; sum: bigint }>();
  for (let index = 0; index <= dayCount(query.from, query.to); index++) days.set(addDays(query.from, index), { count: 0, sum: 0n });
  const hours = Array.from({ length: 24 }, () => ({ count: 0, sum: 0n }));
  for (const row of rows) {
    const instant = width === 13 ? `${row.bucket}:00:00.000Z` : `${row.bucket}:00.000Z`;
    const { day, hour } = localDayAndHour(instant, offset);
    const count = Number(row.count);
    const amount = units(row.sum);
    const dayTotal = days.get(day);
    if (dayTotal) {
      dayTotal.count += count;
      dayTotal.sum += amount;
    }
    hours[hour]!.count += count;
    hours[hour]!.sum += amount;
  }
  return {
    byDay: [...days].map(([day, t]) => ({ day, count: t.count, sum: formatMoney(t.sum) })),
    byHour: hours.map((t, hour) => ({ hour, count: t.count, sum: formatMoney(t.sum) })),
  };
}

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export async function salesReport(db: Db, query: SalesReportQuery, ctx: OperationContext) {
  const offset = query.utc_offset ?? 0;
  const status = await statusTallies(db, ctx, query, offset);
  const payments = await byPaymentMethod(db, ctx, query, offset);
  const buckets = await byDayAndHour(db, ctx, query, offset);
  return {
    from: query.from,
    to: query.to,
    utc_offset: offset,
    sales: status.sales,
    voided: status.voided,
    refunded: status.refunded,
    refunded_payments: payments.refundedPayments,
    refunds: await refundDocuments(db, ctx, query, offset),
    by_workplace: await byWorkplace(db, ctx, query, offset),
    by_employee: await byEmployee(db, ctx, query, offset),
    by_payment_method: payments.byMethod,
    by_day: buckets.byDay,
    by_hour: buckets.byHour,
  };
}
