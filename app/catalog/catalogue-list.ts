/**
 * The list (`…/all`) of a catalogue sub-resource, built for thousands of entries.
 *
 * Each row comes back as one JSON array text built by the database (`json_array` on SQLite,
 * `json_build_array` on PostgreSQL) rather than as a row object of ~22 columns: better-sqlite3 builds row
 * objects slowly (≈250 ms for 10,000 items against ≈35 ms for the packed rows parsed with JSON.parse), and on
 * PostgreSQL the packed rows cost about the same as plain ones. Money (BIGINT) is packed as text, so it is
 * parsed back exactly as bigint — never through a JS number. The order, the filters and the wire mapping
 * (`catalogueWire`) are those of the generic list; only the transport of the rows differs.
 */
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db, OperationContext } from '../context.js';
import { WIRE_COLUMNS, catalogueWire, type OwnColumn } from './catalogue-columns.js';
import type { CatalogueKind } from './catalogue-kind.js';
import { pointVisibility } from './visibility.js';

/** BIGINT columns: packed as text so that no value passes through a float. */
const BIGINT_COLUMNS: ReadonlySet<string> = new Set(['price', 'cost']);

/** The packed row of `columns`: a JSON array text, the same on both engines. */
function packed(db: Db, columns: readonly string[]): RawBuilder<string> {
  const values = sql.join(columns.map((column) => (BIGINT_COLUMNS.has(column) ? sql`cast(${sql.ref(column)} as text)` : sql.ref(column))));
  return db.getExecutor().adapter instanceof PostgresAdapter ? sql<string>`cast(json_build_array(${values}) as text)` : sql<string>`json_array(${values})`;
}

/** The own columns, packed after WIRE_COLUMNS in this order (those the kind has). */
const OWN_COLUMNS: readonly OwnColumn[] = ['group_id', 'item_id'];

/**
 * Turns a packed row (WIRE_COLUMNS, then the kind's own columns) back into a row. An object literal, so every
 * row has the same shape and catalogueWire reads it at full speed; a column the kind lacks is undefined.
 */
function unpacker(kind: CatalogueKind) {
  const group = kind.own.includes('group_id') ? WIRE_COLUMNS.length : -1;
  const item = kind.own.includes('item_id') ? WIRE_COLUMNS.length + (group < 0 ? 0 : 1) : -1;
  return (v: unknown[]) => ({
    id: v[0] as string,
    name: v[1],
    description: v[2],
    search_name: v[3],
    measurement: v[4],
    price: v[5],
    cost: v[6],
    shtrix: v[7],
    color: v[8],
    type: v[9],
    id_automated_point: v[10],
    tax_id: v[11],
    discount_id: v[12],
    pictures: v[13],
    is_menu: v[14],
    is_service: v[15],
    allow_pickup: v[16],
    allow_delivery: v[17],
    is_deleted: v[18],
    dt_created: v[19],
    dt_updated: v[20],
    group_id: group < 0 ? undefined : v[group],
    item_id: item < 0 ? undefined : v[item],
  });
}

/** Adds fields to the wire record of the entry `id`. */
export type Extend = (record: Record<string, unknown>, id: string) => void;

/** A view of the database where the table is chosen at run time (as in simple-resource). */
type LooseDb = Kysely<Record<string, Record<string, unknown>>>;

/**
 * Live entries of `kind` the caller may see, in list order (oldest first, then by id), as wire records.
 * `extension`, when given, runs after the entries are read and returns what adds fields to each record (items
 * add their stock total). Reading after, not alongside: a record read later can only be fresher, so a list
 * never shows an entry without what was committed with it (an item without its opening stock).
 */
export async function listCatalogue(
  db: Db,
  ctx: OperationContext,
  kind: CatalogueKind,
  extension?: () => Promise<Extend>,
  /** Every point's entries, not only the caller's (the modifier lists' `all_points`; reading only). */
  allPoints = false,
): Promise<Record<string, unknown>[]> {
  const columns = [...WIRE_COLUMNS, ...OWN_COLUMNS.filter((column) => kind.own.includes(column))];
  let query = (db as unknown as LooseDb)
    .selectFrom(kind.table)
    .select(packed(db, columns).as('packed'))
    .where('business_id', '=', ctx.businessId)
    .where('is_deleted', '=', 0);
  const visible = allPoints ? undefined : pointVisibility(ctx);
  if (visible) query = query.where(visible);
  const rows = await query.orderBy('dt_created').orderBy('id').execute();
  const extend = await extension?.();
  const unpack = unpacker(kind);
  const records = new Array<Record<string, unknown>>(rows.length);
  for (let index = 0; index < rows.length; index += 1) {
    const row = unpack(JSON.parse(String(rows[index]?.packed)) as unknown[]);
    const record = catalogueWire(row, kind);
    extend?.(record, row.id);
    records[index] = record;
  }
  return records;
}
