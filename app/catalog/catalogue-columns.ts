/**
 * The wire ↔ row mapping shared by items, item groups, modifiers and modifier groups. The four tables have the
 * same descriptive columns (db/schema.ts CatalogueColumns) plus their own reference columns (`group_id`,
 * `item_id`), so the mapping is written once and each sub-resource names its own columns.
 */
import type { CreateItemGroupDto, UpdateItemGroupDto } from '../../shared/catalogue/item-modifier.js';
import { formatMoney } from '../../shared/decimal.js';
import type { CatalogueColumns } from '../../db/schema.js';
import { flag, jsonList, toFlag, units } from '../../db/values.js';
import type { Columns } from '../resources/simple-resource.js';

/** Reference columns some sub-resources have: items and modifiers a group, modifiers an item. */
export type OwnColumn = 'group_id' | 'item_id';
type Own = Partial<Record<OwnColumn, string | null>>;

/** What every create body carries (the group DTOs are exactly this; items and modifiers add to it). */
export type CatalogueCreate = CreateItemGroupDto & Own;
/** What every update body may carry. */
export type CatalogueUpdate = UpdateItemGroupDto & Own;

/** Nullable text columns: null clears them on update. */
const NULLABLE_TEXT = ['description', 'search_name', 'shtrix', 'color', 'tax_id', 'discount_id'] as const;
const FLAGS = ['is_menu', 'is_service', 'allow_pickup', 'allow_delivery'] as const;

export interface ColumnOptions {
  readonly own: readonly OwnColumn[];
  /**
   * Whether a null point is stored as null. The reference's items and modifiers have a NOT NULL point column
   * (default '0') while its groups' is nullable, and the wire shows what was stored, so null maps to '0' for the
   * former. Either way null, '' and '0' all mean business-wide.
   */
  readonly pointNullable: boolean;
}

function pointColumn(value: string | null, options: ColumnOptions): string | null {
  return value === null && !options.pointNullable ? '0' : value;
}

/** Columns of a new row. An absent point is '0', the reference's default. */
export function catalogueRow(body: CatalogueCreate, options: ColumnOptions): Columns {
  const columns: Columns = {
    name: body.name,
    measurement: body.measurement,
    price: body.price,
    cost: body.cost ?? null,
    type: body.type,
    id_automated_point: pointColumn(body.id_automated_point === undefined ? '0' : body.id_automated_point, options),
    pictures: JSON.stringify(body.pictures ?? []),
  };
  for (const column of NULLABLE_TEXT) columns[column] = body[column] ?? null;
  for (const column of FLAGS) columns[column] = toFlag(body[column]);
  for (const column of options.own) columns[column] = body[column] ?? null;
  return columns;
}

/**
 * Columns an update changes; undefined leaves a column alone. null clears a nullable column and leaves a
 * required one (name, measurement, price, type, pictures, flags) alone, as for warehouses.
 */
export function cataloguePatch(body: CatalogueUpdate, options: ColumnOptions): Columns {
  const columns: Columns = {
    name: body.name ?? undefined,
    measurement: body.measurement ?? undefined,
    price: body.price ?? undefined,
    cost: body.cost,
    type: body.type ?? undefined,
    id_automated_point: body.id_automated_point === undefined ? undefined : pointColumn(body.id_automated_point, options),
    pictures: body.pictures == null ? undefined : JSON.stringify(body.pictures),
  };
  for (const column of NULLABLE_TEXT) columns[column] = body[column];
  for (const column of FLAGS) columns[column] = body[column] == null ? undefined : toFlag(body[column]);
  for (const column of options.own) columns[column] = body[column];
  return columns;
}

type CatalogueRow = CatalogueColumns & Own;

/** The stored columns the wire shows (all but `business_id`), for lists that select only what they need. */
export const WIRE_COLUMNS = [
  'id',
  'name',
  'description',
  'search_name',
  'measurement',
  'price',
  'cost',
  'shtrix',
  'color',
  'type',
  'id_automated_point',
  'tax_id',
  'discount_id',
  'pictures',
  'is_menu',
  'is_service',
  'allow_pickup',
  'allow_delivery',
  'is_deleted',
  'dt_created',
  'dt_updated',
] as const;

/** Reads the pictures column; the common empty list skips JSON.parse. */
const pictures = (value: string | null | undefined): string[] => (value === '[]' ? [] : jsonList(value));

/**
 * The record as the wire shows it: money as decimal strings, flags as booleans, pictures as a list, then the
 * common columns (as `commonWire`). Lists map thousands of rows through this, so it builds the record in one
 * pass, property by property in a fixed order (every record gets the same shape, and the same key order as
 * always), with no intermediate objects.
 */
export function catalogueWire(stored: Columns, options: ColumnOptions): Record<string, unknown> {
  const row = stored as unknown as CatalogueRow;
  const wire: Record<string, unknown> = { id: row.id };
  for (const column of options.own) wire[column] = row[column] ?? null;
  wire.name = row.name;
  wire.description = row.description ?? null;
  wire.search_name = row.search_name ?? null;
  wire.measurement = row.measurement;
  wire.price = formatMoney(units(row.price));
  wire.cost = row.cost === null || row.cost === undefined ? null : formatMoney(units(row.cost));
  wire.shtrix = row.shtrix ?? null;
  wire.color = row.color ?? null;
  wire.type = row.type;
  wire.id_automated_point = row.id_automated_point ?? null;
  wire.tax_id = row.tax_id ?? null;
  wire.discount_id = row.discount_id ?? null;
  wire.pictures = pictures(row.pictures);
  wire.is_menu = flag(row.is_menu);
  wire.is_service = flag(row.is_service);
  wire.allow_pickup = flag(row.allow_pickup);
  wire.allow_delivery = flag(row.allow_delivery);
  // commonWire's columns, inline: `id` is already first.
  wire.is_deleted = Number(row.is_deleted) !== 0;
  wire.dt_created = row.dt_created;
  wire.dt_updated = row.dt_updated;
  return wire;
}
