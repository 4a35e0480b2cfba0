/**
 * Applying what the service sends (docs/sync.md): a pull page or a bootstrap page, each in ONE local transaction
 * together with the new cursor — never the cursor without the rows, or the rows without the cursor.
 *
 * A pull page: take back pending local work, apply the service's rows (a row is applied when its version is not
 * older than the one held, so a repeated page changes nothing and an old image never overwrites a newer one),
 * settle the acknowledged operations (applied: dropped from the outbox, keeping the warnings of any business rule
 * they broke; rejected: moved to the inbox with their payload and reason), then redo the operations still pending.
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../app/context.js';
import { continueUnderNewEpoch, requireMeta, writeMeta } from './meta.js';
import { replayPending, undoPending, type OutboxRow } from './local-run.js';
import { upsertFromJson, upsertManyFromJson } from './rows.js';
import { keepWarnings } from './warnings.js';
import { moveToInbox } from './inbox.js';
import { keepCounterAhead } from './order-number.js';
import type { TerminalStore } from './store.js';
import { DEFAULT_JOURNAL_BOUNDS, journalAcknowledged, pruneJournal, type JournalBounds } from './journal.js';

export interface PullPageMeta {
  readonly cursor: string | null;
  readonly hasMore: boolean;
  readonly ack: { readonly epoch: string; readonly lastAppliedSeq: number } | null;
  readonly mutationResults: readonly { seq: number; mutationId: string; status: 'applied' | 'rejected'; result: unknown }[];
  readonly reset: {
    readonly reason: string;
    /** Protocol 3: the service's generation, and with SERVICE_REWOUND or CURSOR_AHEAD where it stands in each of the till's queues. */
    readonly generation?: string;
    readonly queues?: readonly { readonly epoch: string; readonly lastAppliedSeq: number }[];
  } | null;
  /** The service's clock when it answered (absent from older services). */
  readonly serverTime?: string;
}

export interface PullApplied {
  readonly changes: number;
  /** The tables those changes were in (`*`: every table, after a fresh download), so screens re-read only what moved. */
  readonly tables: readonly string[];
  readonly acknowledged: number;
  readonly rejected: number;
}

export interface PulledPage {
  /** The response body exactly as received. */
  readonly text: string;
  readonly meta: PullPageMeta;
}

/**
 * Applies consecutive pull pages in ONE transaction (a catch-up fetches several before applying): pending work is
 * taken back once, every page's rows applied in order, the operations acknowledged by the last page settled, the
 * rest redone once, and the last page's cursor stored. Settled operations move to the journal (./journal.ts), which
 * keeps them within `journal` bounds in case the service loses them.
 */
export async function applyPullPages(store: TerminalStore, pages: readonly PulledPage[], journal: JournalBounds = DEFAULT_JOURNAL_BOUNDS): Promise<PullApplied> {
  const last = pages[pages.length - 1];
  if (!last) return { changes: 0, tables: [], acknowledged: 0, rejected: 0 };
  return store.writes.transaction(async (tx: Db) => {
    const local = tx as unknown as Kysely<unknown>;
    await undoPending(tx, store);
    // Only the newest image of each row matters (pages come in version order and never split a version): a
    // catch-up after 10,000 debt sales carries 10,000 images of the one balance row.
    const newest = new Map<string, { t: string; v: bigint; id: string; row: string }>();
    for (const page of pages) {
      // SQLite reads the page itself: row images stay exact 64-bit integers.
      const entries = (
        await sql<{ t: string; v: bigint; id: string; row: string }>`
          select json_extract(value, '$.t') as t, json_extract(value, '$.v') as v,
                 json_extract(value, '$.row.id') as id, json_extract(value, '$.row') as row
            from json_each(${page.text}, '$.changes') order by key`.execute(local)
      ).rows;
      for (const entry of entries) {
        const key = `${entry.t}\u0000${entry.id}`;
        newest.delete(key);
        newest.set(key, entry);
      }
    }
    let changes = 0;
    const tables = new Set<string>();
    for (const entry of newest.values()) {
      const columns = store.columns.get(entry.t);
      if (!columns) continue;
      const held = (await sql<{ v: bigint }>`select v from mirror_versions where tbl = ${entry.t} and row_id = ${entry.id}`.execute(local)).rows[0];
      if (held && BigInt(held.v) > BigInt(entry.v)) continue;
      await upsertFromJson(entry.t, columns)(local, entry.row);
      await sql`insert into mirror_versions (tbl, row_id, v) values (${entry.t}, ${entry.id}, ${entry.v}) on conflict (tbl, row_id) do update set v = excluded.v`.execute(local);
      changes += 1;
      tables.add(entry.t);
    }
    await keepCounterAhead(local, pulledNumbers(newest.values()));
    let acknowledged = 0;
    let rejected = 0;
    const epoch = await requireMeta(local, 'epoch');
    const ack = last.meta.ack;
    if (ack && ack.epoch === epoch) {
      // Matched by mutationId, not only by seq: the pages carry every result of this epoch up to the last page (the
      // terminal sends no knownAck), so an acknowledged seq whose result names another operation means this
      // database is a restored copy — the service gave that seq to an operation the copy never had.
      const results = new Map(pages.flatMap((page) => page.meta.mutationResults).map((result) => [result.mutationId, result]));
      const settled = (await sql<OutboxRow>`select * from outbox where seq <= ${ack.lastAppliedSeq} order by seq`.execute(local)).rows;
      const now = new Date(store.clock.now()).toISOString();
      const terminalId = await requireMeta(local, 'terminal_id');
      let forked = false;
      for (const row of settled) {
        const result = results.get(row.mutation_id);
        if (!result || Number(result.seq) !== Number(row.seq)) {
          // Not acknowledged, whatever the seq says: kept, and continued under a new epoch below. (Deleting it
          // would lose the cashier's operation silently — found by the fault harness, sim/.)
          forked = true;
          continue;
        }
        if (result.status === 'applied') await keepWarnings(local, row, result.result, now);
        if (result.status === 'rejected') {
          rejected += 1;
          await moveToInbox(local, row, result.result, now);
        }
        acknowledged += 1;
        await sql`delete from outbox where seq = ${row.seq}`.execute(local);
        await journalAcknowledged(local, terminalId, row, result.status, now);
      }
      if (acknowledged > 0) await pruneJournal(local, journal, new Date(now));
      // The journal is empty here (undone above): only the outbox and the meta move to the new epoch.
      if (forked) await continueUnderNewEpoch(local);
    }
    await replayPending(tx);
    if (last.meta.cursor) await writeMeta(local, 'cursor', last.meta.cursor);
    return { changes, tables: [...tables], acknowledged, rejected };
  });
}

export interface BootstrapPageMeta {
  readonly table: string | null;
  readonly cursor?: string | null;
  readonly done: boolean;
  /** The download's first page: every row held so far is marked stale until a page of this download sends it. */
  readonly first?: boolean;
}

/**
 * Applies one bootstrap page: all its rows in one statement, their versions in another. Pending local work is
 * taken back first and redone after, as for a pull page.
 *
 * A till downloading again (a reset: its cursor fell below the service's retention floor, or its scope changed)
 * already holds rows, and some of them are gone on the service — deleted, with the tombstone dropped since, or out
 * of its new scope. A download sends live rows only, so the first page marks every held row stale
 * (`mirror_versions.v = -1`), every page's rows are marked fresh again, and the last page deletes what is still
 * stale: the till ends with exactly the service's rows in its scope, never a silent leftover. Its outbox is not
 * touched: queued operations are taken back and redone around each page and still sent once.
 */
export async function applyBootstrapPage(store: TerminalStore, text: string, meta: BootstrapPageMeta): Promise<number> {
  return store.writes.transaction(async (tx: Db) => {
    const local = tx as unknown as Kysely<unknown>;
    const columns = meta.table ? store.columns.get(meta.table) : undefined;
    let rows = 0;
    const touches = (meta.table && columns) || meta.first || meta.done;
    if (touches) await undoPending(tx, store);
    if (meta.first) await sql`update mirror_versions set v = -1`.execute(local);
    if (meta.table && columns) {
      const written = await upsertManyFromJson(meta.table, columns)(local, text, '$.rows');
      rows = Number(written.numAffectedRows ?? 0n);
      if (meta.table === 'orders') await keepCounterAhead(local, await downloadedNumbers(local, text));
      await sql`
        insert into mirror_versions (tbl, row_id, v)
        select ${meta.table}, json_extract(value, '$.row.id'), json_extract(value, '$.v') from json_each(${text}, '$.rows') where true
        on conflict (tbl, row_id) do update set v = max(v, excluded.v)`.execute(local);
    }
    if (meta.done) await dropStaleRows(store, local);
    if (touches) await replayPending(tx);
    if (meta.done && meta.cursor) await writeMeta(local, 'cursor', meta.cursor);
    return rows;
  });
}

/**
 * The `order_id`s of the orders a pull brings: a till put back to an older copy of itself learns from them which of
 * its numbers the service already holds (./order-number.ts).
 */
function pulledNumbers(entries: Iterable<{ t: string; row: string }>): string[] {
  const numbers: string[] = [];
  for (const entry of entries) {
    if (entry.t !== 'orders') continue;
    const orderId = (JSON.parse(entry.row) as { order_id?: unknown }).order_id;
    if (typeof orderId === 'string') numbers.push(orderId);
  }
  return numbers;
}

/** The `order_id`s of a download page of orders (read by SQLite, as the rows were). */
async function downloadedNumbers(local: Kysely<unknown>, text: string): Promise<string[]> {
  const rows = (await sql<{ order_id: string | null }>`select json_extract(value, '$.row.order_id') as order_id from json_each(${text}, '$.rows')`.execute(local)).rows;
  return rows.flatMap((row) => (typeof row.order_id === 'string' ? [row.order_id] : []));
}

/** Deletes the rows a finished download did not send (see applyBootstrapPage). */
async function dropStaleRows(store: TerminalStore, local: Kysely<unknown>): Promise<void> {
  const tables = (await sql<{ tbl: string }>`select distinct tbl from mirror_versions where v < 0`.execute(local)).rows.map((row) => row.tbl);
  for (const table of tables) {
    if (!store.columns.has(table)) continue;
    await sql`delete from ${sql.table(table)} where id in (select row_id from mirror_versions where tbl = ${table} and v < 0)`.execute(local);
  }
  await sql`delete from mirror_versions where v < 0`.execute(local);
}
