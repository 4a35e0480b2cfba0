/**
 * The role matrix (issue 13 §2.2, the reference's hole S15), enforced in one place: every domain operation that
 * runs — a REST call, a till's pushed operation replayed on the service, an operation run on the terminal — passes
 * through `runWriteInTransaction` (writes) or `perform` (reads, app/pipeline.ts), and both call `authorize` before the
 * handler. The rules are the catalogue's, declared per entry: `access` says which roles may call it at all (a
 * cashier never deletes structure: points, workplaces, warehouses, roles, employees), and `pointScope` says that an
 * EMPLOYEE caller acts only on records of its own point (orders, shifts, stock documents). The route and the push
 * check `access` early too, to answer cheaply; this is the check nothing can go around.
 */
import type { Kysely } from 'kysely';
import type { OperationSpec, PointScope } from '../../shared/catalogue/operation.js';
import { forbidden } from '../../shared/errors.js';
import type { Db, OperationContext } from '../context.js';
import { checkPointReferences, pointOfWorkplace } from './point-references.js';
import { requireRight } from './rights.js';

/** A view where the table and column are chosen at run time; callers pass only the catalogue's fixed names. */
type LooseDb = Kysely<Record<string, { business_id: string; id: string } & Record<string, unknown>>>;
const loose = (db: Db) => db as unknown as LooseDb;

/** What the records are called in messages: one, and many. */
const WHAT: Record<PointScope['table'], readonly [string, string]> = {
  orders: ['order', 'orders'],
  settlements: ['shift', 'shifts'],
  receipts: ['receipt', 'receipts'],
  write_offs: ['write-off', 'write-offs'],
  inventories: ['inventory', 'inventories'],
  movements: ['movement', 'movements'],
};

/** The point a stored value of the scope's column stands for; null when it names none. */
async function pointNamed(db: Db, ctx: OperationContext, scope: PointScope, value: unknown): Promise<string | null> {
  if (typeof value !== 'string' || value === '') return null;
  return scope.via === 'workplace' ? pointOfWorkplace(db, ctx, value) : value;
}

/**
 * The point of the record `id` names (deleted records included: deleting one is acting on it). Null when there is
 * no such record of the business — the handler answers its own 404 — or when the record names no point.
 */
async function pointOfRecord(db: Db, ctx: OperationContext, scope: PointScope, id: string): Promise<string | null> {
  const row = await loose(db)
    .selectFrom(scope.table)
    .select(scope.column)
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? pointNamed(db, ctx, scope, row[scope.column]) : null;
}

function bodyValue(body: unknown, field: string | undefined): unknown {
  if (!field || typeof body !== 'object' || body === null) return undefined;
  return (body as Record<string, unknown>)[field];
}

/**
 * Throws 403 unless the context's actor may run the operation on this input: its role is in the entry's
 * `access`, and, for an EMPLOYEE on an entry with a `pointScope`, both the record the path names and the point
 * the body names (if any) are of the actor's own point, and so is every other reference its body names
 * (./point-references.ts). Owners and admins are never limited to a point.
 */
export async function authorize(
  db: Db,
  spec: OperationSpec,
  input: { readonly body?: unknown; readonly params: Readonly<Record<string, string>> },
  ctx: OperationContext,
): Promise<void> {
  if (spec.access !== 'public' && !spec.access.includes(ctx.actor.role)) throw forbidden();
  if (ctx.actor.role !== 'EMPLOYEE') return;
  await checkRecordScope(db, spec, input, ctx);
  // Issue 28 §1: every other shift, workplace, point, warehouse and employee the body names is the caller's too.
  await checkPointReferences(db, spec, input, ctx);
  // Last, once the records are the caller's own: the right the entry names, if any (issue 28 §2, ./rights.ts), so
  // another point's record is answered as such whatever the caller's rights.
  await requireRight(db, spec, input, ctx);
}

/** The record the path names and the point the body is written for, by the entry's `pointScope` (EMPLOYEE callers). */
async function checkRecordScope(
  db: Db,
  spec: OperationSpec,
  input: { readonly body?: unknown; readonly params: Readonly<Record<string, string>> },
  ctx: OperationContext,
): Promise<void> {
  const scope = spec.pointScope;
  if (!scope) return;
  const [one, many] = WHAT[scope.table];
  const own = ctx.actor.pointId;
  if (!own) throw forbidden(`A cashier acts only at their own point: log in at a workplace to change ${many}`);
  const id = input.params.id;
  const stored = id === undefined ? null : await pointOfRecord(db, ctx, scope, id);
  if (stored !== null && stored !== own) {
    throw forbidden(`This ${one} belongs to another point: a cashier or till acts only on its own point’s ${many}`);
  }
  const named = await pointNamed(db, ctx, scope, bodyValue(input.body, scope.bodyField));
  if (named !== null && named !== own) {
    throw forbidden(`${scope.bodyField} must name your own point: a cashier or till acts only on its own point’s ${many}`);
  }
}
