/**
 * Which existing item an imported row updates (docs/catalogue-import.md, "Matching"): the live item with the
 * row's barcode; failing that, the live item with the row's exact (trimmed) name whose barcode does not
 * contradict the row's — an item with another barcode is another product that happens to share a name. Among
 * several candidates the oldest wins, so every run picks the same one. A row that matches nothing creates an item.
 */
import { sql } from 'kysely';
import type { Db, OperationContext } from '../../context.js';
import { anyOf } from './any-of.js';

/** The stored columns an import compares and may change. */
export interface StoredItem {
  readonly id: string;
  readonly name: string;
  readonly shtrix: string | null;
  readonly group_id: string | null;
  readonly measurement: string;
  readonly price: bigint | number | string;
  readonly cost: bigint | number | string | null;
}

export interface MatchKey {
  readonly name: string;
  readonly barcode: string | null;
}

/** The live items of the business whose `column` is one of `values`, oldest first. */
async function itemsWhere(db: Db, ctx: OperationContext, column: 'shtrix' | 'name', values: readonly string[]): Promise<StoredItem[]> {
  if (values.length === 0) return [];
  const rows = await sql<StoredItem>`
    select id, name, shtrix, group_id, measurement, price, cost from items
     where business_id = ${ctx.businessId} and is_deleted = 0 and ${anyOf(db, sql.ref(column), [...new Set(values)])}
     order by dt_created, id`.execute(db);
  return rows.rows;
}

/** For each key (by position), the item it updates, or undefined to create one. */
export async function matchItems(db: Db, ctx: OperationContext, keys: readonly MatchKey[]): Promise<(StoredItem | undefined)[]> {
  const byBarcode = new Map<string, StoredItem>();
  for (const item of await itemsWhere(db, ctx, 'shtrix', keys.flatMap((key) => (key.barcode ? [key.barcode] : [])))) {
    if (item.shtrix && !byBarcode.has(item.shtrix)) byBarcode.set(item.shtrix, item);
  }
  const unmatched = keys.filter((key) => !key.barcode || !byBarcode.has(key.barcode));
  const byName = new Map<string, StoredItem[]>();
  for (const item of await itemsWhere(db, ctx, 'name', unmatched.map((key) => key.name))) {
    byName.set(item.name, [...(byName.get(item.name) ?? []), item]);
  }
  return keys.map((key) => {
    const found = key.barcode ? byBarcode.get(key.barcode) : undefined;
    if (found) return found;
    return byName.get(key.name)?.find((item) => !item.shtrix || !key.barcode || item.shtrix === key.barcode);
  });
}
