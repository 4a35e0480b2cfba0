/**
 * The journal of acknowledged operations (docs/sync.md, "A service restored from an older backup"). When the
 * service acknowledges an operation, the till keeps it here — payload, queue position and outcome — instead of
 * forgetting it, for `keepDays` and at most `maxOperations`. If the service is later put back to a backup taken
 * before it, the till still has what the service lost and sends it again with the same operation id (./rewind.ts);
 * what fell out of the journal is counted per queue (`journal_epochs.pruned_through`), so a restore older than the
 * journal is reported with what it cost instead of passing in silence.
 *
 * Size: an entry is its operation as queued (a sale of a few lines is about 1–2 KB); the defaults keep 30 days
 * and at most 100,000 operations — a till ringing 2,000 sales a day keeps 30 days in about 100 MB.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { OutboxRow } from './local-run.js';

export interface JournalBounds {
  /** Days an acknowledged operation is kept. */
  readonly keepDays: number;
  /** The most operations kept (the oldest go first). */
  readonly maxOperations: number;
}

export const DEFAULT_JOURNAL_BOUNDS: JournalBounds = { keepDays: 30, maxOperations: 100_000 };

/** The bounds from the environment (`KASSA_JOURNAL_DAYS`, `KASSA_JOURNAL_MAX_OPERATIONS`), else the defaults. */
export function journalBoundsFrom(env: Readonly<Record<string, string | undefined>>): JournalBounds {
  const whole = (name: string, fallback: number, min: number) => {
    const text = env[name];
    if (text === undefined || text.trim() === '') return fallback;
    const value = Number(text);
    if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min} (it is "${text}")`);
    return value;
  };
  return {
    keepDays: whole('KASSA_JOURNAL_DAYS', DEFAULT_JOURNAL_BOUNDS.keepDays, 1),
    maxOperations: whole('KASSA_JOURNAL_MAX_OPERATIONS', DEFAULT_JOURNAL_BOUNDS.maxOperations, 100),
  };
}

export interface JournalEntry extends OutboxRow {
  readonly ord: number | bigint;
  readonly terminal_id: string;
  readonly acked_at: string;
  readonly resend_epoch: string | null;
  readonly resend_seq: number | bigint | null;
}

/** Keeps an operation the service just acknowledged (applied or rejected), in the caller's transaction. */
export async function journalAcknowledged(local: Kysely<unknown>, terminalId: string, row: OutboxRow, status: 'applied' | 'rejected', ackedAt: string): Promise<void> {
  await sql`
    insert into journal (terminal_id, epoch, seq, mutation_id, name, v, occurred_at, employee_id, params, args, basis, status, acked_at)
    values (${terminalId}, ${row.epoch}, ${row.seq}, ${row.mutation_id}, ${row.name}, ${row.v}, ${row.occurred_at}, ${row.employee_id},
            ${row.params}, ${row.args}, ${row.basis}, ${status}, ${ackedAt})
    on conflict (mutation_id) do update set terminal_id = excluded.terminal_id, epoch = excluded.epoch, seq = excluded.seq,
      status = excluded.status, acked_at = excluded.acked_at, resend_epoch = null, resend_seq = null`.execute(local);
  await noteAcked(local, terminalId, row.epoch, Number(row.seq));
}

/** Raises a queue's last acknowledged seq. */
export async function noteAcked(local: Kysely<unknown>, terminalId: string, epoch: string, seq: number): Promise<void> {
  await sql`
    insert into journal_epochs (terminal_id, epoch, acked_through) values (${terminalId}, ${epoch}, ${seq})
    on conflict (terminal_id, epoch) do update set acked_through = max(acked_through, excluded.acked_through)`.execute(local);
}

/** The last seq of (terminal, epoch) the service acknowledged to this till (0 before any). */
export async function ackedThrough(local: Kysely<unknown>, terminalId: string, epoch: string): Promise<number> {
  const row = (await sql<{ acked_through: number | bigint }>`select acked_through from journal_epochs where terminal_id = ${terminalId} and epoch = ${epoch}`.execute(local)).rows[0];
  return Number(row?.acked_through ?? 0);
}

/**
 * Forgets the entries older than the bounds (never one being sent again), remembering per queue the last seq it no
 * longer holds. In the caller's transaction. Runs with every pull that acknowledges something, so each bound is its
 * own range of an index (the key's order, the acknowledgement time): nearly always both are empty, two probes.
 */
export async function pruneJournal(local: Kysely<unknown>, bounds: JournalBounds, now: Date): Promise<number> {
  const newest = (await sql<{ ord: number | bigint | null }>`select max(ord) as ord from journal`.execute(local)).rows[0]?.ord;
  if (newest === null || newest === undefined) return 0;
  const keepFrom = Number(newest) - bounds.maxOperations + 1;
  const cutoff = new Date(now.getTime() - bounds.keepDays * 86_400_000).toISOString();
  return (await forget(local, sql`ord < ${keepFrom}`)) + (await forget(local, sql`acked_at < ${cutoff}`));
}

/** Forgets the journal's entries matching `range` that are not being sent again, noting what each queue lost. */
async function forget(local: Kysely<unknown>, range: RawBuilder<unknown>): Promise<number> {
  const old = sql`${range} and resend_seq is null`;
  await sql`
    insert into journal_epochs (terminal_id, epoch, pruned_through)
    select terminal_id, epoch, max(seq) from journal where ${old} group by terminal_id, epoch
    on conflict (terminal_id, epoch) do update set pruned_through = max(pruned_through, excluded.pruned_through)`.execute(local);
  const deleted = await sql`delete from journal where ${old}`.execute(local);
  return Number(deleted.numAffectedRows ?? 0n);
}
