/**
 * Fleet health on the service (docs/fleet-health.md): each pull stores what its terminal reported about itself,
 * and the console reads every terminal of the business with it.
 *
 * A till pulls after every sale, and most of its reports say the same as the last one: a report is written only
 * when it differs from the one this process wrote last for the terminal, or when that was more than a minute ago
 * (so `seen_at` is at most a minute stale). The write is one upsert in its own short transaction, after the page
 * was read; a failure to write it never fails the pull (the till's data matters more than its report).
 */
import type { TerminalHealthDto } from '../../shared/catalogue/terminal-health.js';
import type { Db } from '../context.js';

/** How stale `seen_at` may get before an unchanged report is written again. */
export const SEEN_REFRESH_MS = 60_000;

/** The row a report becomes, minus its keys and times. */
function columnsOf(protocolVersion: number, health: TerminalHealthDto | null | undefined) {
  return {
    protocol_version: protocolVersion,
    app_version: health?.appVersion ?? null,
    os: health?.os ?? null,
    outbox_depth: health ? BigInt(health.outboxDepth) : null,
    oldest_unsent_age_seconds: health?.oldestUnsentAgeSeconds == null ? null : BigInt(health.oldestUnsentAgeSeconds),
    needs_attention: health ? BigInt(health.needsAttention) : null,
    last_sync_error: health?.lastSyncError?.message ?? null,
    last_sync_error_at: health?.lastSyncError?.at ?? null,
    printer_status: health?.printer.status ?? null,
    printer_detail: health?.printer.detail ?? null,
    clock_skew_seconds: health?.clockSkewSeconds == null ? null : BigInt(health.clockSkewSeconds),
  };
}

/** Remembers, per process, the last report written for each terminal (bounded: a fleet of thousands at most). */
export class HealthRecorder {
  private readonly written = new Map<string, { digest: string; at: number }>();

  constructor(private readonly limit = 100_000) {}

  /** Whether a report needs writing; marks it written when it does. */
  due(businessId: string, terminalId: string, digest: string, nowMs: number): boolean {
    const key = `${businessId}\u0000${terminalId}`;
    const last = this.written.get(key);
    if (last && last.digest === digest && nowMs - last.at < SEEN_REFRESH_MS) return false;
    if (this.written.size >= this.limit) this.written.clear();
    this.written.set(key, { digest, at: nowMs });
    return true;
  }

  /** Forgets a terminal, so its next report is written whatever it says (after a failed write). */
  forget(businessId: string, terminalId: string): void {
    this.written.delete(`${businessId}\u0000${terminalId}`);
  }
}

/**
 * Stores a pull's report (`health` absent for a protocol 1 terminal: then only `seen_at` moves and the last
 * report stays). Runs in the caller's transaction.
 */
export async function recordHealth(
  tx: Db,
  input: {
    businessId: string;
    terminalId: string;
    protocolVersion: number;
    health: TerminalHealthDto | null | undefined;
    now: string;
    /** The service generation the till synced under (protocol 3), for the fleet page's restore banner. */
    generation?: string | null;
  },
): Promise<void> {
  const base = { business_id: input.businessId, terminal_id: input.terminalId, seen_at: input.now, generation: input.generation ?? null };
  if (!input.health) {
    await tx
      .insertInto('terminal_health')
      .values({ ...base, reported_at: null, ...columnsOf(input.protocolVersion, null) })
      .onConflict((conflict) =>
        conflict.columns(['business_id', 'terminal_id']).doUpdateSet({ seen_at: input.now, protocol_version: input.protocolVersion, generation: base.generation }),
      )
      .execute();
    return;
  }
  const columns = { ...columnsOf(input.protocolVersion, input.health), reported_at: input.now, generation: base.generation };
  await tx
    .insertInto('terminal_health')
    .values({ ...base, ...columns })
    .onConflict((conflict) => conflict.columns(['business_id', 'terminal_id']).doUpdateSet({ seen_at: input.now, ...columns }))
    .execute();
}

const recorders = new WeakMap<object, HealthRecorder>();

/** The recorder of one service process's database handle (as `changeCacheFor`). */
export function healthRecorderFor(db: object): HealthRecorder {
  let recorder = recorders.get(db);
  if (!recorder) {
    recorder = new HealthRecorder();
    recorders.set(db, recorder);
  }
  return recorder;
}
