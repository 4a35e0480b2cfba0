/**
 * Output schemas of our shift additions (shared/catalogue/settlement-cash.ts): a cash move, and the shift's report —
 * the X figures while it is open, with the counted cash and over/short once closed (Z). `ShiftReportWire` is what
 * the printed X/Z reports lay out (shared/shift-report-print.ts adapts it to main/printing's layout input).
 */
import { z } from 'zod';
import { count, flag, id, many, money, record, resource, text, timestamp } from './kit.js';

export const CashMoveWire = resource({
  settlement_id: id(),
  workplace_id: id().nullable(),
  employee_id: id(),
  kind: text(),
  amount: money(),
  reason: text(),
});

/**
 * One cash count of a closed shift (a shift closed twice — by the office and, offline, by its till — keeps both):
 * who counted (`user_id` for an owner or admin, `employee_id` for a cashier), when (business time), which way it
 * came (`office`: over REST; `till`: a till's close, with its `workplace_id`), and counted − expected.
 */
export const CashCountWire = record({
  id: id(),
  source: z.enum(['office', 'till']),
  user_id: id().nullable(),
  employee_id: id().nullable(),
  workplace_id: id().nullable(),
  counted_at: timestamp(),
  counted_cash: money(),
  /** Against the expected cash: in a report, as it is now; on a shift, as recorded when it closed (null: none). */
  over_short: money().nullable(),
});

/** One payment method's figures in a shift: what it took (cash: less change given) and what went back. */
export const ShiftMethodFiguresWire = record({
  payment_method_id: id(),
  name: text(),
  /** CASH, CARD, DEBT or OTHER. */
  kind: text(),
  sales: money(),
  refunds: money(),
  tips: money(),
  payment_count: count(),
});

export const ShiftReportWire = record({
  settlement_id: id(),
  name: text(),
  workplace_id: id().nullable(),
  is_closed: flag(),
  opened_at: timestamp(),
  closed_at: timestamp().nullable(),
  /** Closed, not voided orders (refunded ones included: the sale happened, its refund is counted apart). */
  sales_count: count(),
  sales_total: money(),
  refunds_count: count(),
  refunds_total: money(),
  voided_count: count(),
  discounts_total: money(),
  taxes_total: money(),
  taxes: many(record({ tax_id: id(), name: text(), amount: money() })),
  by_payment_method: many(ShiftMethodFiguresWire),
  opening_cash: money(),
  cash_sales: money(),
  cash_refunds: money(),
  cash_in: money(),
  cash_out: money(),
  /** opening_cash + cash_sales − cash_refunds + cash_in − cash_out, from the documents as they are now. */
  expected_cash: money(),
  cash_moves: many(CashMoveWire),
  /** Orders still open in the shift (closing asks to close or carry them over). */
  open_orders: count(),
  /** Recorded at closing (Z); null while open or when none was counted. */
  counted_cash: money().nullable(),
  /** counted_cash − expected_cash: positive over, negative short; null without a count. */
  over_short: money().nullable(),
  /** The expected cash recorded when the shift closed (the Z as printed then). */
  expected_cash_at_close: money().nullable(),
  /** A document of this shift arrived or changed after it closed: the figures differ from those recorded then. */
  changed_since_close: flag(),
  /** Every count made when closing the shift, in the order they arrived; the first is `counted_cash`. */
  cash_counts: many(CashCountWire),
  /** How far the counts differ (highest − lowest); null with fewer than two. */
  cash_count_difference: money().nullable(),
});
export type ShiftReportWire = z.output<typeof ShiftReportWire>;
export type CashMoveWire = z.output<typeof CashMoveWire>;
export type CashCountWire = z.output<typeof CashCountWire>;

export const settlementCashOutputs = {
  SettlmentController_createCashMove: CashMoveWire,
  SettlmentController_findCashMoves: many(CashMoveWire),
  SettlmentController_report: ShiftReportWire,
} as const;
