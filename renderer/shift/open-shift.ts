/**
 * CONTRACT (session stop 14): the till's open shift, if any. The shift engineer owns this file (the body may
 * change; the signature stays). Selling needs an open shift: every order carries its `settlement_id`, so a sale
 * made offline belongs to the shift it was made in whenever it arrives.
 */
import type { Bridge } from '../bridge.js';

export interface OpenShift {
  readonly id: string;
  readonly name: string;
  readonly openedAt: string;
}

export async function loadOpenShift(bridge: Bridge, workplaceId: string): Promise<OpenShift | null> {
  const latest = (await bridge.run('SettlmentController_findLatest', { query: { workplace_id: workplaceId } })) as unknown as {
    id: string;
    name: string;
    is_closed: boolean | null;
    dt_created: string;
  } | null;
  if (!latest || latest.is_closed) return null;
  return { id: latest.id, name: latest.name, openedAt: latest.dt_created };
}
