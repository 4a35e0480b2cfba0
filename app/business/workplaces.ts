/**
 * Workplaces: the tills of a point, where cashiers log in with their PIN. A workplace always belongs to a live
 * point of the same business (the reference never checked `automated_point_id`). Deleting one is a soft delete, as
 * in the reference (issue 13 §1.5): employees assigned to it keep naming it, and the terminals enrolled at it are
 * revoked in the same transaction, so a till of a workplace that no longer exists can neither push nor pull (401).
 */
import type { CreateWorkplaceDto, UpdateWorkplaceDto } from '../../shared/catalogue/business.js';
import type { Db, OperationContext } from '../context.js';
import { handler } from '../operation.js';
import { commonWire, simpleResource } from '../resources/simple-resource.js';
import { requireLive } from './references.js';
import { revokeWorkplaceTerminals } from '../sync/terminals.js';

export const workplaces = simpleResource<CreateWorkplaceDto, UpdateWorkplaceDto>({
  table: 'workplaces',
  label: 'Workplace',
  toRow: (body) => ({ name: body.name, guid: body.guid ?? null, automated_point_id: body.automated_point_id }),
  toPatch: (body) => ({
    name: body.name ?? undefined,
    guid: body.guid === undefined ? undefined : body.guid,
    // The column is required: null means "leave as is", like an absent field.
    automated_point_id: body.automated_point_id ?? undefined,
  }),
  toWire: (row) => ({
    ...commonWire(row),
    name: row.name,
    guid: row.guid ?? null,
    automated_point_id: row.automated_point_id,
    number: row.number === null || row.number === undefined ? null : Number(row.number),
  }),
  // Runs on the record as it will be stored, so an update that leaves the point alone is checked too.
  check: (db, ctx, columns) =>
    requireLive(db, ctx, { table: 'points', id: String(columns.automated_point_id), field: 'automated_point_id', what: 'point' }),
});

/**
 * A new workplace takes the business's next till number (migration 0029), in the creating transaction: deleted
 * workplaces keep theirs, so a number — and the sale numbers made with it — is never reused. Two workplaces created
 * at the same instant on two service instances collide on the unique index and one is refused (rare: an owner's act).
 */
async function createWorkplace(db: Db, body: CreateWorkplaceDto, ctx: OperationContext) {
  const created = await workplaces.create(db, body, ctx);
  const last = await db
    .selectFrom('workplaces')
    .select((eb) => eb.fn.max('number').as('last'))
    .where('business_id', '=', ctx.businessId)
    .executeTakeFirst();
  const number = Number(last?.last ?? 0) + 1;
  await db.updateTable('workplaces').set({ number }).where('business_id', '=', ctx.businessId).where('id', '=', String(created.id)).execute();
  return { ...created, number };
}

/** Deletes a workplace and revokes the terminals enrolled at it (also for each workplace of a deleted point). */
export async function removeWorkplace(db: Db, id: string, ctx: OperationContext) {
  const deleted = await workplaces.remove(db, id, ctx);
  await revokeWorkplaceTerminals(db, ctx, id);
  return deleted;
}

export const workplaceHandlers = [
  handler('BusinessController_createWorkplace', (db, { body }, ctx) => createWorkplace(db, body, ctx)),
  handler('BusinessController_findAllWorkplaces', (db, _input, ctx) => workplaces.findAll(db, ctx)),
  handler('BusinessController_updateWorkplace', (db, { params, body }, ctx) => workplaces.update(db, params.id ?? '', body, ctx)),
  handler('BusinessController_removeWorkplace', (db, { params }, ctx) => removeWorkplace(db, params.id ?? '', ctx)),
];
