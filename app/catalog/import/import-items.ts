/**
 * `ItemModifierController_importItems` (docs/catalogue-import.md): one batch of a catalogue file, in one
 * transaction. Every row is checked first — its unit, its warehouses, its barcode against the other rows — and
 * any problem refuses the whole batch with a 400 naming the row and the field, before anything is written. Then
 * each row updates the item it matches (./match.ts) or creates one, its group is found or created
 * (./references.ts), and its opening stock is posted through the ledger so that a re-run posts nothing twice
 * (./opening-stock.ts). An unchanged row writes nothing, so running a file again leaves the change log quiet.
 */
import { sql } from 'kysely';
import type { ImportItemRowDto } from '../../../shared/catalogue/item-import.js';
import { badRequest } from '../../../shared/errors.js';
import { formatHlc, parseHlc, tick } from '../../../shared/sync/hlc.js';
import type { Quantity } from '../../../shared/decimal.js';
import { units } from '../../../db/values.js';
import { writeAudit } from '../../audit.js';
import type { Db, OperationContext } from '../../context.js';
import { handler, onPostgres } from '../../operation.js';
import { insertRows } from '../../../db/insert-statements.js';
import { anyOf } from './any-of.js';
import { matchItems, type StoredItem } from './match.js';
import { postOpeningStock, type OpeningStock } from './opening-stock.js';
import { catalogueEntry, groupIds, INSERT_CHUNK, liveWarehouses, unitNames } from './references.js';

/** A row after its checks: trimmed texts and the business's spelling of its unit. */
interface CheckedRow {
  readonly source: ImportItemRowDto;
  readonly name: string;
  readonly barcode: string | null;
  readonly group: string | null;
  readonly unit: string;
}

export type ImportStatus = 'created' | 'updated' | 'unchanged';

export interface ImportSummary {
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly groups_created: number;
  readonly stock_changes: number;
  readonly items: readonly { readonly line: number; readonly id: string; readonly status: ImportStatus }[];
}

const blankToNull = (value: string | null | undefined) => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/** Checks what the schema cannot: names, units, warehouses, and barcodes or names repeated within the batch. */
async function checkRows(db: Db, ctx: OperationContext, rows: readonly ImportItemRowDto[]): Promise<CheckedRow[]> {
  const unitOf = await unitNames(db, ctx);
  const warehouses = await liveWarehouses(db, ctx);
  const problems: string[] = [];
  const barcodeAt = new Map<string, number>();
  const nameAt = new Map<string, number>();
  const checked = rows.map((row, index) => {
    const at = (field: string, problem: string) => problems.push(`rows.${index}.${field} ${problem} (row ${row.line})`);
    const name = row.name.trim();
    if (name === '') at('name', 'should not be empty');
    const barcode = blankToNull(row.barcode);
    const unit = unitOf(row.unit);
    if (unit === undefined) at('unit', `"${row.unit}" is not a unit of this business`);
    if (barcode !== null) {
      const first = barcodeAt.get(barcode);
      if (first !== undefined) at('barcode', `"${barcode}" is also on row ${first}`);
      else barcodeAt.set(barcode, row.line);
    } else {
      const first = nameAt.get(name);
      if (first !== undefined) at('name', `"${name}" without a barcode is also on row ${first}`);
      else nameAt.set(name, row.line);
    }
    const seen = new Set<string>();
    (row.stock ?? []).forEach((entry, position) => {
      if (!warehouses.has(entry.warehouseId)) at(`stock.${position}.warehouseId`, 'is not a warehouse of this business');
      else if (seen.has(entry.warehouseId)) at(`stock.${position}.warehouseId`, 'is given twice');
      seen.add(entry.warehouseId);
    });
    return { source: row, name, barcode, group: blankToNull(row.group), unit: unit ?? '' };
  });
  if (problems.length > 0) throw badRequest(problems);
  return checked;
}

/** The columns of `item` the row would change (blank barcode, group and cost keep what is stored). */
function changesOf(item: StoredItem, row: CheckedRow, groupId: string | null): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (item.name !== row.name) changes.name = row.name;
  if (row.barcode !== null && item.shtrix !== row.barcode) changes.shtrix = row.barcode;
  if (groupId !== null && item.group_id !== groupId) changes.group_id = groupId;
  if (item.measurement !== row.unit) changes.measurement = row.unit;
  if (units(item.price) !== row.source.price) changes.price = row.source.price;
  const cost = row.source.cost ?? null;
  if (cost !== null && (item.cost === null || units(item.cost) !== cost)) changes.cost = cost;
  return changes;
}

/**
 * An office edit takes over any till's older edit of the same fields (app/field-versions.ts): each changed field
 * is stamped after every version stored for its item.
 */
async function stampEdits(db: Db, ctx: OperationContext, edits: readonly { id: string; fields: readonly string[] }[]): Promise<void> {
  if (edits.length === 0) return;
  const newest = new Map<string, string>();
  const stored = await sql<{ row_id: string; version: string }>`
    select row_id, max(version) as version from field_versions
     where business_id = ${ctx.businessId} and tbl = 'items' and ${anyOf(db, sql.ref('row_id'), edits.map((edit) => edit.id))}
     group by row_id`.execute(db);
  for (const row of stored.rows) newest.set(row.row_id, row.version);
  const values = edits.flatMap((edit) => {
    const stamp = formatHlc(tick(parseHlc(newest.get(edit.id)), Date.parse(ctx.now), 'service'));
    return edit.fields.map((field) => sql`(${ctx.businessId}, 'items', ${edit.id}, ${field}, ${stamp})`);
  });
  await sql`
    insert into field_versions (business_id, tbl, row_id, field, version) values ${sql.join(values)}
    on conflict (business_id, tbl, row_id, field) do update set version = excluded.version
     where field_versions.version <= excluded.version`.execute(db);
}

/** Two rows of one batch must not land on the same item (a barcode row and a name row of the same product). */
function refuseSharedMatches(rows: readonly CheckedRow[], matches: readonly (StoredItem | undefined)[]): void {
  const lineOf = new Map<string, number>();
  const problems: string[] = [];
  matches.forEach((item, index) => {
    if (!item) return;
    const first = lineOf.get(item.id);
    const row = rows[index]!.source;
    if (first !== undefined) problems.push(`rows.${index}.name matches the same item as row ${first} (row ${row.line})`);
    else lineOf.set(item.id, row.line);
  });
  if (problems.length > 0) throw badRequest(problems);
}

/** The plan for a batch: what to insert, what to update, what stock to post, and each row's outcome. */
interface Plan {
  readonly inserts: Record<string, unknown>[];
  readonly updates: { readonly id: string; readonly changes: Record<string, unknown> }[];
  readonly openings: OpeningStock[];
  readonly items: ImportSummary['items'];
}

function plan(ctx: OperationContext, rows: readonly CheckedRow[], matches: readonly (StoredItem | undefined)[], groups: ReadonlyMap<string, string>): Plan {
  const result: Plan = { inserts: [], updates: [], openings: [], items: [] };
  const items: ImportSummary['items'][number][] = [];
  rows.forEach((row, index) => {
    const groupId = row.group === null ? null : (groups.get(row.group) ?? null);
    const match = matches[index];
    let id = match?.id;
    let status: ImportStatus;
    if (!match) {
      id = ctx.newId();
      status = 'created';
      const fields = { name: row.name, measurement: row.unit, price: row.source.price, cost: row.source.cost ?? null, shtrix: row.barcode, type: 'ITEM' };
      result.inserts.push({ ...catalogueEntry(ctx, id, fields), group_id: groupId });
    } else {
      const changes = changesOf(match, row, groupId);
      status = Object.keys(changes).length === 0 ? 'unchanged' : 'updated';
      if (status === 'updated') result.updates.push({ id: match.id, changes });
    }
    const itemId = id as string;
    for (const entry of row.source.stock ?? []) {
      result.openings.push({ itemId, price: row.source.price, measurement: row.unit, warehouseId: entry.warehouseId, quantity: entry.quantity as Quantity });
    }
    items.push({ line: row.source.line, id: itemId, status });
  });
  return { ...result, items };
}

/**
 * PostgreSQL: batches of one business run one after another. The console sends two at a time (so one batch's
 * commit overlaps the next one's work), and two batches that both see a group missing would otherwise both create
 * it. On SQLite the single writer already runs them in turn.
 */
async function oneImportAtATime(db: Db, ctx: OperationContext): Promise<void> {
  if (onPostgres(db)) await sql`select pg_advisory_xact_lock(hashtext(${`item-import:${ctx.businessId}`}))`.execute(db);
}

/** Runs one batch inside the operation's transaction. */
export async function importItems(db: Db, ctx: OperationContext, body: { rows: readonly ImportItemRowDto[] }): Promise<ImportSummary> {
  await oneImportAtATime(db, ctx);
  const rows = await checkRows(db, ctx, body.rows);
  const matches = await matchItems(db, ctx, rows);
  refuseSharedMatches(rows, matches);
  const wantedGroups = new Map<string, string>();
  for (const row of rows) if (row.group !== null && !wantedGroups.has(row.group)) wantedGroups.set(row.group, row.unit);
  const { ids: groups, created: groupsCreated } = await groupIds(db, ctx, wantedGroups);
  const { inserts, updates, openings, items } = plan(ctx, rows, matches, groups);
  for (let start = 0; start < inserts.length; start += INSERT_CHUNK) {
    await insertRows(db, 'items', inserts.slice(start, start + INSERT_CHUNK) as never);
  }
  for (const { id, changes } of updates) {
    await db.updateTable('items').set({ ...changes, dt_updated: ctx.now }).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
  }
  await stampEdits(db, ctx, updates.map(({ id, changes }) => ({ id, fields: Object.keys(changes) })));
  const stockChanges = await postOpeningStock(db, ctx, openings, new Set(inserts.map((row) => String(row.id))));
  const count = (status: ImportStatus) => items.filter((item) => item.status === status).length;
  const summary = { created: count('created'), updated: count('updated'), unchanged: count('unchanged'), groups_created: groupsCreated, stock_changes: stockChanges };
  // The audit keeps the counts, not every row's id (a 100,000-row file would otherwise store megabytes).
  await writeAudit(db, ctx, { type: 'SYSTEM', action: 'IMPORT_ITEMS', record: { ...summary, lines: [items[0]?.line ?? null, items.at(-1)?.line ?? null] } });
  return { ...summary, items };
}

export const itemImportHandlers = [
  handler('ItemModifierController_importItems', (db, { body }, ctx) => importItems(db, ctx, body), { audit: false }),
];
