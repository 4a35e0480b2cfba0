/**
 * Opens the database named by a URL: `postgres://…` / `postgresql://…` for PostgreSQL, anything else is a
 * SQLite file path (or `:memory:`). Both engines sit behind the same kysely interface and the same schema.
 */
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { prepareFrequentStatements } from './prepared-statements.js';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type { Database } from './schema.js';
import { groupCommitTransactor, perOperationTransactor, type CommitDurability, type Transactor } from './transactor.js';
import { WalSync } from './wal-sync.js';
import { startCheckpointer, type Checkpointer } from './checkpointer.js';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly engine: Engine;
  /** Where writes get their transaction (group commit on SQLite; see transactor.ts). */
  readonly writes: Transactor;
  close(): Promise<void>;
}

export function engineOf(url: string): Engine {
  return /^postgres(ql)?:\/\//i.test(url) ? 'postgres' : 'sqlite';
}

// PostgreSQL BIGINT (oid 20) arrives as text by default; money and quantities must stay exact, so read it as
// bigint. COUNT(*) is BIGINT too, which is why counts are bigint on both engines.
pg.types.setTypeParser(20, (value) => BigInt(value));

/** Statements kept prepared, by SQL text; the hot operations repeat a few dozen distinct statements. */
const STATEMENT_CACHE_LIMIT = 500;

/**
 * kysely prepares every SQLite statement anew, and preparing costs more than running a small insert. This hands
 * kysely the same database with `prepare` answered from a bounded cache (least recently used dropped first).
 * Safe because kysely runs each statement to completion (`all`/`run`) before preparing the next; we never use
 * kysely's streaming (`iterate`), which would hold a statement open.
 *
 * Statements that may write are handed out wrapped: `afterWrite` runs after each, so that a COMMIT (or a write
 * that committed on its own) is made durable before kysely sees it return (wal-sync.ts) — once something was written
 * since the last sync: a read-only transaction's COMMIT (every pull's snapshot) has nothing to sync, and syncing it
 * anyway was a fifth of a pull's time on the event loop.
 */
function withStatementCache(file: Sqlite.Database, afterWrite: () => boolean): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  /** A write ran since the commits were last made durable (or handed to the deferred sync). */
  let unsynced = false;
  const settle = (control: boolean) => {
    if (!control) unsynced = true;
    if (unsynced && afterWrite()) unsynced = false;
  };
  const prepare = (text: string): SqliteStatement => {
    // Every transaction takes the write lock when it begins. A deferred BEGIN takes it at its first write, and if
    // another process (a tool, a second service on the file) committed since the transaction's first read, that
    // upgrade fails at once with SQLITE_BUSY — busy_timeout does not wait for it. IMMEDIATE waits instead. In this
    // process nothing changes: its one connection runs one transaction at a time anyway.
    const source = text === 'begin' ? 'begin immediate' : text;
    const hit = cache.get(source);
    if (hit) {
      cache.delete(source);
      cache.set(source, hit);
      return hit;
    }
    const prepared = file.prepare(source);
    const statement = mayCommit(prepared) ? followedBy(prepared, () => settle(controlsTransaction(prepared))) : prepared;
    if (cache.size >= STATEMENT_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(source, statement);
    return statement;
  };
  return { prepare, close: () => file.close() };
}

/**
 * Whether running the statement may end with a commit: any write (outside a transaction it commits itself), and
 * COMMIT or RELEASE, which SQLite counts as read-only because they change no row themselves.
 */
const mayCommit = (statement: Sqlite.Statement) => !statement.readonly || endsTransaction(statement);

/** COMMIT, END or RELEASE: ends a transaction (or a savepoint) without writing anything itself. */
const endsTransaction = (statement: Sqlite.Statement) => /^\s*(commit|end|release)\b/i.test(statement.source);

/**
 * A transaction-control statement writes no row: BEGIN IMMEDIATE (which SQLite counts as a write: it takes the lock),
 * SAVEPOINT, ROLLBACK, and those that end one.
 */
const controlsTransaction = (statement: Sqlite.Statement) => /^\s*(begin|savepoint|rollback|commit|end|release)\b/i.test(statement.source);

function followedBy(statement: Sqlite.Statement, afterWrite: () => void): SqliteStatement {
  return {
    reader: statement.reader,
    all(parameters) {
      const rows = statement.all(parameters);
      afterWrite();
      return rows;
    },
    run(parameters) {
      const result = statement.run(parameters);
      afterWrite();
      return result;
    },
    iterate: (parameters) => statement.iterate(parameters),
  };
}

/**
 * SQLite in WAL mode at `synchronous = NORMAL` plus explicit WAL syncs (wal-sync.ts): every commit on the
 * connection is synced before its statement returns, except the group transactor's, which it syncs off the event
 * loop before answering. An in-memory database has nothing to sync.
 */
function sqliteDurability(
  file: Sqlite.Database,
  checkpointInBackground: boolean,
): { afterWrite: () => boolean; durability?: CommitDurability; close(): Promise<void> } {
  if (file.memory) return { afterWrite: () => true, close: async () => undefined };
  const wal = new WalSync(`${file.name}-wal`);
  let deferring = false;
  file.pragma('synchronous = NORMAL');
  let checkpointer: Checkpointer | null = null;
  if (checkpointInBackground) {
    file.pragma('wal_autocheckpoint = 0');
    checkpointer = startCheckpointer(file.name, (message) => console.error(`SQLite checkpoint failed: ${message}`));
  }
  return {
    /** Makes the commits so far durable; false inside a transaction (nothing committed yet). */
    afterWrite() {
      if (file.inTransaction) return false;
      // The group transactor's COMMIT: its deferred sync (wal.later, below) covers every commit made before it.
      if (!deferring) wal.now();
      return true;
    },
    durability: {
      async commitWithoutWaiting(commit) {
        deferring = true;
        try {
          await commit();
        } finally {
          deferring = false;
        }
        return { durable: wal.later() };
      },
    },
    async close() {
      await checkpointer?.stop();
      await wal.close();
    },
  };
}

export interface OpenOptions {
  /** PostgreSQL: connections in the pool. */
  readonly poolSize?: number;
  /**
   * SQLite file: checkpoint the WAL on a worker thread instead of inside COMMIT on this one (checkpointer.ts). For
   * the service, whose event loop must not stop; a terminal's few writes can afford SQLite's own checkpoints.
   */
  readonly checkpointInBackground?: boolean;
}

/** The URL each PostgreSQL handle was opened with: reporting queries open their own connections in child processes. */
const POSTGRES_URLS = new WeakMap<object, string>();

export function postgresUrlOf(db: object): string | undefined {
  return POSTGRES_URLS.get(db);
}

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (engineOf(url) === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // An idle client that loses its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    prepareFrequentStatements(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    POSTGRES_URLS.set(db, url);
    return { db, engine: 'postgres', writes: perOperationTransactor(db), close: () => db.destroy() };
  }
  const file = new Sqlite(url);
  file.pragma('journal_mode = WAL');
  // A sale is one commit: durability beats microseconds. FULL until sqliteDurability takes over the WAL's syncs.
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // Integers come back as bigint, so money and quantities never pass through a float.
  file.defaultSafeIntegers(true);
  const sync = sqliteDurability(file, options.checkpointInBackground ?? false);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file, sync.afterWrite) }) });
  return {
    db,
    engine: 'sqlite',
    writes: groupCommitTransactor(db, sync.durability),
    close: async () => {
      await sync.close();
      await db.destroy();
    },
  };
}
