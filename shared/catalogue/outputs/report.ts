/** Output schemas of the report operations (shared/catalogue/report.ts): sums as exact decimal strings. */
import { z } from 'zod';
import { count, id, many, money, record, text } from './kit.js';

const tally = () => record({ count: count(), sum: money() });

const group = <T extends z.ZodRawShape>(key: T) => many(record({ ...key, name: text(), count: count(), sum: money() }));

export const salesReportOutput = record({
  from: text(),
  to: text(),
  utc_offset: count(),
  /** Orders that count as sales: not voided, not refunded. */
  sales: tally(),
  /** Shown apart, never in `sales`. */
  voided: tally(),
  refunded: tally(),
  /** Payments marked refunded on orders that still count as sales. */
  refunded_payments: tally(),
  /**
   * Refund documents made in the range (by the day of the refund), apart: the sales they take back stay in their
   * day's sales. By the method the money went back by.
   */
  refunds: record({
    count: count(),
    sum: money(),
    by_method: many(record({ payment_method_id: id(), name: text(), kind: text(), count: count(), sum: money() })),
  }),
  by_workplace: group({ workplace_id: id() }),
  by_employee: group({ employee_id: id() }),
  by_payment_method: many(record({ payment_method_id: id(), name: text(), kind: text(), count: count(), sum: money(), tips: money() })),
  /** Every day of the range, in order, empty days included. */
  by_day: many(record({ day: text(), count: count(), sum: money() })),
  /** The 24 hours of the owner's day, 0 to 23, over the whole range. */
  by_hour: many(record({ hour: count(), count: count(), sum: money() })),
});

export const debtAgingOutput = record({
  as_of: text(),
  utc_offset: count(),
  clients: many(
    record({
      client_id: id(),
      name: text(),
      phone: text().nullable(),
      balance: money(),
      days_0_30: money(),
      days_31_60: money(),
      days_61_90: money(),
      days_over_90: money(),
      /** The day of the oldest entry not yet paid back, or null. */
      oldest_unpaid: text().nullable(),
    }),
  ),
  totals: record({ balance: money(), days_0_30: money(), days_31_60: money(), days_61_90: money(), days_over_90: money() }),
});

/**
 * What each open shift has taken so far (its X report), per payment method, as a closed shift's `totals`, and the
 * cash its documents say is in the drawer now (the report's `expected_cash`). Every open shift, sales or not.
 */
export const openShiftsOutput = many(
  record({
    settlement_id: id(),
    totals: many(record({ payment_method_id: id(), name: text(), paid_sum: money(), tip_amount: money(), refunded_sum: money(), payment_count: count() })),
    expected_cash: money(),
  }),
);

export const reportOutputs = {
  ReportController_openShifts: openShiftsOutput,
  ReportController_sales: salesReportOutput,
  ReportController_debtAging: debtAgingOutput,
} as const;
