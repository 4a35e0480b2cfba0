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
  toWire: (row) => ({ ...commonWire(row), name: row.name, guid: row.guid ?? null, automated_point_id: row.automated_point_id }),
  // Runs on the record as it will be stored, so an update that leaves the point alone is checked too.
  check: (db, ctx, columns) =>
    requireLive(db, ctx, { table: 'points', id: String(columns.automated_point_id), field: 'automated_point_id', what: 'point' }),
});

async function removeWorkplace(db: Db, id: string, ctx: OperationContext) {
  const deleted = await workplaces.remove(db, id, ctx);
  await revokeWorkplaceTerminals(db, ctx, id);
  return deleted;
}

export const workplaceHandlers = [
  handler('BusinessController_createWorkplace', (db, { body }, ctx) => workplaces.create(db, body, ctx)),
  handler('BusinessController_findAllWorkplaces', (db, _input, ctx) => workplaces.findAll(db, ctx)),
  handler('BusinessController_updateWorkplace', (db, { params, body }, ctx) => workplaces.update(db, params.id ?? '', body, ctx)),
  handler('BusinessController_removeWorkplace', (db, { params }, ctx) => removeWorkplace(db, params.id ?? '', ctx)),
];
