/**
 * Reference checks for catalogue writes: every id a body names must be a live record of the caller's business,
 * or the write is a 400 with one line per bad field and nothing is stored. (The reference checked nothing and
 * stored dangling ids.) tax_id and discount_id are stored as given: their tables arrive with a later issue.
 */
import { badRequest } from '../../shared/errors.js';
import type { Database } from '../../db/schema.js';
import type { Db, OperationContext } from '../context.js';
import { isBusinessWide } from './visibility.js';

type ReferencedTable = 'items' | 'item_groups' | 'modifier_groups' | 'points' | 'warehouses';

/** One body field that names a record of another table. */
export interface Reference {
  readonly field: string;
  readonly table: ReferencedTable & keyof Database;
  /** Used in the message: "group_id must be an existing item group". */
  readonly noun: string;
  /** Values that name nothing and so need no record (null is always such a value). */
  readonly none?: readonly string[];
}

export const POINT_REFERENCE: Reference = { field: 'id_automated_point', table: 'points', noun: 'point' };
export const WAREHOUSE_REFERENCE: Reference = { field: 'warehouseId', table: 'warehouses', noun: 'warehouse', none: [''] };

/** True when a live record `id` exists in `table` for the caller's business. */
export async function isLive(db: Db, ctx: OperationContext, table: ReferencedTable, id: string): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

function namesNothing(reference: Reference, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (reference.field === POINT_REFERENCE.field) return isBusinessWide(String(value));
  return reference.none?.includes(String(value)) ?? false;
}

/**
 * Checks the references among `values` (only the fields present: on update, the fields being changed, so an
 * entry whose group was deleted later can still be edited). Throws one 400 listing every bad field.
 */
export async function checkReferences(db: Db, ctx: OperationContext, references: readonly Reference[], values: Record<string, unknown>) {
  const problems: string[] = [];
  for (const reference of references) {
    const value = values[reference.field];
    if (namesNothing(reference, value)) continue;
    if (!(await isLive(db, ctx, reference.table, String(value)))) problems.push(`${reference.field} must be an existing ${reference.noun}`);
  }
  if (problems.length > 0) throw badRequest(problems);
}
