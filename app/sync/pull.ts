/**
 * A pull page (docs/sync.md, "Pull"): the change-log entries after the terminal's cursor in its scope, in version
 * order, cut after a whole version once the row or byte limit is reached, with the acknowledgement of the
 * terminal's pushed operations consistent with the page's upper version.
 *
 * Everything is read in one snapshot (./snapshot.ts), so the head version, the entries and the operation results
 * agree. Versions are in commit order per business and the head (the business's clock) only covers versions already
 * in the log (db/change-capture.ts; contiguous on SQLite, commit LSNs on PostgreSQL), so "everything in
 * scope up to `upToVersion`" is a committed prefix that can never grow later (I3), and the acknowledged
 * operations are exactly those whose effects are in that prefix (I4).
 *
 * The answer is built as JSON text from the log's records spliced in as stored (migration 0012: a record is one
 * version's entries in one scope, already in the page's format) — never parsed here, which keeps scaled integers
 * exact whatever their size and saves most of the page's cost.
 */
import { sql } from 'kysely';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { formatCursor, parseCursor } from '../../shared/sync/cursor.js';
import type { ResetReason } from '../../shared/sync/wire.js';
import { unauthorized } from '../../shared/errors.js';
import type { Db } from '../context.js';
import { changeScopeFilter, type TerminalScope } from './scope.js';
import { onPostgres } from '../operation.js';
import { ackFrom, headVersionSql, openingOf, openingQuery, readAck, readOpening, type Ack, type PullOpening } from './pull-opening.js';
import { readSnapshot } from './snapshot.js';
import { headVersion, jsonString } from './log.js';
import type { CachedVersion, ChangeCache } from './change-cache.js';
import { terminalQueues, type QueuePosition } from './generation.js';

export const DEFAULT_PULL_ROWS = 2_000;
export const DEFAULT_PULL_BYTES = 2_000_000;

export interface PullInput {
  readonly terminalId: string;
  readonly epoch: string;
  readonly cursor?: string | null;
  readonly knownAck?: number;
  readonly limitRows?: number;
  readonly limitBytes?: number;
  /** Protocol 3: the generation the terminal last synced under (app/sync/generation.ts). */
  readonly generation?: string | null;
  /** Protocol 3: answer where the service stands in each of the terminal's queues too. */
  readonly wantQueues?: boolean;
}

export interface PullOptions {
  /**
   * The database's generation (app/sync/generation.ts): cursors are issued in it, and a cursor or request of another
   * is answered SERVICE_REWOUND. Absent: v1 cursors, no check (the log's own tests).
   */
  readonly generation?: string;
  /** More top-level fields of the answer (the service's notes for this till), as JSON values. */
  readonly extraFields?: Readonly<Record<string, unknown>>;
  /** Recent versions kept in memory (./change-cache.ts); without it every page is read from the log. */
  readonly cache?: ChangeCache;
  /**
   * PostgreSQL: how far the change capture had read the WAL (server/capture/progress.ts) before the pull's opening
   * statement was sent. Every commit below it was in the log by then, so in that statement's snapshot. When the WAL's
   * flushed position the statement read lies beyond it, the pull throws CaptureBehind instead of serving a page that
   * could miss a write acknowledged before the pull began; the caller waits for the capture and reads again without
   * the check.
   *
   * A position, not a question asked after the statement: the capture can log a write and announce it between the
   * statement's snapshot and the question, and the snapshot would then be taken as holding what it does not.
   */
  readonly capturedBeforeRead?: bigint;
}

/** The change capture is behind the pull's start (PostgreSQL): wait until it covers `flushed`, then pull again. */
export class CaptureBehind extends Error {
  constructor(readonly flushed: bigint) {
    super('the change capture has not read up to the pull yet');
  }
}

/** Throws CaptureBehind when the pull began after commits the capture has not logged yet. */
function requireCaptured(opening: PullOpening, options: PullOptions): void {
  if (opening.flushed !== undefined && options.capturedBeforeRead !== undefined && opening.flushed > options.capturedBeforeRead)
    throw new CaptureBehind(opening.flushed);
}

/** A record of the change log: one version's entries in one scope. */
interface LogRecord {
  version: bigint | string;
  scope: string;
  /** The entries' JSON objects separated by commas, in capture order. */
  entries: string;
  entry_count: number | bigint | string;
}

/** Reads one pull page for the terminal (whose credential the caller verified) and returns it as UTF-8 JSON. */
export async function readPull(db: Db, businessId: string, input: PullInput, options: PullOptions = {}): Promise<Buffer> {
  // A till that synced under another generation: the log it pulled from is gone (a restore), whatever its cursor says.
  if (options.generation !== undefined && input.generation && input.generation !== options.generation) {
    return readSnapshot(db, async (tx) => resetPage('SERVICE_REWOUND', await headVersion(tx, businessId), options, await terminalQueues(tx, businessId, input.terminalId)));
  }
  if (options.cache && onPostgres(db) && !input.wantQueues) {
    const page = await readPullInOneStatement(db, options, options.cache, businessId, input);
    if (page !== undefined) return page;
  }
  return readSnapshot(db, async (tx) => {
    const opening = await readOpening(tx, businessId, input);
    // Revoked between the credential check and this read.
    if (!opening) throw unauthorized();
    requireCaptured(opening, options);
    const { scope, head, floor } = opening;
    options.cache?.noteFloor(businessId, floor);
    // The floor is read in this snapshot: compaction moves it before it drops anything below it.
    const reason = unusableCursor(input.cursor, scope, head, floor, options.generation);
    if (reason) return resetPage(reason, head, options, await queuesFor(tx, reason, businessId, input));
    const from = parseCursor(input.cursor ?? '')?.version ?? 0n;
    const limitRows = input.limitRows ?? DEFAULT_PULL_ROWS;
    const limitBytes = input.limitBytes ?? DEFAULT_PULL_BYTES;
    const page = options.cache
      ? await readChangesCached(tx, options.cache, scope, from, head, limitRows, limitBytes)
      : await readChanges(tx, scope, from, limitRows, limitBytes);
    const upTo = page.limitReached ? page.lastVersion : head;
    const ack = (opening.acks && ackFrom(opening.acks, upTo, head)) ?? (await readAck(tx, businessId, input, upTo));
    const queues = input.wantQueues ? await terminalQueues(tx, businessId, input.terminalId) : undefined;
    return pageBytes(input, opening, from, upTo, ack, page, options, queues);
  });
}

/** The terminal's queues, for the resets after which a till checks what the service still holds of them. */
async function queuesFor(tx: Db, reason: ResetReason, businessId: string, input: PullInput): Promise<QueuePosition[] | undefined> {
  return reason === 'SERVICE_REWOUND' || reason === 'CURSOR_AHEAD' ? terminalQueues(tx, businessId, input.terminalId) : undefined;
}

/** The answer's fields after `reset`: the generation, the queues when asked for, and the service's notes. */
function tailFields(options: PullOptions, queues: readonly QueuePosition[] | undefined): string {
  const fields: Record<string, unknown> = { ...(options.generation !== undefined ? { generation: options.generation } : {}), ...(queues ? { queues } : {}), ...options.extraFields };
  const text = JSON.stringify(fields);
  return text === '{}' ? '' : `,${text.slice(1, -1)}`;
}

/**
 * The page as UTF-8 bytes. Entries come as pieces: a version served from the change cache is one piece, encoded
 * once for every till that receives it (./change-cache.ts) — joining hundreds of entries into a string and
 * encoding it anew for each pull was a tenth of the service's time in the 200-till fleet.
 */
function pageBytes(
  input: PullInput,
  opening: PullOpening,
  from: bigint,
  upTo: bigint,
  ack: Ack,
  page: ChangesPage,
  options: PullOptions,
  queues?: readonly QueuePosition[],
): Buffer {
  const head = [
    `{"protocolVersion":${PROTOCOL_VERSION}`,
    `,"cursor":${jsonString(formatCursor({ version: upTo, scopeKey: opening.scope.key, generation: options.generation ?? null }))}`,
    `,"fromVersion":${from},"upToVersion":${upTo},"headVersion":${opening.head},"hasMore":${upTo < opening.head}`,
    `,"ack":{"epoch":${jsonString(input.epoch)},"lastAppliedSeq":${ack.lastAppliedSeq}}`,
    `,"mutationResults":[${ack.results.join(',')}]`,
    serverTimeField(),
    `,"changes":[`,
  ].join('');
  const parts: Buffer[] = [Buffer.from(head)];
  page.pieces.forEach((piece, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(typeof piece === 'string' ? Buffer.from(piece) : piece);
  });
  parts.push(PAGE_END, Buffer.from(`${tailFields(options, queues)}}`));
  return Buffer.concat(parts);
}

/**
 * The service's clock as it answers. A till checks its own clock against it: one set two years ahead while it was
 * offline is noticed at its first pull, and its later operations are dated by this time (main/terminal/till-clock.ts).
 */
const serverTimeField = () => `,"serverTime":"${new Date().toISOString()}"`;

const COMMA = Buffer.from(',');
const PAGE_END = Buffer.from('],"reset":null');

/**
 * PostgreSQL, the common pull — a till whose cursor its scope's window of recent versions covers
 * (./change-cache.ts): the whole page in ONE statement, and so no snapshot transaction either (one statement sees
 * one snapshot). The scope, the head version, the acknowledgement and the in-scope entries newer than the window
 * are read together; the page is the window's versions plus those. Undefined when this path does not apply (no
 * window covers the cursor, or more new entries than a page holds, or an ack it cannot answer): the caller then
 * reads the page the general way.
 *
 * Why: a fleet of tills pulls after every sale, and each statement is a round trip whose system calls cost the
 * service more than the statement costs PostgreSQL (BENCHMARKS.md, "Sync"). Four statements became one.
 */
async function readPullInOneStatement(
  db: Db,
  options: PullOptions,
  cache: ChangeCache,
  businessId: string,
  input: PullInput,
): Promise<Buffer | undefined> {
  const cursor = parseCursor(input.cursor ?? '');
  if (!cursor) return undefined;
  // The window of the scope the cursor was issued for; if the terminal's scope changed since, the statement
  // below says so, and the page is a reset.
  const window = cache.window(businessId, cursor.scopeKey);
  if (!window || cursor.version < window.lo || cursor.version > window.hi) return undefined;
  const limitRows = input.limitRows ?? DEFAULT_PULL_ROWS;
  const limitBytes = input.limitBytes ?? DEFAULT_PULL_BYTES;
  const row = await openingQuery(db, businessId, input)
    .select(
      // changeScopeFilter's rule, on the scope the same statement reads (w: the workplace, p: its point).
      sql<RecordTuple[] | null>`(
        select json_agg(json_build_array(n.version::text, n.scope, n.entries, n.entry_count::text) order by n.version, n.scope)
          from (select l.version, l.scope, l.entries, l.entry_count from sync_log l
                 where l.business_id = ${businessId} and l.version > ${window.hi} and l.version <= ${headVersionSql(businessId)}
                   and (l.scope = 'biz' or l.scope = 'pt:' || w.automated_point_id
                        or (case when p.default_warehouse_id is null then l.scope like 'wh:%' else l.scope = 'wh:' || p.default_warehouse_id end))
                 order by l.version, l.scope
                 limit ${limitRows + 1}) n)`.as('changes'),
    )
    .executeTakeFirst();
  // Revoked between the credential check and this read.
  if (!row) throw unauthorized();
  const opening = openingOf(businessId, input, row);
  requireCaptured(opening, options);
  cache.noteFloor(businessId, opening.floor);
  // The same statement read the floor: a cursor below it is reset before the window could serve it.
  const reason = unusableCursor(input.cursor, opening.scope, opening.head, opening.floor, options.generation);
  if (reason) return resetPage(reason, opening.head, options, await queuesFor(db, reason, businessId, input));
  const fetched = (row.changes ?? []).map(([version, scope, entries, count]): LogRecord => ({ version, scope, entries, entry_count: count }));
  // More new entries than a page holds (each record holds at least one): the general path pages them.
  if (fetched.reduce((sum, record) => sum + Number(record.entry_count), 0) > limitRows) return undefined;
  const newer = groupVersions(fetched);
  if (opening.head > window.hi) cache.record(businessId, cursor.scopeKey, window.hi, opening.head, newer);
  const page = pageOf([...versionsIn(window.versions, cursor.version, opening.head), ...newer], limitRows, limitBytes);
  const upTo = page.limitReached ? page.lastVersion : opening.head;
  const ack = opening.acks && ackFrom(opening.acks, upTo, opening.head);
  if (!ack) return undefined;
  return pageBytes(input, opening, cursor.version, upTo, ack, page, options);
}

/** A log record as the one-statement pull reads it: [version, scope, entries, entry count], numbers as text. */
type RecordTuple = [string, string, string, string];

function unusableCursor(
  text: string | null | undefined,
  scope: TerminalScope,
  head: bigint,
  floor: bigint,
  generation: string | undefined,
): ResetReason | null {
  if (text === null || text === undefined || text === '') return 'BOOTSTRAP_REQUIRED';
  const cursor = parseCursor(text);
  if (!cursor) return 'CURSOR_INVALID';
  // Issued from a log a restore took away: its version may mean something else now, or nothing yet.
  if (generation !== undefined && cursor.generation !== null && cursor.generation !== generation) return 'SERVICE_REWOUND';
  if (cursor.version > head) return 'CURSOR_AHEAD';
  if (cursor.version < floor) return 'CURSOR_BEFORE_RETENTION';
  if (cursor.scopeKey !== scope.key) return 'SCOPE_CHANGED';
  return null;
}

function resetPage(reason: ResetReason, head: bigint, options: PullOptions, queues?: readonly QueuePosition[]): Buffer {
  const details = JSON.stringify({ ...(options.generation !== undefined ? { generation: options.generation } : {}), ...(queues ? { queues } : {}) });
  return Buffer.from([
    `{"protocolVersion":${PROTOCOL_VERSION},"cursor":null,"fromVersion":null,"upToVersion":null,"headVersion":${head},"hasMore":false`,
    `,"ack":null,"mutationResults":[]`,
    serverTimeField(),
    `,"changes":[]`,
    `,"reset":{"reason":"${reason}","bootstrapFrom":${head},"tables":null${details === '{}' ? '' : `,${details.slice(1, -1)}`}}`,
    `${tailFields(options, undefined)}}`,
  ].join(''));
}

interface ChangesPage {
  /** The entries as JSON text, in pieces of one or more comma-separated entries (a cached version is one piece). */
  readonly pieces: (string | Buffer)[];
  /** True when the page stopped at a limit (there may be entries after `lastVersion`). */
  readonly limitReached: boolean;
  readonly lastVersion: bigint;
}

/**
 * The entries after `from` in scope, up to `limitRows` entries or `limitBytes` bytes and then on to the end of
 * the version the limit fell in: a version is one transaction, and a terminal applies whole transactions only.
 */
async function readChanges(tx: Db, scope: TerminalScope, from: bigint, limitRows: number, limitBytes: number): Promise<ChangesPage> {
  const inScope = changeScopeFilter(scope, sql.ref('scope'));
  // Each record holds at least one entry, so limitRows + 1 records are enough to reach the limit.
  const fetched = (
    await sql<LogRecord>`
      select version, scope, entries, entry_count from sync_log
      where business_id = ${scope.businessId} and version > ${from} and ${inScope}
      order by version, scope
      limit ${limitRows + 1}`.execute(tx)
  ).rows;
  const versions = groupVersions(fetched);
  const page = pageOf(versions, limitRows, limitBytes);
  if (!page.limitReached) return page;
  // The fetch may have stopped inside the version the limit fell in: its other scopes' records come next.
  const last = fetched[fetched.length - 1] as LogRecord;
  if (fetched.length === limitRows + 1 && BigInt(last.version) === page.lastVersion) {
    const rest = await sql<LogRecord>`
      select version, scope, entries, entry_count from sync_log
      where business_id = ${scope.businessId} and version = ${page.lastVersion} and scope > ${last.scope} and ${inScope}
      order by scope`.execute(tx);
    return { ...page, pieces: [...page.pieces, ...rest.rows.map((record) => record.entries)] };
  }
  return page;
}

/**
 * The same page as readChanges, served from the scope's window of recent versions where it covers the cursor:
 * only versions newer than the window are read from the log (and added to it). A cursor outside the window is
 * read from the log, and that read becomes the window when it is complete; a read past `limitRows` falls back to
 * readChanges and leaves the window alone.
 */
async function readChangesCached(
  tx: Db,
  cache: ChangeCache,
  scope: TerminalScope,
  from: bigint,
  head: bigint,
  limitRows: number,
  limitBytes: number,
): Promise<ChangesPage> {
  const window = cache.window(scope.businessId, scope.key);
  if (window && window.lo <= from && from <= window.hi) {
    const held = versionsIn(window.versions, from, head);
    if (head <= window.hi) return pageOf(held, limitRows, limitBytes);
    const newer = await fetchVersions(tx, scope, window.hi, head, limitRows);
    if (newer) {
      cache.record(scope.businessId, scope.key, window.hi, head, newer);
      return pageOf([...held, ...newer], limitRows, limitBytes);
    }
  } else {
    const read = await fetchVersions(tx, scope, from, head, limitRows);
    if (read) {
      cache.record(scope.businessId, scope.key, from, head, read);
      return pageOf(read, limitRows, limitBytes);
    }
  }
  return readChanges(tx, scope, from, limitRows, limitBytes);
}

/** The versions in (from, upTo] of an ascending list (binary search for the start). */
function versionsIn(versions: readonly CachedVersion[], from: bigint, upTo: bigint): CachedVersion[] {
  let low = 0;
  let high = versions.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (versions[middle]!.version <= from) low = middle + 1;
    else high = middle;
  }
  const result: CachedVersion[] = [];
  for (let index = low; index < versions.length && versions[index]!.version <= upTo; index += 1) result.push(versions[index]!);
  return result;
}

/** Every in-scope entry of (after, upTo] by version, or null when there are more than `limitRows` of them. */
async function fetchVersions(tx: Db, scope: TerminalScope, after: bigint, upTo: bigint, limitRows: number): Promise<CachedVersion[] | null> {
  if (upTo <= after) return [];
  const records = (
    await sql<LogRecord>`
      select version, scope, entries, entry_count from sync_log
      where business_id = ${scope.businessId} and version > ${after} and version <= ${upTo} and ${changeScopeFilter(scope, sql.ref('scope'))}
      order by version, scope
      limit ${limitRows + 1}`.execute(tx)
  ).rows;
  if (records.reduce((sum, record) => sum + Number(record.entry_count), 0) > limitRows) return null;
  return groupVersions(records);
}

/** Log records in version order, grouped by version as the change cache keeps them. */
function groupVersions(records: readonly LogRecord[]): CachedVersion[] {
  const versions: { version: bigint; pieces: string[]; entryCount: number; byteCount: number }[] = [];
  for (const record of records) {
    const version = BigInt(record.version);
    let last = versions[versions.length - 1];
    if (!last || last.version !== version) {
      last = { version, pieces: [], entryCount: 0, byteCount: 0 };
      versions.push(last);
    }
    last.pieces.push(record.entries);
    last.entryCount += Number(record.entry_count);
    last.byteCount += Buffer.byteLength(record.entries);
  }
  return versions;
}

/** readChanges' rule over whole versions: stop once a limit is reached, after finishing that version. */
function pageOf(versions: readonly CachedVersion[], limitRows: number, limitBytes: number): ChangesPage {
  const pieces: Buffer[] = [];
  let count = 0;
  let bytes = 0;
  for (const version of versions) {
    if (version.entryCount === 0) continue;
    pieces.push(encoded(version));
    count += version.entryCount;
    bytes += version.byteCount;
    if (count >= limitRows || bytes >= limitBytes) return { pieces, limitReached: true, lastVersion: version.version };
  }
  return { pieces, limitReached: false, lastVersion: 0n };
}

/** A cached version's entries as one UTF-8 piece, encoded the first time a page needs it. */
const encodedVersions = new WeakMap<CachedVersion, Buffer>();
function encoded(version: CachedVersion): Buffer {
  let bytes = encodedVersions.get(version);
  if (!bytes) {
    bytes = Buffer.from(version.pieces.join(','));
    encodedVersions.set(version, bytes);
  }
  return bytes;
}

