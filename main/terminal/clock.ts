/**
 * The terminal's business clock: a hybrid logical clock (shared/sync/hlc.ts) kept in `terminal_meta` under `hlc`,
 * so it survives restarts. Operations take their `occurredAt` from it; the service's time in each push answer
 * moves it forward. Both run inside a write transaction, so two writers never read the same state.
 */
import type { Kysely } from 'kysely';
import { formatHlc, hlcTime, parseHlc, receive, tick, type Hlc } from '../../shared/sync/hlc.js';
import { readMeta, writeMeta } from './meta.js';

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

/** Stamps a local operation; returns its `occurredAt`. */
export async function stampOperation(db: Kysely<unknown>, nowMs: number = Date.now()): Promise<string> {
  const next = tick(await current(db), nowMs, await node(db));
  await writeMeta(db, 'hlc', formatHlc(next));
  return hlcTime(next);
}

/** Takes in a time the service reported (its clock when it answered a push). */
export async function observeServiceTime(db: Kysely<unknown>, serviceTime: string, nowMs: number = Date.now()): Promise<void> {
  const next = receive(await current(db), Date.parse(serviceTime), nowMs, await node(db));
  await writeMeta(db, 'hlc', formatHlc(next));
}
