/**
 * Reference checks between the business-structure records (workplace → point, employee → workplace and role).
 * The reference checks none of them; we refuse a body that names a record the caller's business does not have
 * (400 naming the field), and refuse to delete a record live records still point at (409), so no workplace,
 * employee or login is left pointing at something deleted.
 */
import type { Kysely } from 'kysely';
import { badRequest, conflict } from '../../shared/errors.js';
import type { Db, OperationContext } from '../context.js';

type StructureTable = 'points' | 'workplaces' | 'employee_roles' | 'employees' | 'warehouses';
/** A view where the column is chosen at run time; callers pass only our own fixed column names. */
type LooseDb = Kysely<Record<string, { business_id: string; id: string; is_deleted: number } & Record<string, unknown>>>;
const loose = (db: Db) => db as unknown as LooseDb;

export interface Reference {
  readonly table: StructureTable;
  readonly id: string;
  /** The body field, named in the message. */
  readonly field: string;
  /** What the field must name, e.g. "point". */
  readonly what: string;
}

/** The message line for a reference that is not a live record of the caller's business, or null if it is. */
export async function missingReference(db: Db, ctx: OperationContext, reference: Reference): Promise<string | null> {
  const found = await loose(db)
    .selectFrom(reference.table)
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', reference.id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return found ? null : `${reference.field} must be an existing ${reference.what}`;
}

/** Throws 400 with one line per reference that does not name a live record of the caller's business. */
export async function requireLive(db: Db, ctx: OperationContext, ...references: Reference[]): Promise<void> {
  const problems: string[] = [];
  for (const reference of references) {
    const problem = await missingReference(db, ctx, reference);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) throw badRequest(problems);
}

/** Throws 409 with `message` while any live row of `table` has `column` = `id`. */
export async function refuseWhileReferenced(
  db: Db,
  ctx: OperationContext,
  reference: { table: StructureTable; column: string; id: string; message: string },
): Promise<void> {
  const found = await loose(db)
    .selectFrom(reference.table)
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where(reference.column, '=', reference.id)
    .where('is_deleted', '=', 0)
    .limit(1)
    .executeTakeFirst();
  if (found) throw conflict(reference.message);
}
