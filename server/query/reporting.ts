/**
 * Reporting queries: read-only SQL over the caller's own business, with a time limit and a row cap, on both
 * engines. `executeReportingQuery` is the one entry point — `POST /get` runs the caller's SQL through it and the
 * AI chat runs the model's SQL through it — so every rule holds for every caller:
 *
 * 1. the text is checked (check.ts): one SELECT over the reporting views, allowed functions only;
 * 2. the checked statement is wrapped (compose.ts) so every view is filtered by the business, and capped;
 * 3. it runs read-only with a time limit in a child process of its own (executors.ts), at most `concurrency` at a
 *    time per database, reading at most `maxRows` rows and `MAX_RESULT_BYTES` of them (row-budget.ts): whatever
 *    the query does, it can neither hold more than that in the service nor take the service down;
 * 4. the rows come back as JSON-safe values, money as exact decimal strings (results.ts).
 *
 * Every refusal is a 400 `OperationError` (429 when too many reporting queries are already running) whose
 * message names the problem, never the engine's internals.
 */
import { badRequest, OperationError } from '../../shared/errors.js';
import type { Db } from '../../app/context.js';
import { onPostgres } from '../../app/operation.js';
import { checkReportingQuery } from './check.js';
import { composeReportingQuery } from './compose.js';
import { postgresExecutor, sqliteFile, sqliteFileExecutor, sqliteMemoryExecutor, type ReportingExecutor } from './executors.js';
import { ReportingFailure } from './failure.js';
import { reportRow, type ReportRow } from './results.js';
import { Gate } from './gate.js';
import { MAX_RESULT_BYTES } from './row-budget.js';
import { REPORTING_VIEW_NAMES } from './views.js';

export interface ReportingSettings {
  /** Longest a query may run, in milliseconds. */
  readonly timeoutMs: number;
  /** Most rows a query may return; a query returning more is refused, not cut short. */
  readonly maxRows: number;
  /** Queries running at once per database; later ones wait (at most `timeoutMs`), and beyond a queue get a 429. */
  readonly concurrency: number;
  /** Most a result may weigh, in characters of its values (row-budget.ts); `MAX_RESULT_BYTES` unless set lower. */
  readonly maxBytes?: number;
}

export const DEFAULT_REPORTING_SETTINGS: ReportingSettings = { timeoutMs: 5_000, maxRows: 10_000, concurrency: 2 };


/** The reporting machinery of one database handle: its executor (child processes on SQLite) and its gate. */
class ReportingQueries {
  private executor?: Promise<ReportingExecutor>;
  private readonly gate: Gate;

  constructor(
    private readonly db: Db,
    readonly settings: ReportingSettings,
  ) {
    this.gate = new Gate(settings.concurrency);
  }

  private executorFor(): Promise<ReportingExecutor> {
    this.executor ??= (async () => {
      if (onPostgres(this.db)) return postgresExecutor(this.db);
      const file = await sqliteFile(this.db);
      return file === null ? sqliteMemoryExecutor(this.db) : sqliteFileExecutor(file);
    })();
    return this.executor;
  }

  async execute(businessId: string, text: string, settings: ReportingSettings): Promise<ReportRow[]> {
    const executor = await this.executorFor();
    const checked = await checkReportingQuery(text, executor.dialect, REPORTING_VIEW_NAMES, {
      checkedArithmetic: executor.checkedArithmetic,
    });
    const maxBytes = resultBudget(settings);
    const query = composeReportingQuery(checked, executor.dialect, businessId, settings.maxRows, maxBytes);
    const leave = await this.gate.enter(settings.timeoutMs);
    let rows: Record<string, unknown>[];
    try {
      rows = await executor.run(query, { timeoutMs: settings.timeoutMs, maxRows: settings.maxRows, maxBytes });
    } catch (error) {
      throw refusal(error, settings);
    } finally {
      leave();
    }
    if (rows.length > settings.maxRows)
      throw badRequest(`The query returns more than ${settings.maxRows} rows: add a LIMIT or aggregate`);
    return rows.map((row) => reportRow(row, executor.dialect));
  }

  async close(): Promise<void> {
    const executor = await this.executor?.catch(() => undefined);
    await executor?.close();
  }
}

const resultBudget = (settings: ReportingSettings) => Math.min(settings.maxBytes ?? MAX_RESULT_BYTES, MAX_RESULT_BYTES);

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/** An executor's failure as the caller sees it: always a 400 naming what to change. */
function refusal(error: unknown, settings: ReportingSettings): unknown {
  if (error instanceof OperationError) return error;
  if (!(error instanceof ReportingFailure)) return error;
  switch (error.kind) {
    case 'timeout':
      return badRequest(
        `The query took longer than ${seconds(settings.timeoutMs)} and was stopped: narrow it down (WHERE, LIMIT) or aggregate`,
      );
    case 'query':
      return badRequest(`Query failed: ${error.message}`);
    case 'too-large':
      return badRequest(
        `The result is too large (over ${resultBudget(settings)} characters, or more memory than a query may use): ask for fewer columns or rows, or aggregate`,
      );
    default:
      return badRequest('The query could not be completed (it may need too much memory): narrow it down or aggregate');
  }
}

/**
 * The reporting machinery belongs to a database handle, like its connection pool: handlers receive the handle,
 * never a service locator, so it is found by the handle and made on first use.
 */
const byDatabase = new WeakMap<Db, ReportingQueries>();

function reportingQueries(db: Db): ReportingQueries {
  let queries = byDatabase.get(db);
  if (!queries) {
    queries = new ReportingQueries(db, DEFAULT_REPORTING_SETTINGS);
    byDatabase.set(db, queries);
  }
  return queries;
}

/** Sets the limits for reporting queries on `db` (the service does this from its configuration at start). */
export async function configureReportingQueries(db: Db, settings: ReportingSettings): Promise<void> {
  await byDatabase.get(db)?.close();
  byDatabase.set(db, new ReportingQueries(db, settings));
}

/** Stops the reporting child processes of `db`, if any (when the service closes). */
export async function closeReportingQueries(db: Db): Promise<void> {
  const queries = byDatabase.get(db);
  byDatabase.delete(db);
  await queries?.close();
}

/**
 * Runs `text` as a reporting query for `businessId` and returns its rows. Call it with the service's database
 * handle, outside any write transaction: the query gets its own read-only transaction (PostgreSQL) or process
 * (SQLite). `options` narrows the configured limits for one call (a smaller row cap for the AI chat, say); it
 * can never widen them.
 *
 * @throws OperationError 400 for a refused or failed query (the message says why), 429 when too many run at once.
 */
export async function executeReportingQuery(
  db: Db,
  businessId: string,
  text: string,
  options: Partial<Pick<ReportingSettings, 'timeoutMs' | 'maxRows'>> = {},
): Promise<ReportRow[]> {
  const queries = reportingQueries(db);
  const settings: ReportingSettings = {
    ...queries.settings,
    timeoutMs: Math.min(queries.settings.timeoutMs, options.timeoutMs ?? Infinity),
    maxRows: Math.min(queries.settings.maxRows, options.maxRows ?? Infinity),
  };
  return queries.execute(businessId, text, settings);
}
