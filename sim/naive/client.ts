/**
 * The naive protocol's terminal side — TEST-ONLY (./server.ts). The cashier's operations still run locally with
 * the same handlers (so the workload and its local effects are the same as under our protocol), but syncing is
 * the reference's: push every row the till changed since its last push, whole, then pull every row changed
 * since the last pull's `serverTime` and write it over the local copy. No operation log, no acknowledgement, no
 * rebase: the local row is whatever was written last, here or by a pull.
 */
import { sql, type Kysely } from 'kysely';
import { CAPTURED_TABLES } from '../../db/change-capture.js';
import { upsertFromJson } from '../../main/terminal/rows.js';
import { requireMeta } from '../../main/terminal/meta.js';
import type { Terminal, Transport } from '../../main/terminal/terminal.js';
import type { TerminalConfig } from '../terminal-config.js';

const MIRRORED = Object.keys(CAPTURED_TABLES);
const LAST_SYNC = 'naive_last_sync_time';

export class NaiveSync {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private failures = 0;

  constructor(
    private readonly terminal: Terminal,
    readonly config: TerminalConfig,
    private readonly transport: Transport,
  ) {}

  private get local(): Kysely<unknown> {
    return this.terminal.store.db as unknown as Kysely<unknown>;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  nudge(): void {
    if (!this.stopped && this.failures === 0) this.schedule(30);
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running ??= this.syncOnce()
        .then(
          () => {
            this.failures = 0;
          },
          () => {
            this.failures += 1;
          },
        )
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.schedule(this.failures === 0 ? 600 : Math.min(1500, 100 * 2 ** this.failures));
        });
    }, ms);
  }

  private async call(path: string, body: unknown): Promise<any> {
    const base = await requireMeta(this.local, 'service_url');
    const answer = await this.transport(`${base}/naive/${path}`, body, await requireMeta(this.local, 'access_token'));
    if (answer.status !== 201) throw new Error(`naive ${path} answered ${answer.status}`);
    return JSON.parse(answer.text);
  }

  /** Rows changed here and not pushed yet: the journal of the operations done since the last push. */
  async pending(): Promise<number> {
    const row = (await sql<{ n: bigint }>`select count(*) as n from outbox`.execute(this.local)).rows[0];
    return Number(row?.n ?? 0);
  }

  async syncOnce(): Promise<void> {
    await this.push();
    await this.pull();
  }

  async push(): Promise<void> {
    const upTo = Number((await sql<{ seq: bigint | null }>`select max(seq) as seq from outbox`.execute(this.local)).rows[0]?.seq ?? 0);
    if (upTo === 0) return;
    const touched = (await sql<{ tbl: string; row_id: string }>`select distinct tbl, row_id from undo_log where seq <= ${upTo}`.execute(this.local)).rows;
    const updates: Record<string, unknown[]> = {};
    for (const table of MIRRORED) {
      const columns = this.terminal.store.columns.get(table) ?? [];
      const ids = touched.filter((entry) => entry.tbl === table).map((entry) => entry.row_id);
      for (const id of ids) {
        const image = `json_object(${columns.map((column) => `'${column}', "${column}"`).join(', ')})`;
        const row = (await sql<{ j: string }>`select ${sql.raw(image)} as j from ${sql.table(table)} where id = ${id}`.execute(this.local)).rows[0];
        if (row) (updates[table] ??= []).push(JSON.parse(row.j));
      }
    }
    await this.call('push', { updates });
    await this.terminal.store.writes.transaction(async (tx) => {
      const local = tx as unknown as Kysely<unknown>;
      await sql`delete from undo_log where seq <= ${upTo}`.execute(local);
      await sql`delete from outbox where seq <= ${upTo}`.execute(local);
    });
  }

  async pull(): Promise<void> {
    const since = (await sql<{ value: string }>`select value from terminal_meta where key = ${LAST_SYNC}`.execute(this.local)).rows[0]?.value ?? '';
    const page = (await this.call('pull', { lastSyncTime: since })) as { serverTime: string; updates: Record<string, Record<string, unknown>[]> };
    await this.terminal.store.writes.transaction(async (tx) => {
      const local = tx as unknown as Kysely<unknown>;
      for (const table of MIRRORED) {
        const columns = this.terminal.store.columns.get(table);
        if (!columns) continue;
        for (const row of page.updates[table] ?? []) await upsertFromJson(table, columns)(local, JSON.stringify(row));
      }
      await sql`insert into terminal_meta (key, value) values (${LAST_SYNC}, ${page.serverTime}) on conflict (key) do update set value = excluded.value`.execute(local);
    });
  }
}
