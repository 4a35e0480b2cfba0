/**
 * The write in progress: the work an operation defers to the end of its transaction, held as one object on its
 * context (`ctx.write`), made by the one place that runs writes (`runWriteInTransaction`, app/operation.ts), which
 * ends it after the handler and its audit entry. Nothing about a write is kept anywhere else.
 *
 * Why defer at all (PostgreSQL): a hot balance row (a stock level, a client's debt) stays locked from its update
 * until COMMIT, so every statement run after that update lengthens the queue of writers waiting for the row; and
 * every statement is a network round trip. So balance updates run as the transaction's last statements
 * (`defer`), and rows the operation never reads back (lines, ledger entries, the audit entry) wait
 * (`insertLater`) to travel as data-modifying CTEs in front of the next statement sent through `carry` — the
 * balance update at commit — or, failing that, in one statement of their own just before COMMIT. Same
 * transaction, same rows; fewer statements. SQLite runs in-process: its inserts are written at once. Work
 * that many calls add to (all of an operation's level changes, netted into one upsert) is `gather`ed into one
 * deferred step.
 *
 * Outside a write (a handler called directly, a test) there is no `ctx.write`: the functions at the end of this
 * file then do the work at once, so callers never depend on the deferral.
 */
import type { CompiledQuery, Insertable, QueryResult } from 'kysely';
import type { Database } from '../db/schema.js';
import { onPostgres } from '../db/engine.js';
import { insertQuery, insertRows, withInsertsInFront } from '../db/insert-statements.js';
import type { Db, OperationContext, WriteInProgress } from './context.js';

type Step = () => Promise<void>;
type Table = keyof Database & string;

export class OperationWrite implements WriteInProgress {
  readonly #db: Db;
  readonly #postgres: boolean;
  /** Steps deferred to the end, in the order they were deferred. (Made when first needed: most writes defer little.) */
  #steps: Step[] | null = null;
  /** Inserts waiting to travel with the next carrying statement (PostgreSQL only). */
  #waiting: CompiledQuery[] | null = null;
  /** Open gatherings by kind (`gather`), each with its step still to come. */
  #gatherings: Map<symbol, unknown> | null = null;
  /** Once ended, the write defers nothing more: work asked for then is done at once. */
  #ended = false;

  /** `db` is the transaction the operation runs in. */
  constructor(db: Db) {
    this.#db = db;
    this.#postgres = onPostgres(db);
  }

  /**
   * Runs `step` as one of the LAST statements of the transaction: after the handler and its audit entry, just
   * before COMMIT, in the order steps were deferred. A step must not be needed by anything the operation reads
   * or returns before it runs.
   */
  async defer(step: Step): Promise<void> {
    if (this.#ended) await step();
    else (this.#steps ??= []).push(step);
  }

  /**
   * Work gathered over the operation into one deferred step (e.g. all its level changes into one upsert): `add`
   * puts this call's part into the gathering of `kind`. The first call opens it (`open`) and defers `close` on it;
   * later calls add to the same gathering until that step starts, after which a call opens a new one.
   */
  async gather<T>(kind: symbol, open: () => T, add: (gathering: T) => void, close: (gathering: T) => Promise<void>): Promise<void> {
    if (this.#ended) {
      const gathering = open();
      add(gathering);
      await close(gathering);
      return;
    }
    const gatherings = (this.#gatherings ??= new Map());
    let gathering = gatherings.get(kind) as T | undefined;
    if (gathering === undefined) {
      const opened = open();
      gatherings.set(kind, opened);
      (this.#steps ??= []).push(async () => {
        gatherings.delete(kind);
        await close(opened);
      });
      gathering = opened;
    }
    add(gathering);
  }

  /**
   * Inserts rows the operation will not read back, in the same transaction but possibly later: on PostgreSQL
   * with the next `carry` statement or just before COMMIT; on SQLite now.
   */
  async insertLater<T extends Table>(table: T, rows: readonly Insertable<Database[T]>[]): Promise<void> {
    if (rows.length === 0) return;
    if (!this.#postgres || this.#ended) {
      await insertRows(this.#db, table, rows);
      return;
    }
    (this.#waiting ??= []).push(insertQuery(this.#db, table, rows, ''));
  }

  /**
   * Runs a statement nothing reads the result of — an update of a row this write inserted earlier — with the
   * waiting inserts (on PostgreSQL, a data-modifying CTE of the next carrying statement); on SQLite now. It must
   * not touch a row any waiting insert or later statement of the same carry also writes (a statement may change
   * a row once), nor lock a row that others wait for: a balance goes through `defer`.
   */
  async runLater(query: CompiledQuery): Promise<void> {
    if (!this.#postgres || this.#ended) {
      await this.#db.executeQuery(query);
      return;
    }
    (this.#waiting ??= []).push(query);
  }

  /**
   * Runs `query` (or, without one, the last waiting insert) with the waiting inserts in front of it, as
   * data-modifying CTEs of the same statement.
   */
  async carry<R>(query?: CompiledQuery<R>): Promise<QueryResult<R> | QueryResult<unknown> | undefined> {
    const queue = this.#waiting ?? [];
    this.#waiting = null;
    const carried = query ?? queue.pop();
    if (!carried) return undefined;
    if (queue.length === 0) return this.#db.executeQuery(carried);
    const together = withInsertsInFront(queue, carried);
    if (together) return this.#db.executeQuery(together);
    // Too many values for one statement (a huge document): the inserts go one by one.
    for (const insert of queue) await this.#db.executeQuery(insert);
    return this.#db.executeQuery(carried);
  }

  /**
   * Ends the write: the deferred steps in order — by index, since a step may defer another, which the loop still
   * reaches — then, in one statement, the inserts no step carried. Called once, after the handler and its audit.
   */
  async end(): Promise<void> {
    const steps = this.#steps;
    if (steps) for (let index = 0; index < steps.length; index += 1) await steps[index]?.();
    if (this.#waiting) await this.carry();
    this.#ended = true;
  }
}

/** `step` deferred to the end of the operation's write (`OperationWrite.defer`), or run now outside one. */
export async function atCommit(ctx: OperationContext, step: Step): Promise<void> {
  if (ctx.write) await ctx.write.defer(step);
  else await step();
}

/** Work gathered into one step at the end of the operation's write (`OperationWrite.gather`), or done now outside one. */
export async function gatherAtCommit<T>(
  ctx: OperationContext,
  kind: symbol,
  open: () => T,
  add: (gathering: T) => void,
  close: (gathering: T) => Promise<void>,
): Promise<void> {
  if (ctx.write) {
    await ctx.write.gather(kind, open, add, close);
    return;
  }
  const gathering = open();
  add(gathering);
  await close(gathering);
}

/** Rows inserted with the operation's write (`OperationWrite.insertLater`), or now outside one. */
export async function insertLater<T extends Table>(db: Db, ctx: OperationContext, table: T, rows: readonly Insertable<Database[T]>[]): Promise<void> {
  if (ctx.write) await ctx.write.insertLater(table, rows);
  else await insertRows(db, table, rows);
}

/** A statement nothing reads the result of, run with the write's waiting inserts (`OperationWrite.runLater`), or now outside one. */
export async function runLater(db: Db, ctx: OperationContext, query: CompiledQuery): Promise<void> {
  if (ctx.write) await ctx.write.runLater(query);
  else await db.executeQuery(query);
}

/** `query` run carrying the write's waiting inserts (`OperationWrite.carry`), or alone outside a write. */
export async function executeCarrying<R>(db: Db, ctx: OperationContext, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  if (ctx.write) return (await ctx.write.carry(query)) as QueryResult<R>;
  return db.executeQuery(query);
}
