/**
 * Warehouses: where stock lives. A plain descriptive resource, plus our additive `is_default`: the business's
 * default warehouse, where sales take stock when nothing else names a warehouse (./default-warehouse.ts).
 * The default is never deleted (409, nothing changes): the owner first makes another warehouse the default, so
 * the choice of where sales take stock is always theirs, never an accident of which warehouse is oldest.
 */
import type { CreateWarehouseDto, UpdateWarehouseDto } from '../../shared/catalogue/warehouse.js';
import { badRequest, conflict } from '../../shared/errors.js';
import type { Db, OperationContext } from '../context.js';
import { handler } from '../operation.js';
import { commonWire, loadLive, simpleResource } from '../resources/simple-resource.js';
import {
  clearOtherDefaults,
  currentDefault,
  lockDefaultWarehouse,
  refuseDefaultChangeByStaff,
} from './default-warehouse.js';

export const warehouses = simpleResource<CreateWarehouseDto & { is_default: boolean }, UpdateWarehouseDto>({
  table: 'warehouses',
  label: 'Warehouse',
  toRow: (body) => ({ name: body.name, location: body.location ?? null, is_default: body.is_default ? 1 : 0 }),
  // `is_default` is changed by `updateWarehouse` below, around this patch.
  toPatch: (body) => ({ name: body.name ?? undefined, location: body.location === undefined ? undefined : body.location }),
  toWire: (row) => ({
    ...commonWire(row),
    name: row.name,
    location: row.location ?? null,
    is_default: Number(row.is_default ?? 0) !== 0,
  }),
});

/** The first warehouse of a business becomes its default; `is_default: true` makes a new one the default. */
async function createWarehouse(db: Db, body: CreateWarehouseDto, ctx: OperationContext) {
  refuseDefaultChangeByStaff(ctx, body.is_default);
  await lockDefaultWarehouse(db, ctx);
  const first = (await currentDefault(db, ctx)) === null;
  if (first && body.is_default === false) {
    throw badRequest(['is_default cannot be false for the business’s first warehouse: a business with warehouses has a default']);
  }
  const isDefault = body.is_default === true || first;
  if (isDefault) await clearOtherDefaults(db, ctx, '');
  return warehouses.create(db, { ...body, is_default: isDefault }, ctx);
}

/** `is_default: true` moves the default here; `false` on the default is refused (the business would have none). */
async function updateWarehouse(db: Db, id: string, body: UpdateWarehouseDto, ctx: OperationContext) {
  refuseDefaultChangeByStaff(ctx, body.is_default);
  const current = await loadLive(db, 'warehouses', 'Warehouse', ctx, id);
  const isDefault = Number(current.is_default ?? 0) !== 0;
  if (body.is_default === false && isDefault) {
    throw badRequest(['is_default cannot be cleared: make another warehouse the default instead']);
  }
  if (body.is_default === true && !isDefault) {
    await lockDefaultWarehouse(db, ctx);
    await clearOtherDefaults(db, ctx, id);
    await db
      .updateTable('warehouses')
      .set({ is_default: 1, dt_updated: ctx.now })
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', id)
      .execute();
  }
  return warehouses.update(db, id, body, ctx);
}

/** Deletes a warehouse that is not the business's default; the default is refused with the way out named. */
async function removeWarehouse(db: Db, id: string, ctx: OperationContext) {
  // Locked, so a concurrent "make default" cannot slip between the check and the delete.
  await lockDefaultWarehouse(db, ctx);
  const current = await loadLive(db, 'warehouses', 'Warehouse', ctx, id);
  if (Number(current.is_default ?? 0) !== 0) {
    throw conflict('This warehouse is the business’s default warehouse: make another warehouse the default first, then delete this one', {
      reason: 'DEFAULT_WAREHOUSE',
    });
  }
  return warehouses.remove(db, id, ctx);
}

export const warehouseHandlers = [
  handler('WarehouseController_create', (db, { body }, ctx) => createWarehouse(db, body, ctx), {
    audit: { type: 'SYSTEM', action: 'CREATE_WAREHOUSE' },
  }),
  handler('WarehouseController_findAll', (db, _input, ctx) => warehouses.findAll(db, ctx)),
  handler('WarehouseController_findOne', (db, { params }, ctx) => warehouses.findOne(db, params.id ?? '', ctx)),
  handler('WarehouseController_update', (db, { params, body }, ctx) => updateWarehouse(db, params.id ?? '', body, ctx), {
    audit: { type: 'SYSTEM', action: 'UPDATE_WAREHOUSE' },
  }),
  handler('WarehouseController_remove', (db, { params }, ctx) => removeWarehouse(db, params.id ?? '', ctx), {
    audit: { type: 'SYSTEM', action: 'DELETE_WAREHOUSE' },
  }),
];
