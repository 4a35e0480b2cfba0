/**
 * A service put back to an older backup (docs/sync.md, "A service restored from an older backup"). The till finds
 * out from the service (another database generation: SERVICE_REWOUND; or its cursor beyond the log, its queue
 * behind what it acknowledged) and is told the last operation the service holds of each of its queues. Then, in ONE
 * local transaction:
 *
 * - every journaled operation the service acknowledged and no longer holds (./journal.ts) is scheduled to be sent
 *   again — same operation id, in the order it was first acknowledged — under a fresh queue (epoch) of its own, so
 *   each lands exactly once: the service has none of them, and a retry of that queue is answered from what it
 *   stored. A rejected one is not sent again: it changed nothing, and it waits in the inbox where it was;
 * - the operations still queued continue where they were if the service holds everything before them, else under
 *   a new epoch (the service could not continue that queue: its acknowledged part is gone);
 * - what the journal no longer held (older than its bounds) is counted per queue, and reported;
 * - the till adopts the service's generation and must download its data again (its copy holds rows the service lost,
 *   at versions the service will hand out again) — after the lost operations were sent, so the download brings them.
 *
 * Re-sent operations are confirmed by the push's answer (their effects are in the till's copy already, and the
 * download that follows replaces it): applied, or rejected into the inbox. A second restore while they are being
 * sent starts over from the new queue positions; one already confirmed under the fresh queue counts as that.
 */
import { sql, type Kysely } from 'kysely';
import type { QueuePosition } from '../../shared/sync/wire.js';
import { continueUnderNewEpoch, newEpoch, readMeta, requireMeta, writeMeta } from './meta.js';
import { noteAcked, type JournalEntry } from './journal.js';
import { noteIncident } from './incidents.js';
import { moveToInbox } from './inbox.js';
import { keepWarnings } from './warnings.js';

/** What a recovery found, as the till and the office are told. */
export interface RewindReport {
  /** Operations sent again (the service acknowledged them before and lost them). */
  readonly resent: number;
  /** Acknowledged operations the journal no longer held, per queue: lost with the restore. */
  readonly lost: readonly { readonly epoch: string; readonly fromSeq: number; readonly toSeq: number }[];
}

/** Why the till ran a recovery: the service's own word, or what the till saw. */
export type RewindCause = 'SERVICE_REWOUND' | 'CURSOR_AHEAD' | 'SEQ_GAP' | 'ACK_REGRESSED';

const heldBy = (queues: readonly QueuePosition[]) => {
  const held = new Map(queues.map((queue) => [queue.epoch, queue.lastAppliedSeq]));
  return (epoch: string) => held.get(epoch) ?? 0;
};

/**
 * Schedules what the service lost, moves the queue on if it must, adopts `generation` (when the service named a new
 * one) and marks the till for a new download. Runs in the caller's write transaction.
 */
export async function planRecovery(local: Kysely<unknown>, queues: readonly QueuePosition[], generation: string | null, cause: RewindCause, now: Date): Promise<RewindReport> {
  const terminalId = await requireMeta(local, 'terminal_id');
  const held = heldBy(queues);
  // Sent again before and confirmed by the service under their fresh queue: that is where they are now.
  const scheduled = (await sql<JournalEntry>`select * from journal where terminal_id = ${terminalId} and resend_seq is not null`.execute(local)).rows;
  for (const entry of scheduled) {
    if (held(entry.resend_epoch ?? '') >= Number(entry.resend_seq)) {
      await sql`update journal set epoch = resend_epoch, seq = resend_seq, resend_epoch = null, resend_seq = null where ord = ${entry.ord}`.execute(local);
      await noteAcked(local, terminalId, entry.resend_epoch ?? '', Number(entry.resend_seq));
    }
  }
  const candidates = (await sql<JournalEntry>`select * from journal where terminal_id = ${terminalId} and status = 'applied' order by ord`.execute(local)).rows;
  const lacking = candidates.filter((entry) => entry.resend_seq !== null || Number(entry.seq) > held(entry.epoch));
  if (lacking.length > 0) {
    const epoch = newEpoch();
    let seq = 0;
    for (const entry of lacking) {
      seq += 1;
      await sql`update journal set resend_epoch = ${epoch}, resend_seq = ${seq} where ord = ${entry.ord}`.execute(local);
    }
  }
  const pruned = (await sql<{ epoch: string; pruned_through: number | bigint }>`
    select epoch, pruned_through from journal_epochs where terminal_id = ${terminalId} and pruned_through > 0`.execute(local)).rows;
  const lost = pruned
    .filter((queue) => Number(queue.pruned_through) > held(queue.epoch))
    .map((queue) => ({ epoch: queue.epoch, fromSeq: held(queue.epoch) + 1, toSeq: Number(queue.pruned_through) }));
  await continueQueueIfItMust(local, held);
  if (generation !== null) await writeMeta(local, 'service_generation', generation);
  await writeMeta(local, 'pending_redownload', 'SERVICE_REWOUND');
  const report = { resent: lacking.length, lost };
  if (generation !== null || report.resent > 0 || lost.length > 0) {
    const lostCount = lost.reduce((sum, range) => sum + range.toSeq - range.fromSeq + 1, 0);
    await noteIncident(local, 'SERVICE_REWOUND', {
      cause,
      resent: report.resent,
      lost: lostCount,
      lostSeqs: lost.map((range) => `${range.epoch}: ${range.fromSeq}–${range.toSeq}`).join('; ') || null,
      generation,
    }, now);
  }
  return report;
}

/**
 * The queue in progress continues where it is when the service holds everything acknowledged before it; otherwise
 * (its acknowledged part was lost, and is being sent again under its own queue) it starts a new epoch from 1, none of
 * its operations being held by the service.
 */
async function continueQueueIfItMust(local: Kysely<unknown>, held: (epoch: string) => number): Promise<void> {
  const epoch = await requireMeta(local, 'epoch');
  const first = (await sql<{ seq: number | bigint | null }>`select min(seq) as seq from outbox`.execute(local)).rows[0]?.seq;
  const nextSeq = Number((await readMeta(local, 'next_seq')) ?? '1');
  const firstPending = first === null || first === undefined ? nextSeq : Number(first);
  if (held(epoch) < firstPending - 1) await continueUnderNewEpoch(local);
}

/** The operations scheduled to be sent again, in their fresh queue's order (all under one epoch). */
export async function pendingResends(local: Kysely<unknown>, limit: number): Promise<JournalEntry[]> {
  return (await sql<JournalEntry>`select * from journal where resend_seq is not null order by resend_seq limit ${limit}`.execute(local)).rows;
}

/** How many operations wait to be sent again. */
export async function countResends(local: Kysely<unknown>): Promise<number> {
  const row = (await sql<{ n: number | bigint }>`select count(*) as n from journal where resend_seq is not null`.execute(local)).rows[0];
  return Number(row?.n ?? 0);
}

/** One result of a push of re-sent operations, as the service answers it. */
export interface ResendResult {
  readonly seq: number;
  readonly mutationId: string;
  readonly status: 'applied' | 'rejected';
  readonly result: unknown;
}

/**
 * Settles re-sent operations from the push's answer, in the caller's transaction: each is now where the service
 * holds it (the fresh queue); a rejected one goes to the inbox with its reason, an applied one keeps its warnings.
 * Re-sent operations the restored service refused (what they named went with the restore: an employee or a client
 * made after the backup) are said aloud as an incident of their own, beside the inbox entries.
 */
export async function confirmResends(local: Kysely<unknown>, epoch: string, results: readonly ResendResult[], now: Date): Promise<void> {
  const at = now.toISOString();
  const terminalId = await requireMeta(local, 'terminal_id');
  for (const result of results) {
    const entry = (await sql<JournalEntry>`select * from journal where resend_epoch = ${epoch} and resend_seq = ${result.seq} and mutation_id = ${result.mutationId}`.execute(local)).rows[0];
    if (!entry) continue;
    await sql`update journal set epoch = resend_epoch, seq = resend_seq, status = ${result.status}, resend_epoch = null, resend_seq = null where ord = ${entry.ord}`.execute(local);
    await noteAcked(local, terminalId, epoch, result.seq);
    const settled = { ...entry, epoch, seq: result.seq };
    if (result.status === 'rejected') await moveToInbox(local, settled, result.result, at);
    else await keepWarnings(local, settled, result.result, at);
  }
  const refused = results.filter((result) => result.status === 'rejected');
  if (refused.length > 0) {
    const codes = [...new Set(refused.map((result) => (result.result as { error?: { code?: unknown } } | null)?.error?.code).filter((code) => typeof code === 'string'))];
    await noteIncident(local, 'RESEND_REFUSED', { refused: refused.length, codes: codes.join(', ') || null }, now);
  }
}
