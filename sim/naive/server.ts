/**
 * The naive protocol's service side — TEST-ONLY, used by the harness alone (`--protocol naive`), never routed by
 * the real service. It is the reference's sync (docs: ../shared/reference/osonpos-behaviour.md §8, research §2.1),
 * made a little more generous so that what fails is the protocol, not a missing table:
 *
 * - pull `{lastSyncTime}`: every row of every mirrored table of the business with `dt_updated > lastSyncTime`,
 *   soft-deleted rows included; `serverTime` is read AFTER the queries (as the reference does), and the terminal
 *   sends it back next time. Stock levels and debts are included (the reference did not sync them at all).
 * - push `{updates: {table: row[]}}`: each row upserted by id, whole row, `dt_updated` set to the server's now —
 *   the last writer wins on every column. No idempotency key, no ledger: an absolute stock or debt row simply
 *   overwrites. More generous than the reference: a row that breaks a constraint is skipped (and counted)
 *   instead of failing the whole batch forever.
 *
 * It writes straight to the service's database on its own connection, in a process of its own
 * (./server-process.ts: a SQLite writer waiting on the service's lock must not stall the harness's proxy), behind
 * the same fault proxy. Requests are handled one at a time; SQLite pushes take the write lock up front.
 */
import { sql, type Kysely } from 'kysely';
import { CAPTURED_TABLES } from '../../db/change-capture.js';
import { openDatabase, type DatabaseHandle } from '../../db/connect.js';

const TABLES = Object.keys(CAPTURED_TABLES);

/** Row values as JSON: bigint as a number (the simulation's values stay far below 2^53). */
const jsonRow = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'bigint' ? Number(value) : value]));

export class NaiveServer {
  private readonly database: DatabaseHandle;
  private readonly columns = new Map<string, string[]>();
  skippedRows = 0;

  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    databaseUrl: string,
    private readonly businessId: string,
  ) {
    this.database = openDatabase(databaseUrl, { poolSize: 4 });
  }

  private get db(): Kysely<unknown> {
    return this.database.db as unknown as Kysely<unknown>;
  }

  private async columnsOf(table: string): Promise<string[]> {
    const known = this.columns.get(table);
    if (known) return known;
    const names =
      this.database.engine === 'postgres'
        ? (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_name = ${table} order by ordinal_position`.execute(this.db)).rows.map((row) => row.name)
        : (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(this.db)).rows.map((row) => row.name);
    this.columns.set(table, names);
    return names;
  }

  /** Answers one request (one at a time); null for a path it does not serve. */
  handle(path: string, body: string): Promise<{ status: number; text: string } | null> {
    const work = this.queue.then(async () => {
      const request = JSON.parse(body || '{}') as Record<string, any>;
      if (path === '/naive/pull') return { status: 201, text: JSON.stringify(await this.pull(String(request.lastSyncTime ?? ''))) };
      if (path === '/naive/push') return { status: 201, text: JSON.stringify(await this.push(request.updates ?? {})) };
      return null;
    });
    this.queue = work.catch(() => undefined);
    return work;
  }

  private async pull(lastSyncTime: string) {
    const since = lastSyncTime === '' ? '1970-01-01T00:00:00.000Z' : lastSyncTime;
    const updates: Record<string, unknown[]> = {};
    for (const table of TABLES) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)} where business_id = ${this.businessId} and dt_updated > ${since}`.execute(this.db)).rows;
      if (rows.length > 0) updates[table] = rows.map(jsonRow);
    }
    return { serverTime: new Date().toISOString(), updates };
  }

  private async push(updates: Record<string, Record<string, unknown>[]>) {
    const now = new Date().toISOString();
    let written = 0;
    let skipped = 0;
    const write = async (tx: Kysely<unknown>) => {
      for (const table of TABLES) {
        const known = new Set(await this.columnsOf(table));
        for (const row of updates[table] ?? []) {
          const columns = Object.keys(row).filter((column) => known.has(column) && column !== 'business_id' && column !== 'dt_updated');
          const names = sql.join([sql.ref('business_id'), ...columns.map((column) => sql.ref(column)), sql.ref('dt_updated')]);
          const values = sql.join([sql`${this.businessId}`, ...columns.map((column) => sql`${row[column] as string | number | null}`), sql`${now}`]);
          const assignments = sql.join([...columns.filter((column) => column !== 'id').map((column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`), sql`dt_updated = excluded.dt_updated`]);
          await sql`savepoint naive_row`.execute(tx);
          try {
            await sql`insert into ${sql.table(table)} (${names}) values (${values}) on conflict (business_id, id) do update set ${assignments}`.execute(tx);
            await sql`release savepoint naive_row`.execute(tx);
            written += 1;
          } catch {
            await sql`rollback to savepoint naive_row`.execute(tx);
            await sql`release savepoint naive_row`.execute(tx);
            skipped += 1;
          }
        }
      }
    };
    if (this.database.engine === 'postgres') await this.db.transaction().execute(write);
    else {
      // The write lock first: a deferred transaction that read before the service wrote could never upgrade.
      await sql`begin immediate`.execute(this.db);
      try {
        await write(this.db);
        await sql`commit`.execute(this.db);
      } catch (error) {
        await sql`rollback`.execute(this.db).catch(() => undefined);
        throw error;
      }
    }
    this.skippedRows += skipped;
    return { success: true, written, skipped };
  }

  async close(): Promise<void> {
    await this.database.close();
  }
}
