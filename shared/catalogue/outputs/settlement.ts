/**
 * Output schemas of the settlement operations (shifts; the wire keeps the reference's spelling "Settlment"): a
 * shift, and once closed its totals per payment method.
 */
import { count, flag, id, many, money, record, resource, text, timestamp } from './kit.js';
import { CashCountWire } from './settlement-cash.js';

/** A closed shift's total for one payment method. */
export const SettlementTotalWire = record({
  payment_method_id: id(),
  name: text(),
  paid_sum: money(),
  tip_amount: money(),
  refunded_sum: money(),
  payment_count: count(),
});

export const SettlementWire = resource({
  name: text(),
  dt_closed: timestamp().nullable(),
  is_closed: flag(),
  workplace_id: id().nullable(),
  /** Null while the shift is open. */
  totals: many(SettlementTotalWire).nullable(),
  /** Ours, additive: the drawer's cash counted at opening, counted and expected at closing, and counted − expected. */
  opening_cash: money().nullable(),
  counted_cash: money().nullable(),
  expected_cash: money().nullable(),
  over_short: money().nullable(),
  /** Ours, additive: every count made when closing (a shift closed twice keeps both), each against `expected_cash`. */
  cash_counts: many(CashCountWire),
});

export const settlementOutputs = {
  SettlmentController_create: SettlementWire,
  SettlmentController_findAll: many(SettlementWire),
  /** The newest shift, or nothing — 200 with an empty body, as the reference — when there is none. */
  SettlmentController_findLatest: SettlementWire.optional(),
  SettlmentController_findOne: SettlementWire,
  SettlmentController_update: SettlementWire,
  SettlmentController_remove: SettlementWire,
} as const;
