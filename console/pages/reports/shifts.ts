/**
 * A shift's row in the report: what it took (the sum of its recorded totals per method, the Z report) and, where
 * the shift records the cash at the till, over or short. The cash fields — `opening_cash` (the float put in) and
 * `counted_cash` (counted at closing) — come with the shift's closing work being done this session; a shift
 * without them shows no over/short rather than a wrong one. Exact decimals throughout (shared/decimal.ts).
 */
import { formatMoney, MONEY, parseDecimal } from '../../../shared/decimal.js';

export interface ShiftTotal {
  readonly payment_method_id: string;
  readonly name: string;
  readonly paid_sum: string;
  readonly refunded_sum: string;
  readonly payment_count: number;
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
}

export interface ShiftSummary {
  readonly taken: string | null;
  readonly refunded: string | null;
  readonly payments: number | null;
  readonly cashExpected: string | null;
  readonly cashCounted: string | null;
  /** counted − expected: + over, − short; null where it cannot be known. */
  readonly overShort: string | null;
}

const units = (text: string | null | undefined): bigint | null => {
  if (text === null || text === undefined) return null;
  const parsed = parseDecimal(text, { ...MONEY, maxIntegerDigits: 30 });
  return parsed.ok ? parsed.units : null;
};

/** The summary of a shift; `cashMethods` are the ids of the business's payment methods of the CASH kind. */
export function summarizeShift(shift: Shift, cashMethods: ReadonlySet<string>): ShiftSummary {
  if (!shift.totals) return { taken: null, refunded: null, payments: null, cashExpected: null, cashCounted: shift.counted_cash ?? null, overShort: null };
  let taken = 0n;
  let refunded = 0n;
  let cash = 0n;
  let payments = 0;
  for (const total of shift.totals) {
    const paid = units(total.paid_sum) ?? 0n;
    taken += paid;
    refunded += units(total.refunded_sum) ?? 0n;
    payments += total.payment_count;
    if (cashMethods.has(total.payment_method_id)) cash += paid;
  }
  const opening = units(shift.opening_cash);
  const counted = units(shift.counted_cash);
  const expected = opening === null && counted === null ? null : (opening ?? 0n) + cash;
  return {
    taken: formatMoney(taken),
    refunded: formatMoney(refunded),
    payments,
    cashExpected: expected === null ? null : formatMoney(expected),
    cashCounted: counted === null ? null : formatMoney(counted),
    overShort: expected === null || counted === null ? null : formatMoney(counted - expected),
  };
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
