/**
 * Bootstrap (docs/sync.md, "Bootstrap"): a new terminal's first copy of its scope — every live row of every
 * mirrored table — in keyset-paginated pages (table by table, by id), then it pulls from the snapshot's version.
 *
 * The first page records `snapshotVersion` = the business's head version, read in the same snapshot as the
 * counts and the first rows. Later pages are each read in their own short snapshot, so a row may be newer than
 * `snapshotVersion`; that overlap is harmless because every change after the snapshot is pulled afterwards and
 * the terminal applies a change only when its version is not older than the one it holds. Each row carries the
 * head version of the snapshot its page was read in: the row is as of that version, so every change up to it is
 * already in the row, and the terminal skips those changes when the pull brings them.
 *
 * Rows are built as JSON by the database, in the change log's own format (PostgreSQL `to_jsonb` of the row,
 * SQLite `json_object` over the table's columns) and spliced into the answer unparsed.
 */
import { sql, type RawBuilder } from 'kysely';
import { CAPTURED_TABLES } from '../../db/change-capture.js';
import { badRequest, conflict, unauthorized } from '../../shared/errors.js';
import { formatCursor } from '../../shared/sync/cursor.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import type { Db } from '../context.js';
import { onPostgres } from '../operation.js';
import { headVersion, jsonString } from './log.js';
import { decodePageToken, encodePageToken, type PagePosition } from './page-token.js';
import { resolveTerminalScope, rowScopeFilter, type TerminalScope } from './scope.js';
import { readSnapshot } from './snapshot.js';

export const DEFAULT_BOOTSTRAP_ROWS = 5_000;

/** Every mirrored table, in the capture's order (parents before their children). */
export const MIRRORED_TABLES: readonly string[] = Object.keys(CAPTURED_TABLES);

export interface BootstrapInput {
  readonly terminalId: string;
  readonly tables?: readonly string[] | null;
  readonly pageToken?: string | null;
  readonly limitRows?: number;
}

interface PageRow {
  id: string;
  row: string;
}

/**
 * Reads one bootstrap page for the terminal (whose credential the caller verified) and returns it as JSON text.
 * `generation` (app/sync/generation.ts): the cursor is issued in it, and page tokens are bound to it, so a download
 * begun before a restore cannot go on after it.
 */
export async function readBootstrapPage(db: Db, businessId: string, input: BootstrapInput, tokenKey: Uint8Array, generation: string | null = null): Promise<string> {
  const binding = generation === null ? `${businessId}\n${input.terminalId}` : `${businessId}\n${input.terminalId}\n${generation}`;
  let start: PagePosition | null = null;
  if (input.pageToken) {
    start = decodePageToken(input.pageToken, tokenKey, binding);
    if (!start || !start.tables.every((table) => table in CAPTURED_TABLES)) throw badRequest(['pageToken is not a page token of this terminal’s bootstrap']);
  }
  const tables = start ? start.tables : requestedTables(input.tables);
  const limit = input.limitRows ?? DEFAULT_BOOTSTRAP_ROWS;
  return readSnapshot(db, async (tx) => {
    const scope = await resolveTerminalScope(tx, businessId, input.terminalId);
    if (!scope) throw unauthorized();
    const head = await headVersion(tx, businessId);
    let position: PagePosition;
    if (start) {
      if (start.scopeKey !== scope.key) throw conflict('The terminal’s scope changed during the bootstrap; start it again');
      if (start.snapshotVersion > head) throw badRequest(['pageToken is not a page token of this terminal’s bootstrap']);
      position = start;
    } else {
      position = { snapshotVersion: head, scopeKey: scope.key, tables, totals: await countRows(tx, scope, tables), index: 0, after: null, rowsDone: 0 };
    }
    return pageFrom(tx, scope, position, head, limit, { key: tokenKey, binding, generation });
  });
}

/** The requested tables in the capture's order, or all of them; an unknown name is a 400 naming it. */
function requestedTables(requested: readonly string[] | null | undefined): readonly string[] {
  if (!requested) return MIRRORED_TABLES;
  const problems = requested.flatMap((table, index) => (table in CAPTURED_TABLES ? [] : [`tables.${index} must be the name of a table terminals mirror`]));
  if (problems.length > 0) throw badRequest(problems);
  if (requested.length === 0) throw badRequest(['tables should not be empty']);
  return MIRRORED_TABLES.filter((table) => requested.includes(table));
}

/** The page from `start`, read at `head` (the snapshot's version, which every row of the page carries). */
async function pageFrom(
  tx: Db,
  scope: TerminalScope,
  start: PagePosition,
  head: bigint,
  limit: number,
  issue: { readonly key: Uint8Array; readonly binding: string; readonly generation: string | null },
): Promise<string> {
  let { index, after, rowsDone } = start;
  // Tables with nothing (left) to send are skipped, so a page is empty only when the bootstrap is over.
  while (index < start.tables.length) {
    const table = start.tables[index] as string;
    const rows = await readRows(tx, scope, table, after, limit + 1);
    if (rows.length === 0) {
      index += 1;
      after = null;
      rowsDone = 0;
      continue;
    }
    const page = rows.slice(0, limit);
    const more = rows.length > limit;
    const done = rowsDone + page.length;
    const next: PagePosition = more
      ? { ...start, index, after: (page[page.length - 1] as PageRow).id, rowsDone: done }
      : { ...start, index: index + 1, after: null, rowsDone: 0 };
    const finished = next.index >= start.tables.length;
    return answer(start, issue.generation, {
      table,
      rows: page.map((row) => `{"v":${head},"row":${row.row}}`),
      rowsDone: done,
      rowsTotal: start.totals[index] ?? 0,
      nextPageToken: finished ? null : encodePageToken(next, issue.key, issue.binding),
    });
  }
  return answer(start, issue.generation, { table: null, rows: [], rowsDone: 0, rowsTotal: 0, nextPageToken: null });
}

interface PageContent {
  readonly table: string | null;
  readonly rows: string[];
  readonly rowsDone: number;
  readonly rowsTotal: number;
  readonly nextPageToken: string | null;
}

function answer(position: PagePosition, generation: string | null, page: PageContent): string {
  const table = page.table === null ? 'null' : jsonString(page.table);
  const tables = position.tables.map((name, index) => `{"table":${jsonString(name)},"rowsTotal":${position.totals[index] ?? 0}}`);
  return [
    `{"protocolVersion":${PROTOCOL_VERSION},"snapshotVersion":${position.snapshotVersion}`,
    `,"cursor":${jsonString(formatCursor({ version: position.snapshotVersion, scopeKey: position.scopeKey, generation }))}`,
    `,"table":${table},"rows":[${page.rows.join(',')}]`,
    `,"nextPageToken":${page.nextPageToken === null ? 'null' : jsonString(page.nextPageToken)},"done":${page.nextPageToken === null}`,
    `,"progress":{"table":${table},"rowsDone":${page.rowsDone},"rowsTotal":${page.rowsTotal},"tables":[${tables.join(',')}]}`,
    generation === null ? '}' : `,"generation":${jsonString(generation)}}`,
  ].join('');
}

/** `where` conditions selecting a table's live rows in the terminal's scope (alias `t`). */
function scopeConditions(scope: TerminalScope, table: string): RawBuilder<unknown> {
  const rule = CAPTURED_TABLES[table];
  if (!rule) throw new Error(`not a mirrored table: ${table}`);
  const filter = rowScopeFilter(scope, rule);
  const live = sql`t.business_id = ${scope.businessId} and t.is_deleted = 0`;
  return filter ? sql`${live} and ${filter}` : live;
}

/** Row counts per table at the snapshot, in one statement. */
async function countRows(tx: Db, scope: TerminalScope, tables: readonly string[]): Promise<number[]> {
  const branches = tables.map(
    (table) => sql`select ${sql.lit(table)} as tbl, count(*) as n from ${sql.table(table)} t where ${scopeConditions(scope, table)}`,
  );
  const rows = (await sql<{ tbl: string; n: bigint | string }>`${sql.join(branches, sql` union all `)}`.execute(tx)).rows;
  const counts = new Map(rows.map((row) => [row.tbl, Number(row.n)]));
  return tables.map((table) => counts.get(table) ?? 0);
}

/** The row image as JSON text, column names as stored: the same text the capture trigger logs. */
async function rowImage(tx: Db, table: string): Promise<RawBuilder<string>> {
  if (onPostgres(tx)) return sql<string>`to_jsonb(t)::text`;
  const columns = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(tx)).rows.map((row) => row.name);
  for (const column of columns) if (!/^[a-z_0-9]+$/.test(column)) throw new Error(`unexpected column name ${table}.${column}`);
  return sql<string>`json_object(${sql.join(columns.map((column) => sql`${sql.lit(column)}, ${sql.ref(`t.${column}`)}`))})`;
}

async function readRows(tx: Db, scope: TerminalScope, table: string, after: string | null, limit: number): Promise<PageRow[]> {
  const image = await rowImage(tx, table);
  const keyset = after === null ? sql`` : sql` and t.id > ${after}`;
  const result = await sql<PageRow>`
    select t.id as id, ${image} as row
    from ${sql.table(table)} t
    where ${scopeConditions(scope, table)}${keyset}
    order by t.id
    limit ${limit}`.execute(tx);
  return result.rows;
}
