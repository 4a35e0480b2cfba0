/**
 * A child process that runs reporting queries on a SQLite database file (started by query-processes.ts).
 *
 * better-sqlite3 runs a statement to completion on the calling thread and cannot be interrupted, so a slow
 * query in the service's own process would stop every other request. Here it can only stop this process, which
 * the parent kills when the time limit passes. The connection is opened read-only and `query_only`, and a
 * statement that could write is refused before it runs.
 *
 * Rows are counted against the byte budget as they are read, so a result too large to send is refused here.
 *
 * Protocol (IPC, advanced serialisation so bigints pass intact), the database file in KASSA_REPORT_DATABASE:
 *   parent → child  Job (query-processes.ts)
 *   child → parent  { id, ok: true, rows } | { id, ok: false, kind, message }
 */
import Sqlite from 'better-sqlite3';
import type { Job, Reply } from './query-processes.js';
import { ResultTooLarge, rowBudget } from './row-budget.js';
import { IntegerOverflow, SQLITE_ARITHMETIC } from './sqlite-arithmetic.js';

const file = process.env.KASSA_REPORT_DATABASE;
if (!file || !process.send) {
  console.error('usage: forked with IPC, the database file in KASSA_REPORT_DATABASE');
  process.exit(2);
}

const database = new Sqlite(file, { readonly: true, fileMustExist: true });
database.defaultSafeIntegers(true);
database.pragma('query_only = ON');
database.pragma('trusted_schema = OFF');
database.pragma('busy_timeout = 5000');
// Sorting or grouping a huge cross join must fail here, not grow without bound.
database.pragma(`hard_heap_limit = ${Number(process.env.KASSA_REPORT_HEAP_BYTES ?? 512 * 1024 * 1024)}`);
database.pragma('temp_store = MEMORY');
// + - * as check.ts prints them for this connection: SQLite's arithmetic, with integer overflow an error.
for (const [name, operation] of Object.entries(SQLITE_ARITHMETIC)) {
  database.function(name, { deterministic: true, safeIntegers: true }, operation);
}

function run(job: Job): Record<string, unknown>[] {
  const statement = database.prepare(job.sql);
  if (!statement.reader || !statement.readonly)
    throw Object.assign(new Error('Only reading statements are allowed'), { code: 'KASSA_NOT_READ_ONLY' });
  const rows: Record<string, unknown>[] = [];
  const budget = rowBudget(job.maxBytes);
  for (const row of statement.iterate(...job.parameters) as Iterable<Record<string, unknown>>) {
    budget.add(row);
    rows.push(row);
    if (rows.length > job.maxRows) break;
  }
  return rows;
}

/** SQLite result codes that mean the caller's query cannot be run as written or within the memory allowed. */
function failure(id: number, error: unknown): Reply {
  if (error instanceof ResultTooLarge) return { id, ok: false, kind: 'too-large' };
  if (error instanceof IntegerOverflow) return { id, ok: false, kind: 'query', message: error.message };
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : 'query failed';
  if (code === 'SQLITE_ERROR') return { id, ok: false, kind: 'query', message: text };
  if (code === 'SQLITE_NOMEM' || code === 'SQLITE_TOOBIG' || code === 'SQLITE_FULL') return { id, ok: false, kind: 'too-large' };
  return { id, ok: false, kind: 'internal', message: text };
}

process.on('message', (job: Job) => {
  let reply: Reply;
  try {
    reply = { id: job.id, ok: true, rows: run(job) };
  } catch (error) {
    reply = failure(job.id, error);
  }
  process.send?.(reply);
});

process.send({ ready: true });

// The parent went away (or closed the channel): nothing more will come.
process.on('disconnect', () => {
  database.close();
  process.exit(0);
});
