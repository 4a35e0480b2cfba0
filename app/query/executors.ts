/**
 * Where a composed reporting query runs, per engine. Each executor enforces the time limit in its own way and
 * opens nothing that could write:
 *
 * - PostgreSQL: a READ ONLY transaction with a local `statement_timeout`.
 * - SQLite on a file: child processes with read-only connections (sqlite-processes.ts), killed on timeout.
 * - SQLite in memory (tests and tools): the service's own connection, made `query_only` for the statement. A
 *   memory database cannot be opened from another process, so nothing can interrupt a statement there: the
 *   check and the row cap still apply, the time limit does not. The service itself always runs on a file.
 */
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../context.js';
import type { ComposedQuery } from './compose.js';
import { ReportingFailure } from './failure.js';
import { SqliteQueryProcesses } from './sqlite-processes.js';
import type { Dialect } from './sql-rules.js';

export interface ReportingExecutor {
  readonly dialect: Dialect;
  /** True when the time limit is enforced (false only for an in-memory SQLite database). */
  readonly interruptible: boolean;
  run(query: ComposedQuery, timeoutMs: number, maxRows: number): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** The first line of an engine's message about the caller's own query, kept short. */
const firstLine = (message: unknown) =>
  String(message ?? '')
    .split('\n')[0]
    ?.slice(0, 300) ?? '';

/**
 * PostgreSQL errors by SQLSTATE class: a query cancelled by the timeout, problems of the caller's own query
 * (syntax and names 42, data 22, cardinality 21, unsupported features 0A) whose message is worth showing, and
 * running out of memory or another limit (53, 54). Anything else is ours and stays hidden.
 */
function postgresFailure(error: unknown): ReportingFailure {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string') return new ReportingFailure('internal', firstLine(message));
  if (code === '57014') return new ReportingFailure('timeout');
  if (/^(42|22|21|0A)/.test(code)) return new ReportingFailure('query', firstLine(message));
  if (/^(53|54)/.test(code)) return new ReportingFailure('query', 'the query needs more memory or resources than allowed');
  return new ReportingFailure('internal', firstLine(message));
}

export function postgresExecutor(db: Db): ReportingExecutor {
  return {
    dialect: 'postgres',
    interruptible: true,
    async run(query, timeoutMs) {
      try {
        return await db
          .transaction()
          .setAccessMode('read only')
          .execute(async (trx) => {
            // Local to this transaction: the pooled connection goes back with its usual settings.
            await sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`.execute(trx);
            const result = await trx.executeQuery(CompiledQuery.raw(query.sql, [...query.parameters]));
            return result.rows as Record<string, unknown>[];
          });
      } catch (error) {
        throw postgresFailure(error);
      }
    },
    close: async () => undefined,
  };
}

/** SQLite result codes that mean the caller's query cannot be run as written or within the memory allowed. */
function sqliteFailure(error: unknown): ReportingFailure {
  if (error instanceof ReportingFailure) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'SQLITE_ERROR') return new ReportingFailure('query', firstLine(message));
  if (code === 'SQLITE_NOMEM' || code === 'SQLITE_TOOBIG' || code === 'SQLITE_FULL') {
    return new ReportingFailure('query', 'the query needs more memory or resources than allowed');
  }
  return new ReportingFailure('internal', firstLine(message));
}

export function sqliteFileExecutor(file: string): ReportingExecutor {
  const processes = new SqliteQueryProcesses(file);
  return {
    dialect: 'sqlite',
    interruptible: true,
    async run(query, timeoutMs, maxRows) {
      try {
        return await processes.run(query.sql, query.parameters, maxRows, timeoutMs);
      } catch (error) {
        throw sqliteFailure(error);
      }
    },
    close: () => processes.close(),
  };
}

export function sqliteMemoryExecutor(db: Db): ReportingExecutor {
  return {
    dialect: 'sqlite',
    interruptible: false,
    async run(query) {
      try {
        // One connection held for the three statements, so no write of the service can fall between them.
        return await db.connection().execute(async (connection) => {
          await sql`pragma query_only = 1`.execute(connection);
          try {
            const result = await connection.executeQuery(CompiledQuery.raw(query.sql, [...query.parameters]));
            return result.rows as Record<string, unknown>[];
          } finally {
            await sql`pragma query_only = 0`.execute(connection);
          }
        });
      } catch (error) {
        throw sqliteFailure(error);
      }
    },
    close: async () => undefined,
  };
}

/** The file behind a SQLite handle, or null for an in-memory database. */
export async function sqliteFile(db: Db): Promise<string | null> {
  const result = await sql<{ file: string | null }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = result.rows[0]?.file ?? '';
  return file === '' ? null : file;
}
