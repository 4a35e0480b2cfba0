/**
 * Where a composed reporting query runs, per engine. Each executor enforces the time limit and the byte budget
 * in its own way and opens nothing that could write:
 *
 * - PostgreSQL: child processes, each with its own connection, a READ ONLY transaction, a `statement_timeout`
 *   and a cursor read against the budget (postgres-query-process.ts). A query that breaks the driver ends its
 *   child, never the service.
 * - SQLite on a file: child processes with read-only connections (sqlite-query-process.ts), killed on timeout.
 * - SQLite in memory (tests and tools): the service's own connection, made `query_only` for the statement. A
 *   memory database cannot be opened from another process, so nothing can interrupt a statement there: the
 *   check, the row cap and the budget still apply, the time limit does not. The service always runs on a file.
 */
import { CompiledQuery, sql } from 'kysely';
import { postgresUrlOf } from '../../db/connect.js';
import type { Db } from '../../app/context.js';
import type { ComposedQuery } from './compose.js';
import { ReportingFailure } from './failure.js';
import { QueryProcesses } from './query-processes.js';
import { ResultTooLarge, rowBudget } from './row-budget.js';
import type { Dialect } from './sql-rules.js';

export interface ExecutionLimits {
  readonly timeoutMs: number;
  readonly maxRows: number;
  readonly maxBytes: number;
}

export interface ReportingExecutor {
  readonly dialect: Dialect;
  /** True when the time limit is enforced (false only for an in-memory SQLite database). */
  readonly interruptible: boolean;
  /** SQLite: + - * run as the checked functions of sqlite-arithmetic.ts (registered in the child processes). */
  readonly checkedArithmetic: boolean;
  run(query: ComposedQuery, limits: ExecutionLimits): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** PostgreSQL stops a statement at its own timeout and says so; the parent kills the child only if that fails. */
const POSTGRES_GRACE_MS = 2_000;

function processExecutor(dialect: Dialect, database: string, graceMs: number): ReportingExecutor {
  const processes = new QueryProcesses({ engine: dialect, database, graceMs });
  return {
    dialect,
    interruptible: true,
    checkedArithmetic: dialect === 'sqlite',
    run: (query, limits) => processes.run(query.sql, query.parameters, limits),
    close: () => processes.close(),
  };
}

export function postgresExecutor(db: Db): ReportingExecutor {
  const url = postgresUrlOf(db);
  if (url === undefined) throw new Error('reporting queries need the PostgreSQL URL of the handle (db/connect.ts)');
  return processExecutor('postgres', url, POSTGRES_GRACE_MS);
}

export function sqliteFileExecutor(file: string): ReportingExecutor {
  return processExecutor('sqlite', file, 0);
}

/** SQLite result codes that mean the caller's query cannot be run as written or within the memory allowed. */
function sqliteFailure(error: unknown): ReportingFailure {
  if (error instanceof ReportingFailure) return error;
  if (error instanceof ResultTooLarge) return new ReportingFailure('too-large');
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = String(message ?? '').split('\n')[0]?.slice(0, 300) ?? '';
  if (code === 'SQLITE_ERROR') return new ReportingFailure('query', text);
  if (code === 'SQLITE_NOMEM' || code === 'SQLITE_TOOBIG' || code === 'SQLITE_FULL') return new ReportingFailure('too-large');
  return new ReportingFailure('internal', text);
}

export function sqliteMemoryExecutor(db: Db): ReportingExecutor {
  return {
    dialect: 'sqlite',
    interruptible: false,
    // The service's own connection has no checked functions: integer overflow is SQLite's REAL here.
    checkedArithmetic: false,
    async run(query, limits) {
      try {
        // One connection held for the three statements, so no write of the service can fall between them.
        return await db.connection().execute(async (connection) => {
          await sql`pragma query_only = 1`.execute(connection);
          try {
            const result = await connection.executeQuery(CompiledQuery.raw(query.sql, [...query.parameters]));
            const rows = result.rows as Record<string, unknown>[];
            const budget = rowBudget(limits.maxBytes);
            for (const row of rows) budget.add(row);
            return rows;
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
