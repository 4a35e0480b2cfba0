/**
 * Opens the database named by a URL: `postgres://…` / `postgresql://…` for PostgreSQL, anything else is a
 * SQLite file path (or `:memory:`). Both engines sit behind the same kysely interface and the same schema.
 */
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { prepareFrequentStatements } from './prepared-statements.js';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Database } from './schema.js';
import { groupCommitTransactor, perOperationTransactor, type Transactor } from './transactor.js';

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
 */
function withStatementCache(file: Sqlite.Database): SqliteDatabase {
  const cache = new Map<string, Sqlite.Statement>();
  const prepare = (text: string): Sqlite.Statement => {
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
    const statement = file.prepare(source);
    if (cache.size >= STATEMENT_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(source, statement);
    return statement;
  };
  return { prepare, close: () => file.close() };
}

export function openDatabase(url: string, options: { poolSize?: number } = {}): DatabaseHandle {
  if (engineOf(url) === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // An idle client that loses its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    prepareFrequentStatements(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', writes: perOperationTransactor(db), close: () => db.destroy() };
  }
  const file = new Sqlite(url);
  file.pragma('journal_mode = WAL');
  // A sale is one commit: durability beats microseconds.
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // Integers come back as bigint, so money and quantities never pass through a float.
  file.defaultSafeIntegers(true);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
  return { db, engine: 'sqlite', writes: groupCommitTransactor(db), close: () => db.destroy() };
}
