/**
 * The till's open shift, if any (the sale and payment screens call `loadOpenShift`; the signature stays). Selling
 * needs an open shift: every order carries its `settlement_id`, so a sale made offline belongs to the shift it was
 * made in whenever it arrives. A shift belongs to a till (its workplace): the shift asked for is the newest of the
 * workplace given, or — given none ('') — of this till's own workplace, which the terminal core knows (the
 * employee's token acts at the till's workplace), so a manager signed in at any till still gets that till's shift.
 */
import type { Bridge } from '../bridge.js';

export interface OpenShift {
  readonly id: string;
  readonly name: string;
  readonly openedAt: string;
  /** The till the shift belongs to (null: a back-office shift of no till). */
  readonly workplaceId?: string | null;
  /** The cash counted into the drawer at opening, as money text; null when none was counted. */
  readonly openingCash?: string | null;
}

export async function loadOpenShift(bridge: Bridge, workplaceId: string): Promise<OpenShift | null> {
  const latest = await bridge.run('SettlmentController_findLatest', workplaceId ? { query: { workplace_id: workplaceId } } : {});
  if (!latest || latest.is_closed) return null;
  return {
    id: latest.id,
    name: latest.name,
    openedAt: latest.dt_created,
    workplaceId: latest.workplace_id,
    openingCash: latest.opening_cash,
  };
}

/** The workplace this till was enrolled at (null when the core does not say, e.g. an older core). */
export async function tillWorkplace(bridge: Bridge): Promise<string | null> {
  const status = await bridge.terminal('terminal.enrollmentStatus');
  return status.scope?.workplaceId ?? null;
}
