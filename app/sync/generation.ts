/**
 * The database's generation (docs/sync.md, "A service restored from an older backup"): a random id that changes
 * whenever the database is put back to an earlier state. Tills carry the generation they last synced under; one
 * that carries another learns the service was rewound, is told how far the service still holds each of its queues
 * (`terminalQueues`), and sends again, with the same operation ids, what the service lost.
 *
 * Why an id and not the versions alone: after a restore a SQLite service hands out the lost versions again, and a
 * PostgreSQL one (versions are WAL positions) moves past the tills' cursors with its first new write, so nothing in
 * a cursor's version says the log it was issued from is gone.
 */
import { randomToken } from '../../shared/ids.js';
import type { Db } from '../context.js';

export interface Generation {
  readonly generation: string;
  /** When this generation began (ISO). */
  readonly since: string;
  /** 'created', 'restored' (npm run restore), or 'detected: …' (found at start). */
  readonly reason: string;
  readonly previous: string | null;
}

/** Where the service stands in one of a terminal's queues: the last operation of (terminal, epoch) it holds. */
export interface QueuePosition {
  readonly epoch: string;
  readonly lastAppliedSeq: number;
}

export async function readGeneration(db: Db): Promise<Generation> {
  const row = await db.selectFrom('sync_generation').select(['generation', 'since', 'reason', 'previous']).where('id', '=', 1).executeTakeFirst();
  if (!row) throw new Error('the database has no generation row (migration 0034)');
  return row;
}

/** Starts a new generation inside the caller's transaction; `fingerprint`, when given, is stored with it. */
export async function startGeneration(tx: Db, reason: string, now: string, fingerprint?: string | null): Promise<Generation> {
  const previous = await readGeneration(tx);
  const next = { generation: randomToken(), since: now, reason, previous: previous.generation };
  await tx
    .updateTable('sync_generation')
    .set({ ...next, ...(fingerprint === undefined ? {} : { fingerprint }) })
    .where('id', '=', 1)
    .execute();
  return next;
}

/** Every queue of the terminal the service holds, with its last applied operation. */
export async function terminalQueues(db: Db, businessId: string, terminalId: string): Promise<QueuePosition[]> {
  const rows = await db
    .selectFrom('sync_clients')
    .select(['epoch', 'last_applied_seq'])
    .where('business_id', '=', businessId)
    .where('terminal_id', '=', terminalId)
    .orderBy('epoch')
    .execute();
  return rows.map((row) => ({ epoch: row.epoch, lastAppliedSeq: Number(row.last_applied_seq) }));
}
