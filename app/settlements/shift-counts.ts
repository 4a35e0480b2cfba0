/**
 * The cash counts of a shift. Closing counts the drawer; a shift can be closed twice — the office closes a till's
 * shift over REST while the till, offline, closes it with its own Z — and both counts are real counts of one drawer,
 * so the shift keeps each of them (`settlements.cash_counts`, migration 0033) with who counted, when (business
 * time) and which way it came: `office` (a REST call) or `till` (a till's queued close, run there and replayed by
 * the push). The first count is the shift's `counted_cash`; the report lists them all and how far they differ.
 * Behaviour: docs/selling/shifts.md, "Closed twice".
 *
 * Stored as JSON in the order they arrived, money as canonical decimal text, read back into exact units.
 */
import { formatMoney, MONEY, unitsOf } from '../../shared/decimal.js';
import type { OperationContext } from '../context.js';

export type CountSource = 'office' | 'till';

/** One count as stored. Exactly one of `user_id` (an owner or admin) and `employee_id` (a cashier) is set. */
export interface CashCount {
  readonly id: string;
  readonly source: CountSource;
  readonly user_id: string | null;
  readonly employee_id: string | null;
  /** The till it was counted at; null for the office. */
  readonly workplace_id: string | null;
  readonly counted_at: string;
  readonly counted_cash: string;
}

/** The shift's counts, oldest arrival first. */
export function readCounts(stored: string | null | undefined): CashCount[] {
  if (!stored) return [];
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? (parsed as CashCount[]) : [];
}

/**
 * A count made by this operation. `id` is taken before the operation makes anything else, so a till's close and its
 * replay on the service give the count the same id (app/sync/derived-ids.ts), whatever else each side writes.
 */
export function countBy(ctx: OperationContext, id: string, counted: bigint): CashCount {
  const employee = ctx.actor.kind === 'employee';
  return {
    id,
    source: ctx.queued ? 'till' : 'office',
    user_id: employee ? null : ctx.actor.id,
    employee_id: employee ? ctx.actor.id : null,
    workplace_id: ctx.queued ? (ctx.actor.workplaceId ?? null) : null,
    counted_at: ctx.now,
    counted_cash: formatMoney(counted),
  };
}

/** The stored list with `count` appended; the same count (by id) is never kept twice. */
export function withCount(stored: string | null | undefined, count: CashCount): string {
  const counts = readCounts(stored);
  return JSON.stringify(counts.some((known) => known.id === count.id) ? counts : [...counts, count]);
}

/** Whether the office may still add its count to a closed shift: only to one that tills alone have counted. */
export function awaitsOfficeCount(stored: string | null | undefined): boolean {
  const counts = readCounts(stored);
  return counts.length > 0 && counts.every((count) => count.source === 'till');
}

/** The counts as the wire shows them, each with its over or short against `expected` (null: none to compare). */
export function countsWire(counts: readonly CashCount[], expected: bigint | null) {
  return counts.map((count) => ({
    ...count,
    over_short: expected === null ? null : formatMoney(unitsOf(count.counted_cash, MONEY) - expected),
  }));
}

/** How far the counts differ: the highest minus the lowest; null with fewer than two counts. */
export function countDifference(counts: readonly CashCount[]): string | null {
  if (counts.length < 2) return null;
  const amounts = counts.map((count) => unitsOf(count.counted_cash, MONEY));
  const highest = amounts.reduce((a, b) => (b > a ? b : a));
  const lowest = amounts.reduce((a, b) => (b < a ? b : a));
  return formatMoney(highest - lowest);
}
