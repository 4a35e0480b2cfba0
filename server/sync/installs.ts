/**
 * Copies of a till (docs/sync.md, "A cloned till"): a terminal's credential is bound to one install
 * (main/terminal/install-id.ts) — at enrollment, or by its first request that names one (a till enrolled before
 * installs were named). A request from another install is a copy of the till (its data directory copied to a second
 * machine, a disk image restored onto a new PC): it is still served — what it sold is delivered exactly once, and
 * it needs its acknowledgements — but the answer tells it (`copy`), so it takes no new sales until it is enrolled as
 * a new till; and the service records the copy once (an incident, a WARNING log entry, the fleet page).
 *
 * The bound install is read at most every few seconds per process, like the credential itself.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CopyNotice } from '../../shared/sync/wire.js';
import { recordIncidents } from '../../app/sync/incidents.js';
import type { PlatformServices } from '../platform/platform-handler.js';

const CACHE_MS = 5_000;

export interface InstallCheck {
  readonly businessId: string;
  readonly terminalId: string;
  /** The install the request names; absent for terminals older than protocol 3. */
  readonly installId: string | null | undefined;
}

interface Bound {
  readonly installId: string | null;
  readonly until: number;
  /** Copies already recorded, by install: told again without touching the database. */
  readonly copies: Map<string, CopyNotice>;
}

const bound = new WeakMap<object, Map<string, Bound>>();

function cacheOf(db: object) {
  let cache = bound.get(db);
  if (!cache) bound.set(db, (cache = new Map()));
  return cache;
}

/** Drops what this process remembers of a terminal's bound install (it was just enrolled again). */
export function forgetInstall(db: object, businessId: string, terminalId: string): void {
  cacheOf(db).delete(`${businessId}:${terminalId}`);
}

async function boundInstall(services: Pick<PlatformServices, 'db'>, businessId: string, terminalId: string): Promise<Bound> {
  const cache = cacheOf(services.db);
  const key = `${businessId}:${terminalId}`;
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit;
  const row = await services.db.selectFrom('terminals').select('install_id').where('business_id', '=', businessId).where('id', '=', terminalId).executeTakeFirst();
  if (cache.size > 10_000) cache.clear();
  const entry = { installId: row?.install_id ?? null, until: Date.now() + CACHE_MS, copies: hit?.installId === (row?.install_id ?? null) ? hit.copies : new Map() };
  cache.set(key, entry);
  return entry;
}

/**
 * The copy notice for this request, or null when it comes from the bound install (or names none). Binds the install
 * of a terminal that has none yet; records a copy the first time it is seen.
 */
export async function checkInstall(
  services: Pick<PlatformServices, 'db' | 'writes'>,
  check: InstallCheck,
  log?: FastifyBaseLogger,
): Promise<CopyNotice | null> {
  const { businessId, terminalId, installId } = check;
  if (!installId) return null;
  const entry = await boundInstall(services, businessId, terminalId);
  const current = entry.installId;
  if (current === installId) return null;
  const known = entry.copies.get(installId);
  if (known) return known;
  const now = new Date().toISOString();
  if (current === null) {
    // The first install to name itself on this credential is the till itself (one enrolled before installs had names).
    const claimed = await services.writes.transaction((tx) =>
      tx.updateTable('terminals').set({ install_id: installId }).where('business_id', '=', businessId).where('id', '=', terminalId).where('install_id', 'is', null).executeTakeFirst(),
    );
    forgetInstall(services.db, businessId, terminalId);
    if (Number(claimed.numUpdatedRows) === 1) return null;
    return checkInstall(services, check, log);
  }
  const incident = { id: `copy:${installId}`, kind: 'TILL_COPY_DETECTED', occurredAt: now, detail: { installId, boundInstallId: current } };
  const fresh = await services.writes.transaction((tx) => recordIncidents(tx, businessId, terminalId, [incident], now));
  if (fresh.length > 0) {
    log?.warn({ businessId, terminalId, installId, boundInstallId: current }, 'a copy of a till uses its credential: it is told to enroll as a new till');
  }
  const recorded = await services.db
    .selectFrom('terminal_incidents')
    .select('received_at')
    .where('business_id', '=', businessId)
    .where('terminal_id', '=', terminalId)
    .where('id', '=', incident.id)
    .executeTakeFirst();
  const notice = { detectedAt: recorded?.received_at ?? now };
  entry.copies.set(installId, notice);
  return notice;
}
