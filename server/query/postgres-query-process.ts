/**
 * A child process that runs reporting queries on PostgreSQL (started by query-processes.ts).
 *
 * Why a separate process: the pg driver parses the server's messages inside socket events, and a value too big
 * for a JavaScript string (a nested `replace` can build 600 million characters) makes it throw there, where no
 * caller can catch it — in the service that ended the process, for every tenant. Here it ends this child, which
 * the parent sees exit and answers with a 400. What keeps it from getting that far:
 *
 * - the statement carries the byte budget (compose.ts): PostgreSQL raises an error on the first row that would
 *   take the result past it, so a too-large row is never sent;
 * - rows are read through a cursor in small batches and counted against the same budget (row-budget.ts);
 * - the session has a `statement_timeout`, a small `work_mem` and, where the role may set it, a
 *   `temp_file_limit`; the transaction is READ ONLY;
 * - the process has a small V8 heap and one connection of its own (not one of the service's pool).
 *
 * Protocol (IPC, advanced serialisation so bigints and dates pass intact), the URL in KASSA_REPORT_DATABASE:
 *   parent → child  Job (query-processes.ts)
 *   child → parent  { id, ok: true, rows } | { id, ok: false, kind, message }
 */
import pg from 'pg';
import Cursor from 'pg-cursor';
import { POSTGRES_GUARD_MARK } from './compose.js';
import type { Job, Reply } from './query-processes.js';
import { ResultTooLarge, rowBudget } from './row-budget.js';

/** Rows fetched per round trip: the budget is checked between batches as well as in the statement. */
const BATCH_ROWS = 200;
/** Memory a sort or hash may use before spilling to disk, and the disk it may spill (when the role may limit it). */
const SESSION_SETTINGS = [`set work_mem = '8MB'`, `set temp_file_limit = '256MB'`];

const url = process.env.KASSA_REPORT_DATABASE;
if (!url || !process.send) {
  console.error('usage: forked with IPC, the PostgreSQL URL in KASSA_REPORT_DATABASE');
  process.exit(2);
}

// BIGINT as bigint, as in the service (db/connect.ts): counts and sums of scaled integers stay exact.
pg.types.setTypeParser(20, (value) => BigInt(value));

const client = new pg.Client({ connectionString: url, application_name: 'kassa-reporting' });
// A lost connection ends this child; the parent starts a fresh one for the next query.
client.on('error', () => process.exit(1));
// Anything thrown where no caller waits (a driver error inside a socket event) ends this child alone.
process.on('uncaughtException', () => process.exit(1));

const firstLine = (message: unknown) =>
  String(message ?? '')
    .split('\n')[0]
    ?.slice(0, 300) ?? '';

/**
 * PostgreSQL errors by SQLSTATE class: cancelled by the timeout; the budget mark the statement raises; problems
 * of the caller's own query (syntax and names 42, data 22, cardinality 21, unsupported features 0A) worth
 * showing; running out of memory, disk or another limit (53, 54); anything else is ours and stays hidden.
 */
function failure(id: number, error: unknown): Reply {
  if (error instanceof ResultTooLarge) return { id, ok: false, kind: 'too-large' };
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string') return { id, ok: false, kind: 'internal', message: firstLine(message) };
  if (code === '57014') return { id, ok: false, kind: 'timeout' };
  if (String(message).includes(POSTGRES_GUARD_MARK)) return { id, ok: false, kind: 'too-large' };
  if (/^(42|22|21|0A)/.test(code)) return { id, ok: false, kind: 'query', message: firstLine(message) };
  if (/^(53|54)/.test(code)) return { id, ok: false, kind: 'too-large' };
  return { id, ok: false, kind: 'internal', message: firstLine(message) };
}

/** PostgreSQL's numeric type. */
const NUMERIC = 1700;

/**
 * A numeric without the zeros its scale adds (`12.5 * 2` is 25.0 here and 25 on SQLite): the same number, the
 * same text on both engines.
 */
function trimScale(value: unknown): unknown {
  if (typeof value !== 'string' || !value.includes('.') || /[eE]/.test(value)) return value;
  return value.replace(/\.?0+$/, '');
}

function read(cursor: Cursor, rows: number): Promise<{ rows: unknown[][]; fields: { name: string; dataTypeID: number }[] }> {
  return new Promise((resolve, reject) => {
    cursor.read(rows, (error, batch, result) => {
      if (error) reject(error);
      else resolve({ rows: batch as unknown[][], fields: (result?.fields ?? []) as { name: string; dataTypeID: number }[] });
    });
  });
}

/** The statement's rows without its last column (the budget guard compose.ts adds). */
async function rowsOf(job: Job): Promise<Record<string, unknown>[]> {
  const cursor = client.query(new Cursor(job.sql, [...job.parameters], { rowMode: 'array' }));
  const budget = rowBudget(job.maxBytes);
  const rows: Record<string, unknown>[] = [];
  try {
    for (;;) {
      const batch = await read(cursor, BATCH_ROWS);
      const fields = batch.fields.slice(0, -1);
      for (const values of batch.rows) {
        const row: Record<string, unknown> = {};
        fields.forEach((field, index) => (row[field.name] = field.dataTypeID === NUMERIC ? trimScale(values[index]) : values[index]));
        budget.add(row);
        rows.push(row);
        if (rows.length > job.maxRows) return rows;
      }
      if (batch.rows.length < BATCH_ROWS) return rows;
    }
  } finally {
    await new Promise<void>((resolve) => cursor.close(() => resolve()));
  }
}

async function run(job: Job): Promise<Record<string, unknown>[]> {
  await client.query('begin read only');
  try {
    await client.query(`select set_config('statement_timeout', $1, true)`, [String(job.timeoutMs)]);
    const rows = await rowsOf(job);
    await client.query('commit');
    return rows;
  } catch (error) {
    await client.query('rollback').catch(() => process.exit(1));
    throw error;
  }
}

// One job at a time: the parent sends the next only after this one's answer.
process.on('message', (job: Job) => {
  run(job).then(
    (rows) => process.send?.({ id: job.id, ok: true, rows } satisfies Reply),
    (error: unknown) => process.send?.(failure(job.id, error)),
  );
});

process.on('disconnect', () => {
  void client.end().finally(() => process.exit(0));
});

await client.connect();
for (const setting of SESSION_SETTINGS) {
  // temp_file_limit needs a superuser role; without it the other limits still hold.
  await client.query(setting).catch(() => undefined);
}
process.send({ ready: true });
