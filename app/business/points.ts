/**
 * Automated points: the shops or outlets of a business. A plain descriptive resource (create, list, update,
 * delete — the reference has no GET by id). Deleting a point is a soft delete, as in the reference: its workplaces,
 * orders and catalogue rows keep naming it and read it as deleted (issue 13 §1.5).
 * Our addition: `default_warehouse_id`, the warehouse the point's sales take stock from
 * (docs/api/orders-and-settlements.md); it must name a live warehouse of the business, null clears it.
 * Our refusal (docs/api.md, deliberate differences): a point that still has live workplaces is not deleted (409
 * naming them) — its tills would keep selling at a point no list shows; delete or move the workplaces first.
 */
import type { CreateAutomatedPointDto, UpdateAutomatedPointDto } from '../../shared/catalogue/business.js';
import { conflict } from '../../shared/errors.js';
import type { Db, OperationContext } from '../context.js';
import { handler } from '../operation.js';
import { commonWire, loadLive, simpleResource } from '../resources/simple-resource.js';
import { requireLive } from './references.js';

export const points = simpleResource<CreateAutomatedPointDto, UpdateAutomatedPointDto>({
  table: 'points',
  label: 'Point',
  toRow: (body) => ({ name: body.name, guid: body.guid ?? null, default_warehouse_id: body.default_warehouse_id ?? null }),
  toPatch: (body) => ({
    name: body.name ?? undefined,
    guid: body.guid === undefined ? undefined : body.guid,
    default_warehouse_id: body.default_warehouse_id,
  }),
  toWire: (row) => ({
    ...commonWire(row),
    name: row.name,
    guid: row.guid ?? null,
    default_warehouse_id: row.default_warehouse_id ?? null,
  }),
  // Only a warehouse being set is checked: one deleted later leaves the point editable (its sales then take the
  // business's warehouse: app/orders/order-checks.ts).
  check: async (db, ctx, columns, changed) => {
    const warehouse = (changed ?? columns).default_warehouse_id;
    if (typeof warehouse !== 'string') return;
    await requireLive(db, ctx, { table: 'warehouses', id: warehouse, field: 'default_warehouse_id', what: 'warehouse' });
  },
});

/** How many workplaces a refusal names; the count is always the whole number. */
const NAMED_WORKPLACES = 5;

/** Deletes a point that no live workplace names; otherwise 409 naming them, and nothing changes. */
async function removePoint(db: Db, id: string, ctx: OperationContext) {
  await loadLive(db, 'points', 'Point', ctx, id);
  const workplaces = await db
    .selectFrom('workplaces')
    .select('name')
    .where('business_id', '=', ctx.businessId)
    .where('automated_point_id', '=', id)
    .where('is_deleted', '=', 0)
    .orderBy('dt_created')
    .orderBy('id')
    .execute();
  if (workplaces.length > 0) {
    const names = workplaces.slice(0, NAMED_WORKPLACES).map((row) => row.name);
    const more = workplaces.length > NAMED_WORKPLACES ? ', …' : '';
    throw conflict(
      `This point of sale still has ${workplaces.length} ${workplaces.length === 1 ? 'workplace' : 'workplaces'} (${names.join(', ')}${more}): delete them or move them to another point first`,
      { reason: 'POINT_HAS_WORKPLACES', workplaces: workplaces.length },
    );
  }
  return points.remove(db, id, ctx);
}

export const pointHandlers = [
  handler('BusinessController_createPoint', (db, { body }, ctx) => points.create(db, body, ctx)),
  handler('BusinessController_findAllPoints', (db, _input, ctx) => points.findAll(db, ctx)),
  handler('BusinessController_updatePoint', (db, { params, body }, ctx) => points.update(db, params.id ?? '', body, ctx)),
  handler('BusinessController_removePoint', (db, { params }, ctx) => removePoint(db, params.id ?? '', ctx)),
];
