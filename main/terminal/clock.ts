/**
 * The terminal's business clock: a hybrid logical clock (shared/sync/hlc.ts) kept in `terminal_meta` under `hlc`,
 * so it survives restarts, fed by the sane clock (./till-clock.ts) rather than the OS clock. Operations take their
 * `occurredAt` from it; the service's time in each push and pull answer anchors the sane clock and re-anchors the
 * HLC, which steps back when a clock set wrong had carried it far ahead. Both run inside a write transaction, so
 * two writers never read the same state.
 *
 * `clock_right_at` keeps the latest time this till knew to be right (the service's, or a stamp made from it), so a
 * till started with its clock set back notices (TillClock.resumeFrom).
 */
import type { Kysely } from 'kysely';
import { formatHlc, hlcTime, parseHlc, reanchor, tick, type Hlc } from '../../shared/sync/hlc.js';
import { readMeta, writeMeta } from './meta.js';
import { CLOCK_SKEW_THRESHOLD_MS, type TillClock } from './till-clock.js';
import type { DatabaseHandle } from '../../db/connect.js';

async function current(db: Kysely<unknown>): Promise<Hlc | null> {
  const stored = parseHlc(await readMeta(db, 'hlc'));
  if (stored) return stored;
  // Stores from before the HLC kept only a monotonic time.
  const legacy = Date.parse((await readMeta(db, 'last_time')) ?? '');
  return Number.isFinite(legacy) ? { wallMs: legacy, counter: 0, node: '' } : null;
}

async function node(db: Kysely<unknown>): Promise<string> {
  return (await readMeta(db, 'terminal_id')) ?? 'unenrolled';
}

/** Stamps a local operation by the sane clock; returns its `occurredAt`. */
export async function stampOperation(db: Kysely<unknown>, clock: TillClock): Promise<string> {
  clock.read();
  const saneMs = clock.now();
  const next = tick(await current(db), saneMs, await node(db));
  await writeMeta(db, 'hlc', formatHlc(next));
  // Reckoned from a time known to be right, so right itself (the OS clock alone may be wrong).
  if (clock.anchored()) await writeMeta(db, 'clock_right_at', new Date(saneMs).toISOString());
  return hlcTime(next);
}

/** Takes in a time the service reported (its clock when it answered a push or a pull). */
export async function observeServiceTime(db: Kysely<unknown>, serviceTime: string, clock: TillClock): Promise<void> {
  const serviceMs = Date.parse(serviceTime);
  if (!Number.isFinite(serviceMs)) return;
  clock.anchorAtService(serviceMs);
  const next = reanchor(await current(db), serviceMs, await node(db), CLOCK_SKEW_THRESHOLD_MS);
  if (next) await writeMeta(db, 'hlc', formatHlc(next));
  await writeMeta(db, 'clock_right_at', new Date(serviceMs).toISOString());
}

/**
 * The service's time from an answer (`serverTime`, not checked yet): anchors the sane clock and re-anchors the
 * business clock. `keep` (a push answer, already a write) also keeps it as the last time known right;
 * `when-ahead` (a pull answer, which comes with every sync) writes only when the business clock must come back from
 * the future — every local commit is a synchronous write, and the sane clock itself lives in memory.
 */
/** The store's handle and clock (./store.ts `TerminalStore`; named here by what is used, so the store can import this file). */
type StoreWithClock = Pick<DatabaseHandle, 'db' | 'writes'> & { readonly clock: TillClock };

export async function takeServiceTime(store: StoreWithClock, serverTime: unknown, write: 'keep' | 'when-ahead'): Promise<void> {
  if (typeof serverTime !== 'string') return;
  const serviceMs = Date.parse(serverTime);
  const local = store.db as unknown as Kysely<unknown>;
  if (write === 'keep' || (await farAhead(local, serviceMs))) {
    await store.writes.transaction((tx) => observeServiceTime(tx as unknown as Kysely<unknown>, serverTime, store.clock));
  } else store.clock.anchorAtService(serviceMs);
}

async function farAhead(db: Kysely<unknown>, serviceMs: number): Promise<boolean> {
  const last = await current(db);
  return last !== null && last.wallMs - serviceMs > CLOCK_SKEW_THRESHOLD_MS;
}

/** The latest time this till knew to be right, or null. */
export async function knownRightAt(db: Kysely<unknown>): Promise<number | null> {
  const known = Date.parse((await readMeta(db, 'clock_right_at')) ?? '');
  return Number.isFinite(known) ? known : null;
}
