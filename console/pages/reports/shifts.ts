/**
 * A shift's row in the report: what it took (the sum of its totals per method: recorded at closing, the Z; summed
 * so far for an open one, the X) and its cash — expected, counted, over or short — as the SHIFT states it: a closed
 * shift's `expected_cash`, `counted_cash` and `over_short` (recorded when it closed, migration 0024; the expected
 * cash counts opening cash, cash sales net of change, cash refunds and cash in/out), an open shift's expected cash
 * from ReportController_openShifts. Nothing is re-derived here, so the page, the X/Z report and the till agree; a
 * shift without those fields (closed before the cash count existed) shows "—", never a guessed figure. A shift closed
 * twice (the office, and its till offline) keeps both counts (`cash_counts`): the summary lists each, by who counted.
 */
import { formatMoney, MONEY, parseDecimal } from '../../../shared/decimal.js';

export interface ShiftTotal {
  readonly payment_method_id: string;
  readonly name: string;
  readonly paid_sum: string;
  readonly refunded_sum: string;
  readonly payment_count: number;
}

/** One count made when closing a shift: at the office (over REST) or at a till. */
export interface ShiftCount {
  readonly source: 'office' | 'till';
  readonly counted_cash: string;
}

/** A shift as `SettlmentController_findAll` answers it; the cash fields only where the service has them. */
export interface Shift {
  readonly id: string;
  readonly name: string;
  readonly workplace_id: string | null;
  readonly is_closed: boolean;
  readonly dt_created: string;
  readonly dt_closed: string | null;
  readonly totals: readonly ShiftTotal[] | null;
  readonly opening_cash?: string | null;
  readonly counted_cash?: string | null;
  /** Recorded when the shift closed: the cash its documents said should be in the drawer then. */
  readonly expected_cash?: string | null;
  /** counted − expected, recorded when it closed with a count. */
  readonly over_short?: string | null;
  /** Every count made when closing, first (the shift's `counted_cash`) first. */
  readonly cash_counts?: readonly ShiftCount[];
}

/** An open shift's figures so far (ReportController_openShifts). */
export interface RunningShift {
  readonly settlement_id: string;
  readonly totals: readonly ShiftTotal[];
  readonly expected_cash?: string | null;
}

export interface ShiftSummary {
  readonly taken: string | null;
  readonly refunded: string | null;
  readonly payments: number | null;
  readonly cashExpected: string | null;
  readonly cashCounted: string | null;
  /** counted − expected: + over, − short; null where it cannot be known. */
  readonly overShort: string | null;
  /** Each count, where the shift was counted more than once (closed at the office and at its till); else none. */
  readonly counts: readonly { readonly source: ShiftCount['source']; readonly counted: string }[];
}

const units = (text: string | null | undefined): bigint | null => {
  if (text === null || text === undefined) return null;
  const parsed = parseDecimal(text, { ...MONEY, maxIntegerDigits: 30 });
  return parsed.ok ? parsed.units : null;
};

function countsOf(shift: Shift): ShiftSummary['counts'] {
  const counts = shift.cash_counts ?? [];
  if (counts.length < 2) return [];
  return counts.map((count) => ({ source: count.source, counted: formatMoney(units(count.counted_cash) ?? 0n) }));
}

/** The summary of a shift; `running`: an open shift's figures so far (its totals and expected cash). */
export function summarizeShift(shift: Shift, running?: RunningShift): ShiftSummary {
  const totals = shift.is_closed ? shift.totals : (running?.totals ?? []);
  const cashExpected = shift.is_closed ? (shift.expected_cash ?? null) : (running?.expected_cash ?? null);
  const counted = shift.is_closed ? (shift.counted_cash ?? null) : null;
  const cash = {
    cashExpected: cashExpected === null ? null : formatMoney(units(cashExpected) ?? 0n),
    cashCounted: counted === null ? null : formatMoney(units(counted) ?? 0n),
    overShort: shift.is_closed && shift.over_short !== null && shift.over_short !== undefined ? formatMoney(units(shift.over_short) ?? 0n) : null,
    counts: countsOf(shift),
  };
  if (!totals) return { taken: null, refunded: null, payments: null, ...cash };
  let taken = 0n;
  let refunded = 0n;
  let payments = 0;
  for (const total of totals) {
    taken += units(total.paid_sum) ?? 0n;
    refunded += units(total.refunded_sum) ?? 0n;
    payments += total.payment_count;
  }
  return { taken: formatMoney(taken), refunded: formatMoney(refunded), payments, ...cash };
}

/** Shifts opened within [start, end) (epoch milliseconds), newest first. */
export function shiftsIn(shifts: readonly Shift[], start: number, end: number): Shift[] {
  return shifts
    .filter((shift) => {
      const opened = Date.parse(shift.dt_created);
      return opened >= start && opened < end;
    })
    .sort((a, b) => (a.dt_created < b.dt_created ? 1 : a.dt_created > b.dt_created ? -1 : 0));
}
