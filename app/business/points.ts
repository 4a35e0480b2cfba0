/**
 * Automated points: the shops or outlets of a business. A plain descriptive resource (create, list, update,
 * delete — the reference has no GET by id). Deleting a point is a soft delete, as in the reference: its workplaces,
 * orders and catalogue rows keep naming it and read it as deleted (issue 13 §1.5).
 * Our addition: `default_warehouse_id`, the warehouse the point's sales take stock from
 * (docs/api/orders-and-settlements.md); it must name a live warehouse of the business, null clears it.
 */
import type { CreateAutomatedPointDto, UpdateAutomatedPointDto } from '../../shared/catalogue/business.js';
import { handler } from '../operation.js';
import { commonWire, simpleResource } from '../resources/simple-resource.js';
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

export const pointHandlers = [
  handler('BusinessController_createPoint', (db, { body }, ctx) => points.create(db, body, ctx)),
  handler('BusinessController_findAllPoints', (db, _input, ctx) => points.findAll(db, ctx)),
  handler('BusinessController_updatePoint', (db, { params, body }, ctx) => points.update(db, params.id ?? '', body, ctx)),
  handler('BusinessController_removePoint', (db, { params }, ctx) => points.remove(db, params.id ?? '', ctx)),
];
