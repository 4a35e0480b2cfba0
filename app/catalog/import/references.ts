/**
 * What an imported row names by text — its unit, its group, its warehouses — resolved to the business's records.
 * Units and warehouses must exist (a typo in a unit is an error the owner fixes in the file, not a new unit);
 * groups are created on first mention, because a file is how an owner describes a new catalogue's groups.
 */
import { sql } from 'kysely';
import { measurementLookup, measureIdOf } from '../../../shared/item-unit.js';
import type { Db, OperationContext } from '../../context.js';
import { insertRows } from '../../../db/insert-statements.js';
import { anyOf } from './any-of.js';

/** The business's live measurements: a row's unit text → the measurement's name as the business spells it. */
export async function unitNames(db: Db, ctx: OperationContext): Promise<(unit: string) => string | undefined> {
  const measurements = await db
    .selectFrom('measurements')
    .select(['id', 'name'])
    .where('business_id', '=', ctx.businessId)
    .where('is_deleted', '=', 0)
    .orderBy('dt_created')
    .orderBy('id')
    .execute();
  const { byId, byName } = measurementLookup(measurements);
  const nameOf = new Map(measurements.map((measurement) => [measurement.id, measurement.name]));
  return (unit) => nameOf.get(measureIdOf(unit, byId, byName));
}

/** The ids of the business's live warehouses. */
export async function liveWarehouses(db: Db, ctx: OperationContext): Promise<ReadonlySet<string>> {
  const rows = await db.selectFrom('warehouses').select('id').where('business_id', '=', ctx.businessId).where('is_deleted', '=', 0).execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * The id of each named group (names trimmed, matched exactly; the oldest live group of a name wins), creating
 * the missing ones as business-wide item groups in the row's unit with price 0.
 */
export async function groupIds(db: Db, ctx: OperationContext, wanted: ReadonlyMap<string, string>): Promise<{ ids: Map<string, string>; created: number }> {
  const names = [...wanted.keys()];
  const ids = new Map<string, string>();
  if (names.length === 0) return { ids, created: 0 };
  const existing = await sql<{ id: string; name: string }>`
    select id, name from item_groups
     where business_id = ${ctx.businessId} and is_deleted = 0 and ${anyOf(db, sql.ref('name'), names)}
     order by dt_created desc, id desc`.execute(db);
  // Newest first, so the oldest of a name is set last and wins.
  for (const row of existing.rows) ids.set(row.name, row.id);
  const missing = names.filter((name) => !ids.has(name));
  const rows = missing.map((name) => {
    const id = ctx.newId();
    ids.set(name, id);
    return catalogueEntry(ctx, id, { name, measurement: wanted.get(name) ?? '', price: 0n, type: 'ITEM_GROUP' });
  });
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) await insertRows(db, 'item_groups', rows.slice(start, start + INSERT_CHUNK));
  return { ids, created: rows.length };
}

/** Rows per INSERT: 23 columns each stays well under SQLite's 32,766 bound values. */
export const INSERT_CHUNK = 500;

/** A new business-wide catalogue row with the reference's defaults for everything a file does not say. */
export function catalogueEntry(
  ctx: OperationContext,
  id: string,
  fields: { name: string; measurement: string; price: bigint; type: string; cost?: bigint | null; shtrix?: string | null },
) {
  return {
    business_id: ctx.businessId,
    id,
    name: fields.name,
    description: null,
    search_name: null,
    measurement: fields.measurement,
    price: fields.price,
    cost: fields.cost ?? null,
    shtrix: fields.shtrix ?? null,
    color: null,
    type: fields.type,
    id_automated_point: '0',
    tax_id: null,
    discount_id: null,
    pictures: '[]',
    is_menu: 0,
    is_service: 0,
    allow_pickup: 0,
    allow_delivery: 0,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
}
