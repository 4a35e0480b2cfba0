/**
 * How writes get their transaction.
 *
 * PostgreSQL: one transaction per operation on a pooled connection; concurrent commits are flushed together by
 * PostgreSQL's own group commit.
 *
 * SQLite: one writer and `synchronous=FULL`, so every commit waits for an fsync (about a millisecond here) —
 * which would cap the service near 1,000 writes a second whatever the work per write. So writes that arrive
 * together are committed together: each operation runs inside its own SAVEPOINT of a shared transaction (an
 * operation that fails rolls back to its savepoint and affects no other), and every caller is answered only after
 * the one COMMIT is durable. Each operation stays atomic, and nothing is acknowledged before it is durable.
 * The COMMIT's fsync runs off the event loop (`CommitDurability`, wal-sync.ts): while the disk works, the next
 * batch is already running.
 */
import { CompiledQuery, type ControlledTransaction, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import { stampChanges } from './change-capture.js';

export interface TransactionOptions {
  /**
   * The work calls `stampChanges` itself after its last write to a captured table (a sync push stores its results
   * under the version it takes), so the transactor's own stamp would find nothing — but still cost a statement.
   */
  readonly stampsItself?: boolean;
}

/** How a group commit reaches the disk without stopping the event loop (SQLite on a file; wal-sync.ts). */
export interface CommitDurability {
  /** Runs `commit` without waiting for the disk; `durable` resolves once the commit is on disk. */
  commitWithoutWaiting(commit: () => Promise<void>): Promise<{ readonly durable: Promise<void> }>;
}

export interface Transactor {
  /** Runs `work` atomically; resolves only once its effects are committed. */
  transaction<T>(work: (tx: Kysely<Database>) => Promise<T>, options?: TransactionOptions): Promise<T>;
}

/** Runs `work`, then versions the changes it made (the clock row is the last thing a transaction locks). */
async function workThenStamp<T>(tx: Kysely<Database>, work: (tx: Kysely<Database>) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const value = await work(tx);
  if (!options.stampsItself) await stampChanges(tx as Kysely<unknown>);
  return value;
}

/**
 * PostgreSQL aborts one of two transactions that wait on each other's rows (40P01, deadlock) or that a serializable
 * snapshot cannot order (40001). Neither is the caller's fault and the aborted one changed nothing, so it runs again
 * from the start — a back-office receipt that met a till's push on the same stock rows answers 201, not 500.
 */
const RETRIED_SQLSTATES = new Set(['40P01', '40001']);
const ATTEMPTS = 4;

function isRetriedAbort(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRIED_SQLSTATES.has(code);
}

export function perOperationTransactor(db: Kysely<Database>): Transactor {
  return {
    async transaction(work, options) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await db.transaction().execute((tx) => workThenStamp(tx, work, options));
        } catch (error) {
          if (attempt >= ATTEMPTS || !isRetriedAbort(error)) throw error;
          // A little jitter, so the two transactions that met do not meet again in lockstep.
          await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.floor(Math.random() * 10)));
        }
      }
    },
  };
}

interface Job {
  work: (tx: Kysely<Database>) => Promise<unknown>;
  options: TransactionOptions | undefined;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** Largest number of operations one commit carries; bounds the latency a batch adds to its first member. */
const MAX_BATCH = 64;
/**
 * How long a transaction stays open for operations that arrive while it runs. Larger batches cost less per
 * operation (hot pages are written to the WAL once per commit): debt sales took 0.56 ms of CPU each in batches of 10,
 * 0.45 ms in batches of 28 with 8 ms (BENCHMARKS.md).
 */
const MAX_OPEN_MS = 8;

/**
 * `durability` absent: COMMIT returns once durable (an in-memory database, or a connection at synchronous=FULL).
 */
export function groupCommitTransactor(db: Kysely<Database>, durability?: CommitDurability): Transactor {
  const queue: Job[] = [];
  let draining = false;

  type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

  // Raw statements: kysely's savepoint objects cost more than the statements themselves, on every write.
  const SAVEPOINT = CompiledQuery.raw('savepoint "operation"');
  const RELEASE = CompiledQuery.raw('release "operation"');
  const ROLLBACK_TO = CompiledQuery.raw('rollback to "operation"');

  async function runJob(trx: ControlledTransaction<Database>, job: Job): Promise<Outcome> {
    await trx.executeQuery(SAVEPOINT);
    try {
      const value = await workThenStamp(trx, job.work, job.options);
      await trx.executeQuery(RELEASE);
      return { ok: true, value };
    } catch (error) {
      await trx.executeQuery(ROLLBACK_TO);
      await trx.executeQuery(RELEASE);
      return { ok: false, error };
    }
  }

  /**
   * Runs queued operations in one transaction and commits it; the callers are answered once the COMMIT is durable.
   * While operations keep arriving the transaction stays open for them (up to MAX_BATCH operations or MAX_OPEN_MS):
   * between runs it lets the event loop turn once, so requests that came in meanwhile join the same commit.
   */
  async function drainBatch(): Promise<void> {
    const trx = await db.startTransaction().execute();
    const opened = performance.now();
    const batch: Job[] = [];
    const outcomes: Outcome[] = [];
    let durable: Promise<void>;
    try {
      for (;;) {
        while (queue.length > 0 && batch.length < MAX_BATCH) {
          const job = queue.shift() as Job;
          batch.push(job);
          outcomes.push(await runJob(trx, job));
        }
        if (batch.length >= MAX_BATCH || performance.now() - opened >= MAX_OPEN_MS) break;
        await new Promise((resolve) => setImmediate(resolve));
        if (queue.length === 0) break;
      }
      const commit = () => trx.commit().execute();
      if (durability) ({ durable } = await durability.commitWithoutWaiting(commit));
      else {
        await commit();
        durable = Promise.resolve();
      }
    } catch (error) {
      await trx.rollback().execute().catch(() => undefined);
      for (const job of batch) job.reject(error);
      return;
    }
    // Not awaited: the next batch runs while this one's fsync is under way.
    durable.then(
      () =>
        batch.forEach((job, index) => {
          const outcome = outcomes[index];
          if (outcome?.ok) job.resolve(outcome.value);
          else job.reject(outcome?.error);
        }),
      // Committed but not known to be on disk: nobody may be told it is.
      (error: unknown) => batch.forEach((job) => job.reject(error)),
    );
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      while (queue.length > 0) await drainBatch();
    } finally {
      draining = false;
    }
  }

  return {
    transaction<T>(work: (tx: Kysely<Database>) => Promise<T>, options?: TransactionOptions): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, options, resolve: resolve as (value: unknown) => void, reject });
        // Start on the next turn of the event loop, so writes parsed in this turn share the commit.
        if (!draining) {
          draining = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}
