/**
 * What a shift took, per payment method, recorded when it closes (the reference's settlements closed nothing,
 * D14). A payment counts in its own `settlement_id`'s shift when it names one, else in its order's. Payments of
 * voided orders do not count; those of refunded orders, and payments marked refunded, count as `refunded_sum`.
 */
import { sql, type Selectable } from 'kysely';
import { formatMoney, type Money } from '../../shared/decimal.js';
import type { SettlementTotalsTable } from '../../db/schema.js';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { insertRows } from '../../db/insert-statements.js';

export type TotalRow = Selectable<SettlementTotalsTable>;

type Summed = {
  payment_method_id: string;
  name: string | null;
  paid_sum: bigint | string | null;
  tip_amount: bigint | string | null;
  refunded_sum: bigint | string | null;
  payment_count: bigint | number | string;
};

/** Sums the shift's payments by method (SUM over BIGINT: exact on both engines). */
async function sumPayments(db: Db, ctx: OperationContext, settlementId: string): Promise<Summed[]> {
  const business = ctx.businessId;
  const refunded = sql`(o.is_refunded <> 0 or p.is_refunded <> 0)`;
  const result = await sql<Summed>`
    select p.payment_type_id as payment_method_id, min(m.name) as name,
           coalesce(sum(case when ${refunded} then 0 else p.paid_sum end), 0) as paid_sum,
           coalesce(sum(case when ${refunded} then 0 else coalesce(p.tip_amount, 0) end), 0) as tip_amount,
           coalesce(sum(case when ${refunded} then p.paid_sum else 0 end), 0) as refunded_sum,
           count(*) as payment_count
      from order_payments p
      join orders o on o.business_id = p.business_id and o.id = p.order_id
      left join payment_methods m on m.business_id = p.business_id and m.id = p.payment_type_id
     where p.business_id = ${business} and p.is_deleted = 0 and o.is_deleted = 0 and o.is_voided = 0
       and (p.settlement_id = ${settlementId} or (p.settlement_id is null and o.settlement_id = ${settlementId}))
     group by p.payment_type_id`.execute(db);
  return result.rows;
}

/** Computes and stores the closing totals of a shift; returns the stored rows in their order. */
export async function recordTotals(db: Db, ctx: OperationContext, settlementId: string): Promise<TotalRow[]> {
  const rows: TotalRow[] = (await sumPayments(db, ctx, settlementId))
    .map((summed) => ({
      business_id: ctx.businessId,
      id: ctx.newId(),
      settlement_id: settlementId,
      payment_method_id: summed.payment_method_id,
      name: summed.name ?? '',
      paid_sum: units(summed.paid_sum),
      tip_amount: units(summed.tip_amount),
      refunded_sum: units(summed.refunded_sum),
      payment_count: Number(summed.payment_count),
      is_deleted: 0,
      dt_created: ctx.now,
      dt_updated: ctx.now,
    }))
    .sort(byNameThenId);
  await insertRows(db, 'settlement_totals', rows);
  return rows;
}

const byNameThenId = (a: TotalRow, b: TotalRow) =>
  a.name < b.name
    ? -1
    : a.name > b.name
      ? 1
      : a.payment_method_id < b.payment_method_id
        ? -1
        : a.payment_method_id > b.payment_method_id
          ? 1
          : 0;

/** The recorded totals of the given shifts (`'all'`: of every shift of the business), by shift. */
export async function loadTotals(
  db: Db,
  ctx: OperationContext,
  settlementIds: readonly string[] | 'all',
): Promise<Map<string, TotalRow[]>> {
  const byShift = new Map<string, TotalRow[]>();
  if (settlementIds.length === 0) return byShift;
  let query = db
    .selectFrom('settlement_totals')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('is_deleted', '=', 0);
  if (settlementIds !== 'all') query = query.where('settlement_id', 'in', [...new Set(settlementIds)]);
  const rows = await query.execute();
  for (const row of rows.sort(byNameThenId)) byShift.set(row.settlement_id, [...(byShift.get(row.settlement_id) ?? []), row]);
  return byShift;
}

/** A total as the settlement's `totals` entry shows it. */
export const totalWire = (row: TotalRow) => ({
  payment_method_id: row.payment_method_id,
  name: row.name,
  paid_sum: formatMoney(units(row.paid_sum) as Money),
  tip_amount: formatMoney(units(row.tip_amount) as Money),
  refunded_sum: formatMoney(units(row.refunded_sum) as Money),
  payment_count: Number(row.payment_count),
});
