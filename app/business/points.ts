/**
 * Automated points: the shops or outlets of a business. A plain descriptive resource (create, list, update,
 * delete — the reference has no GET by id). Deleting a point is a soft delete, as in the reference: its workplaces,
 * orders and catalogue rows keep naming it and read it as deleted (issue 13 §1.5).
 * Our addition: `default_warehouse_id`, the warehouse the point's sales take stock from
 * (docs/api/orders-and-settlements.md); it must name a live warehouse of the business, null clears it.
 * Deleting a point deletes its workplaces and revokes their tills with it (issue 28 §4: the reference answers 200;
 * a till must not keep selling at a point no list shows).
 */
import type { CreateAutomatedPointDto, UpdateAutomatedPointDto } from '../../shared/catalogue/business.js';
import type { Db, OperationContext } from '../context.js';
import { handler } from '../operation.js';
import { commonWire, loadLive, simpleResource } from '../resources/simple-resource.js';
import { requireLive } from './references.js';
import { removeWorkplace } from './workplaces.js';

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

/**
 * Deletes a point (a soft delete) and retires what sells there, in the same transaction: its live workplaces are
 * deleted as `BusinessController_removeWorkplace` deletes one, and the terminals enrolled at them are revoked, so a
 * till of a deleted point cannot go on selling there — its next push or pull answers 401 saying its credential was
 * revoked, and what it still holds is kept for the back office. Shifts, orders and documents keep naming the point
 * and its workplaces and read them as deleted.
 */
async function removePoint(db: Db, id: string, ctx: OperationContext) {
  await loadLive(db, 'points', 'Point', ctx, id);
  for (const workplaceId of await liveWorkplacesOf(db, ctx, id)) await removeWorkplace(db, workplaceId, ctx);
  return points.remove(db, id, ctx);
}

/** The ids of a point's live workplaces. */
export async function liveWorkplacesOf(db: Db, ctx: { readonly businessId: string }, pointId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('workplaces')
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('automated_point_id', '=', pointId)
    .where('is_deleted', '=', 0)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export const pointHandlers = [
  handler('BusinessController_createPoint', (db, { body }, ctx) => points.create(db, body, ctx)),
  handler('BusinessController_findAllPoints', (db, _input, ctx) => points.findAll(db, ctx)),
  handler('BusinessController_updatePoint', (db, { params, body }, ctx) => points.update(db, params.id ?? '', body, ctx)),
  handler('BusinessController_removePoint', (db, { params }, ctx) => removePoint(db, params.id ?? '', ctx)),
];
