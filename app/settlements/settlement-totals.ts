/**
 * What a shift took, per payment method, recorded when it closes (the reference's settlements closed nothing,
 * D14). A payment counts in its own `settlement_id`'s shift when it names one, else in its order's. Payments of
 * voided orders do not count; those of refunded orders, and payments marked refunded, count as `refunded_sum`, as
 * do the refund documents made in the shift (by the shift THEY name). Cash is what it kept: the change counted in
 * the payments comes off (shared/cash-change.ts).
 */
import type { Selectable } from 'kysely';
import { formatMoney, type Money } from '../../shared/decimal.js';
import type { SettlementTotalsTable } from '../../db/schema.js';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { insertRows } from '../../db/insert-statements.js';
import { sumShiftRefunds } from '../orders/refunds/shift-refunds.js';
import { shiftPayments } from './shift-payments.js';

export type TotalRow = Selectable<SettlementTotalsTable>;

export interface MethodTotal {
  readonly payment_method_id: string;
  readonly name: string | null;
  /** What the method's payments kept (change off cash by shared/cash-change.ts), refunded ones out. */
  readonly paid_sum: bigint;
  readonly tip_amount: bigint;
  /** Given back in this shift: payments of orders flagged refunded, plus the refund documents made in it. */
  readonly refunded_sum: bigint;
  readonly payment_count: number;
}

/**
 * The shift's figures per method, from the same payment rows as its X/Z report (shift-payments.ts) and the refund
 * documents made IN it (app/orders/refunds/shift-refunds.ts): the closing totals and the console's open-shift
 * totals (app/reports/open-shifts.ts) are this, so they agree with the report.
 */
export async function shiftMethodTotals(db: Db, ctx: OperationContext, settlementId: string): Promise<MethodTotal[]> {
  const methods = new Map<string, { payment_method_id: string; name: string | null; paid_sum: bigint; tip_amount: bigint; refunded_sum: bigint; payment_count: number }>();
  const method = (id: string, name: string | null) => {
    const known = methods.get(id) ?? { payment_method_id: id, name, paid_sum: 0n, tip_amount: 0n, refunded_sum: 0n, payment_count: 0 };
    methods.set(id, known);
    return known;
  };
  for (const payment of await shiftPayments(db, ctx, settlementId)) {
    const total = method(payment.paymentMethodId, payment.methodName);
    total.payment_count += 1;
    if (payment.refunded) total.refunded_sum += payment.taken;
    else {
      total.paid_sum += payment.taken;
      total.tip_amount += payment.tip;
    }
  }
  for (const refund of (await sumShiftRefunds(db, ctx, settlementId)).byMethod) {
    method(refund.paymentMethodId, refund.name).refunded_sum += refund.amount;
  }
  return [...methods.values()];
}

/** Computes and stores the closing totals of a shift; returns the stored rows in their order. */
export async function recordTotals(db: Db, ctx: OperationContext, settlementId: string): Promise<TotalRow[]> {
  const rows: TotalRow[] = (await shiftMethodTotals(db, ctx, settlementId))
    .map((summed) => ({
      business_id: ctx.businessId,
      id: ctx.newId(),
      settlement_id: settlementId,
      payment_method_id: summed.payment_method_id,
      name: summed.name ?? '',
      paid_sum: summed.paid_sum,
      tip_amount: summed.tip_amount,
      refunded_sum: summed.refunded_sum,
      payment_count: summed.payment_count,
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
