/**
 * The running totals of every open shift (ReportController_openShifts): the X report — what each shift has taken
 * so far per payment method, and the cash its documents say is in the drawer now — by the very rules the shift's
 * own report and closing totals use (app/settlements: shiftMethodTotals, expectedCash): a payment counts in its own
 * shift when it names one, else in its order's; voided orders do not count; change off cash by shared/cash-change.ts;
 * refunded orders' payments and the refund documents made in the shift count as `refunded_sum`. Exact hundredths.
 */
import { formatMoney } from '../../shared/decimal.js';
import type { Db, OperationContext } from '../context.js';
import { shiftMethodTotals } from '../settlements/settlement-totals.js';
import { expectedCash } from '../settlements/shift-report.js';

export async function openShiftTotals(db: Db, ctx: OperationContext) {
  let query = db
    .selectFrom('settlements as s')
    .selectAll('s')
    .where('s.business_id', '=', ctx.businessId)
    .where('s.is_closed', '=', 0)
    .where('s.is_deleted', '=', 0);
  // A caller with a point (none today: owners and admins only) sees its point's shifts only.
  if (ctx.actor.pointId !== undefined) {
    const point = ctx.actor.pointId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('workplaces as w')
          .select('w.id')
          .whereRef('w.business_id', '=', 's.business_id')
          .whereRef('w.id', '=', 's.workplace_id')
          .where('w.automated_point_id', '=', point),
      ),
    );
  }
  const shifts = (await query.execute()).sort((a, b) => (a.id < b.id ? -1 : 1));
  const answer = [];
  for (const shift of shifts) {
    const totals = await shiftMethodTotals(db, ctx, shift.id);
    const cash = await expectedCash(db, ctx, shift);
    answer.push({
      settlement_id: shift.id,
      totals: totals
        .map((total) => ({
          payment_method_id: total.payment_method_id,
          name: total.name ?? '',
          paid_sum: formatMoney(total.paid_sum),
          tip_amount: formatMoney(total.tip_amount),
          refunded_sum: formatMoney(total.refunded_sum),
          payment_count: total.payment_count,
        }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
      expected_cash: formatMoney(cash.expected),
    });
  }
  return answer;
}
