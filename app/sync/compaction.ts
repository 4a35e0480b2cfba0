/**
 * Keeps the change log bounded (docs/sync.md, "Compaction and the retention floor"). Per business:
 *
 * - **Beyond the horizon** (versions older than `compactAfterMs`), the log keeps only the latest entry of each
 *   record (table + row id), at its own version. Versions are kept, so a pull still pages by whole versions; a
 *   till catching up from a cursor in the compacted part receives, for each record changed since, its latest
 *   image instead of every image — the same final state, through fewer intermediate ones.
 * - **The retention floor** follows `keepTombstonesMs`: everything at or below the version of that age is
 *   dropped, tombstones included, and a pull whose cursor is below the floor gets the `CURSOR_BEFORE_RETENTION`
 *   reset (./pull.ts) and downloads its scope again. A tombstone therefore lives at least that long.
 *
 * Written against the log's tables (sync_log, and migration 0031's sync_retention / sync_log_keys /
 * sync_version_marks), never against how they are filled, so it works with capture triggers or logical decoding.
 * Work goes in small batches, each its own short transaction on versions no writer touches any more (writers only
 * add versions above the head). On PostgreSQL every batch first takes a transaction-level advisory lock and gives
 * up when another instance holds it: one compactor at a time, and nothing to release if an instance dies.
 */
import { sql, type Kysely } from 'kysely';
import type { Transactor } from '../../db/transactor.js';
import { entryKey, splitEntries } from './compaction-entries.js';

export interface LogRetentionSettings {
  /** Versions older than this are compacted to the latest entry of each record. */
  readonly compactAfterMs: number;
  /** The retention floor: the log older than this (tombstones included) is dropped. Never below compactAfterMs. */
  readonly keepTombstonesMs: number;
  /** How often the service compacts. */
  readonly everyMs: number;
  /** Versions one batch (one transaction) takes on. */
  readonly batchVersions: number;
}

const DAY = 24 * 60 * 60 * 1000;
export const DEFAULT_LOG_RETENTION: LogRetentionSettings = {
  compactAfterMs: 7 * DAY,
  keepTombstonesMs: 30 * DAY,
  everyMs: 10 * 60 * 1000,
  batchVersions: 200,
};

/** What compaction works with: the database and its transactor (SQLite writes must go through the group commit). */
export interface CompactionTarget {
  readonly db: Kysely<unknown>;
  readonly writes: Transactor;
  readonly engine: 'sqlite' | 'postgres';
}

/** Where one business's log stands and what a run did. */
export interface CompactionOutcome {
  readonly businessId: string;
  readonly floor: bigint;
  readonly compactedTo: bigint;
  /** Entries dropped as superseded (an older image of a record with a newer one in the compacted part). */
  readonly entriesDropped: number;
  /** sync_log records deleted because they fell below the floor or had no entry left. */
  readonly recordsDeleted: number;
  readonly batches: number;
}

/** Another instance holds the compaction lock: this run stops, the holder finishes the work. */
export class CompactionBusy extends Error {
  constructor() {
    super('another instance is compacting the change log');
  }
}

/** The advisory lock's key on PostgreSQL ("kassa log" as a number). */
const LOCK_KEY = 0x6b617373616c6f67n;

/**
 * One scheduled run: marks every business's head version at `nowMs`, then moves each business's floor and
 * compacts up to its horizon. Throws CompactionBusy when another instance is at it.
 */
export async function compactLog(
  target: CompactionTarget,
  settings: LogRetentionSettings,
  nowMs: number,
  pause: () => Promise<void> = yieldToWriters,
): Promise<CompactionOutcome[]> {
  await inBatch(target, async (tx) => {
    await sql`insert into sync_version_marks (business_id, at_ms, version)
              select business_id, ${BigInt(nowMs)}, version from sync_clock where true
              on conflict (business_id, at_ms) do nothing`.execute(tx);
  });
  const businesses = (
    await sql<{ business_id: string }>`select business_id from sync_clock order by business_id`.execute(target.db)
  ).rows;
  const outcomes: CompactionOutcome[] = [];
  for (const { business_id: businessId } of businesses) {
    const horizon = await versionAt(target.db, businessId, nowMs - settings.compactAfterMs);
    const floor = await versionAt(target.db, businessId, nowMs - settings.keepTombstonesMs);
    outcomes.push(await compactBusiness(target, businessId, { horizon, floor, batchVersions: settings.batchVersions }, pause));
  }
  return outcomes;
}

/** The head version the newest mark at or before `atMs` saw (0 when there is none: nothing that old is known). */
async function versionAt(db: Kysely<unknown>, businessId: string, atMs: number): Promise<bigint> {
  const row = (
    await sql<{ version: string | bigint | null }>`
      select max(version) as version from sync_version_marks where business_id = ${businessId} and at_ms <= ${BigInt(Math.max(0, Math.floor(atMs)))}`.execute(
      db,
    )
  ).rows[0];
  return BigInt(row?.version ?? 0);
}

/**
 * Moves the business's floor up to `floor` (never down) and compacts (floor, horizon], in batches of
 * `batchVersions` versions. Callable with versions directly (tests, the benchmark); compactLog derives them from
 * the marks.
 */
export async function compactBusiness(
  target: CompactionTarget,
  businessId: string,
  limits: { horizon: bigint; floor: bigint; batchVersions: number },
  pause: () => Promise<void> = yieldToWriters,
): Promise<CompactionOutcome> {
  let entriesDropped = 0;
  let recordsDeleted = 0;
  let batches = 0;
  const floor = await inBatch(target, (tx) => raiseFloor(tx, target.engine, businessId, limits.floor));
  batches += 1;
  // Below the floor nothing is read any more: the records go, a batch of versions at a time.
  for (;;) {
    await pause();
    const deleted = await inBatch(target, (tx) => dropBelowFloor(tx, businessId, floor.floor, limits.batchVersions));
    batches += 1;
    recordsDeleted += deleted;
    if (deleted === 0) break;
  }
  let compactedTo = floor.compactedTo;
  const horizon = limits.horizon;
  while (compactedTo < horizon) {
    await pause();
    const batch = await inBatch(target, (tx) =>
      compactNextVersions(tx, target.engine, businessId, horizon, limits.batchVersions),
    );
    batches += 1;
    entriesDropped += batch.entriesDropped;
    recordsDeleted += batch.recordsDeleted;
    if (batch.compactedTo <= compactedTo) break;
    compactedTo = batch.compactedTo;
  }
  return { businessId, floor: floor.floor, compactedTo, entriesDropped, recordsDeleted, batches };
}

/** Lets writers waiting behind the compactor go first between two batches. */
function yieldToWriters(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1));
}

/** One short transaction; on PostgreSQL only with the compaction lock, else CompactionBusy. */
async function inBatch<T>(target: CompactionTarget, work: (tx: Kysely<unknown>) => Promise<T>): Promise<T> {
  return target.writes.transaction(
    async (tx) => {
      const db = tx as unknown as Kysely<unknown>;
      if (target.engine === 'postgres') {
        const locked = (await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${LOCK_KEY}) as locked`.execute(db))
          .rows[0]?.locked;
        if (!locked) throw new CompactionBusy();
      }
      return work(db);
    },
    { stampsItself: true },
  );
}

interface Retention {
  readonly floor: bigint;
  readonly compactedTo: bigint;
}

/** The business's retention row, locked for this transaction (created at 0 when missing). */
async function retentionOf(tx: Kysely<unknown>, engine: CompactionTarget['engine'], businessId: string): Promise<Retention> {
  await sql`insert into sync_retention (business_id, floor, compacted_to) values (${businessId}, 0, 0) on conflict (business_id) do nothing`.execute(
    tx,
  );
  const row = (
    await sql<{ floor: string | bigint; compacted_to: string | bigint }>`
      select floor, compacted_to from sync_retention where business_id = ${businessId} ${engine === 'postgres' ? sql`for update` : sql``}`.execute(
      tx,
    )
  ).rows[0]!;
  return { floor: BigInt(row.floor), compactedTo: BigInt(row.compacted_to) };
}

/**
 * The floor moves first, in its own commit, and the records below it go afterwards: a pull that read the old
 * floor did so in a snapshot that still holds every record above it.
 */
async function raiseFloor(
  tx: Kysely<unknown>,
  engine: CompactionTarget['engine'],
  businessId: string,
  floor: bigint,
): Promise<Retention> {
  const current = await retentionOf(tx, engine, businessId);
  if (floor <= current.floor) return current;
  const compactedTo = current.compactedTo > floor ? current.compactedTo : floor;
  await sql`update sync_retention set floor = ${floor}, compacted_to = ${compactedTo} where business_id = ${businessId}`.execute(
    tx,
  );
  await sql`delete from sync_version_marks where business_id = ${businessId} and version < ${floor}`.execute(tx);
  return { floor, compactedTo };
}

/** Deletes the records (and their keys) of up to `batchVersions` versions at or below the floor; how many records went. */
async function dropBelowFloor(tx: Kysely<unknown>, businessId: string, floor: bigint, batchVersions: number): Promise<number> {
  const upTo = await nthVersion(tx, businessId, -1n, floor, batchVersions);
  if (upTo === null) return 0;
  const deleted = await sql`delete from sync_log where business_id = ${businessId} and version <= ${upTo}`.execute(tx);
  await sql`delete from sync_log_keys where business_id = ${businessId} and version <= ${upTo}`.execute(tx);
  return Number(deleted.numAffectedRows ?? 0n);
}

/** The highest of the first `count` logged versions in (after, upTo], or null when there is none. */
async function nthVersion(
  tx: Kysely<unknown>,
  businessId: string,
  after: bigint,
  upTo: bigint,
  count: number,
): Promise<bigint | null> {
  const row = (
    await sql<{ version: string | bigint | null }>`
      select max(version) as version from (
        select distinct version from sync_log
         where business_id = ${businessId} and version > ${after} and version <= ${upTo}
         order by version limit ${count}) firsts`.execute(tx)
  ).rows[0];
  return row?.version === null || row?.version === undefined ? null : BigInt(row.version);
}

interface LogRecord {
  readonly version: bigint;
  readonly scope: string;
  readonly entries: string;
}

interface BatchOutcome {
  readonly compactedTo: bigint;
  readonly entriesDropped: number;
  readonly recordsDeleted: number;
}

/**
 * Compacts the next versions above `compacted_to` (at most `batchVersions` of them, never past the horizon): each
 * record's entries there keep only the latest image of each row (the last one in version and capture order), and
 * the image it supersedes in the already compacted part (found through sync_log_keys) leaves its record.
 */
async function compactNextVersions(
  tx: Kysely<unknown>,
  engine: CompactionTarget['engine'],
  businessId: string,
  horizon: bigint,
  batchVersions: number,
): Promise<BatchOutcome> {
  const retention = await retentionOf(tx, engine, businessId);
  const from = retention.compactedTo > retention.floor ? retention.compactedTo : retention.floor;
  if (from >= horizon) return { compactedTo: from, entriesDropped: 0, recordsDeleted: 0 };
  const upTo = (await nthVersion(tx, businessId, from, horizon, batchVersions)) ?? horizon;
  // Fewer versions than a batch left below the horizon: the batch covers the rest of it.
  const through = (await nthVersion(tx, businessId, from, horizon, batchVersions + 1)) === upTo ? horizon : upTo;
  const records = (
    await sql<{ version: string | bigint; scope: string; entries: string }>`
      select version, scope, entries from sync_log
       where business_id = ${businessId} and version > ${from} and version <= ${through}
       order by version, scope`.execute(tx)
  ).rows.map((row): LogRecord => ({ version: BigInt(row.version), scope: row.scope, entries: row.entries }));

  // The latest image of each row in the batch: later versions, and later entries of one version, replace earlier.
  const latest = new Map<string, { table: string; rowId: string; version: bigint; scope: string; at: string }>();
  const split = records.map((record) => {
    const entries = splitEntries(record.entries);
    return { record, entries, keys: entries.map(entryKey) };
  });
  split.forEach(({ record, keys }, recordIndex) => {
    keys.forEach(({ table, rowId }, entryIndex) => {
      const key = keyOf(table, rowId);
      latest.delete(key);
      latest.set(key, { table, rowId, version: record.version, scope: record.scope, at: `${recordIndex}:${entryIndex}` });
    });
  });

  let entriesDropped = 0;
  let recordsDeleted = 0;
  // Rewrite the batch's records to their surviving entries.
  for (const [recordIndex, { record, entries, keys }] of split.entries()) {
    const kept = entries.filter((_entry, entryIndex) => {
      const { table, rowId } = keys[entryIndex]!;
      return latest.get(keyOf(table, rowId))?.at === `${recordIndex}:${entryIndex}`;
    });
    entriesDropped += entries.length - kept.length;
    recordsDeleted += await rewrite(tx, businessId, record, kept);
  }

  // The images these supersede in the compacted part leave their records.
  const superseded = await knownKeys(tx, businessId, [...latest.values()]);
  const byRecord = new Map<string, { version: bigint; scope: string; keys: Set<string> }>();
  for (const old of superseded) {
    const recordKey = `${old.version}\n${old.scope}`;
    let group = byRecord.get(recordKey);
    if (!group) byRecord.set(recordKey, (group = { version: old.version, scope: old.scope, keys: new Set() }));
    group.keys.add(keyOf(old.table, old.rowId));
  }
  for (const group of byRecord.values()) {
    const row = (
      await sql<{
        entries: string;
      }>`select entries from sync_log where business_id = ${businessId} and version = ${group.version} and scope = ${group.scope}`.execute(
        tx,
      )
    ).rows[0];
    if (!row) continue;
    const entries = splitEntries(row.entries);
    const kept = entries.filter((entry) => {
      const { table, rowId } = entryKey(entry);
      return !group.keys.has(keyOf(table, rowId));
    });
    entriesDropped += entries.length - kept.length;
    recordsDeleted += await rewrite(tx, businessId, { version: group.version, scope: group.scope, entries: row.entries }, kept);
  }

  for (const image of latest.values()) {
    await sql`insert into sync_log_keys (business_id, tbl, row_id, version, scope) values (${businessId}, ${image.table}, ${image.rowId}, ${image.version}, ${image.scope})
              on conflict (business_id, tbl, row_id) do update set version = excluded.version, scope = excluded.scope`.execute(
      tx,
    );
  }
  await sql`update sync_retention set compacted_to = ${through} where business_id = ${businessId}`.execute(tx);
  return { compactedTo: through, entriesDropped, recordsDeleted };
}

const keyOf = (table: string, rowId: string) => `${table}\u0000${rowId}`;

/** Stores a record's surviving entries (unchanged records are not written); 1 when the record was deleted. */
async function rewrite(tx: Kysely<unknown>, businessId: string, record: LogRecord, kept: readonly string[]): Promise<number> {
  const where = sql`business_id = ${businessId} and version = ${record.version} and scope = ${record.scope}`;
  if (kept.length === 0) {
    await sql`delete from sync_log where ${where}`.execute(tx);
    return 1;
  }
  const text = kept.join(',');
  if (text !== record.entries)
    await sql`update sync_log set entries = ${text}, entry_count = ${kept.length} where ${where}`.execute(tx);
  return 0;
}

/** The compacted part's entries of these rows that are older than the images given (in chunks of 200 rows). */
async function knownKeys(
  tx: Kysely<unknown>,
  businessId: string,
  images: readonly { table: string; rowId: string; version: bigint }[],
): Promise<{ table: string; rowId: string; version: bigint; scope: string }[]> {
  const found: { table: string; rowId: string; version: bigint; scope: string }[] = [];
  const newer = new Map(images.map((image) => [keyOf(image.table, image.rowId), image.version]));
  for (let start = 0; start < images.length; start += 200) {
    const chunk = images.slice(start, start + 200);
    const pairs = sql.join(chunk.map((image) => sql`(${image.table}, ${image.rowId})`));
    const rows = (
      await sql<{ tbl: string; row_id: string; version: string | bigint; scope: string }>`
        select tbl, row_id, version, scope from sync_log_keys where business_id = ${businessId} and (tbl, row_id) in (values ${pairs})`.execute(
        tx,
      )
    ).rows;
    for (const row of rows) {
      const version = BigInt(row.version);
      if (version < (newer.get(keyOf(row.tbl, row.row_id)) ?? 0n))
        found.push({ table: row.tbl, rowId: row.row_id, version, scope: row.scope });
    }
  }
  return found;
}
