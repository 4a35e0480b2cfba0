/**
 * A child process that runs reporting queries on a SQLite database file (started by sqlite-processes.ts).
 *
 * better-sqlite3 runs a statement to completion on the calling thread and cannot be interrupted, so a slow
 * query in the service's own process would stop every other request. Here it can only stop this process, which
 * the parent kills when the time limit passes. The connection is opened read-only and `query_only`, and a
 * statement that could write is refused before it runs.
 *
 * Protocol (IPC, advanced serialisation so bigints pass intact):
 *   parent → child  { id, sql, parameters, maxRows }
 *   child → parent  { id, ok: true, rows } | { id, ok: false, code, message }
 */
import Sqlite from 'better-sqlite3';

interface Job {
  readonly id: number;
  readonly sql: string;
  readonly parameters: unknown[];
  readonly maxRows: number;
}

const file = process.argv[2];
if (!file || !process.send) {
  console.error('usage: forked with IPC, the database file as the only argument');
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

function run(job: Job): unknown[] {
  const statement = database.prepare(job.sql);
  if (!statement.reader || !statement.readonly)
    throw Object.assign(new Error('Only reading statements are allowed'), { code: 'KASSA_NOT_READ_ONLY' });
  const rows: unknown[] = [];
  for (const row of statement.iterate(...job.parameters)) {
    rows.push(row);
    if (rows.length > job.maxRows) break;
  }
  return rows;
}

process.on('message', (message: Job) => {
  try {
    process.send?.({ id: message.id, ok: true, rows: run(message) });
  } catch (error) {
    const { code, message: text } = error as { code?: unknown; message?: unknown };
    process.send?.({
      id: message.id,
      ok: false,
      code: typeof code === 'string' ? code : 'ERROR',
      message: typeof text === 'string' ? text : 'query failed',
    });
  }
});

process.send({ ready: true });

// The parent went away (or closed the channel): nothing more will come.
process.on('disconnect', () => {
  database.close();
  process.exit(0);
});
