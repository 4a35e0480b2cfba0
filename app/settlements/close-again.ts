/**
 * Closing a shift that is already closed. Each way in decides by whether someone is there to be told:
 *
 * - **A till's close replayed by the push**: it happened — the cashier counted the drawer and printed a Z while the
 *   shift was open at the till — and nobody is at the till to answer a refusal. It is applied with a
 *   SHIFT_ALREADY_CLOSED warning and its count is kept beside the first (docs/sync.md, "Facts and warnings").
 * - **A REST call** (the office): refused (409) when the office has counted the shift already or it was
 *   closed without a count — the person sees the shift closed. One case is taken: a shift only tills have counted
 *   gets the office's count beside theirs, so a close racing the till's push loses nothing either way round.
 * - **The till's own run**: refused (409); the cashier sees the shift closed on the screen.
 *
 * A second close changes nothing else: the totals, expected cash and close time recorded at the first close stand,
 * and the shift's `counted_cash` stays the first count (or, for a shift closed without one, becomes this one).
 */
import type { Selectable } from 'kysely';
import { MONEY, unitsOf } from '../../shared/decimal.js';
import { conflict } from '../../shared/errors.js';
import type { SettlementsTable } from '../../db/schema.js';
import type { OperationContext } from '../context.js';
import { warn } from '../warnings.js';
import { awaitsOfficeCount, countBy, withCount, type CashCount } from './shift-counts.js';

type SettlementRow = Selectable<SettlementsTable>;

export const ALREADY_COUNTED = 'The settlement is already closed: its cash was counted when it closed';

type Changes = Partial<Pick<SettlementRow, 'counted_cash' | 'cash_counts' | 'dt_closed'>>;

/** The columns a second close changes, or nothing; throws the 409 where it is refused. */
export function closeAgain(ctx: OperationContext, current: SettlementRow, counted: bigint | null | undefined, countId: string | undefined): Changes | undefined {
  const count = countId !== undefined && counted !== null && counted !== undefined ? countBy(ctx, countId, counted) : undefined;
  if (ctx.queued && ctx.side === 'server') {
    warn(ctx, { code: 'SHIFT_ALREADY_CLOSED', settlementId: current.id });
    // The shift closed when it first closed: a till's own close time does not move it.
    return { dt_closed: current.dt_closed, ...(count ? keep(current, count) : {}) };
  }
  // Without a count there is nothing to keep: closing a closed shift changes nothing.
  if (!count) return undefined;
  if (!ctx.queued && awaitsOfficeCount(current.cash_counts)) return keep(current, count);
  throw conflict(ALREADY_COUNTED);
}

function keep(current: SettlementRow, count: CashCount): Changes {
  return {
    counted_cash: current.counted_cash ?? unitsOf(count.counted_cash, MONEY),
    cash_counts: withCount(current.cash_counts, count),
  };
}
