/**
 * Warehouses: where stock lives. A plain descriptive resource, plus our additive `is_default`: the business's
 * default warehouse, where sales take stock when nothing else names a warehouse (./default-warehouse.ts).
 * Deleting the default moves it to the oldest other live warehouse (issue 28 §4: reference clients delete their
 * first warehouse, and the reference answers 200); the owner can make another the default at any time.
 */
import type { CreateWarehouseDto, UpdateWarehouseDto } from '../../shared/catalogue/warehouse.js';
import { badRequest } from '../../shared/errors.js';
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

/**
 * Deletes a warehouse (a soft delete: its stock rows and ledger entries stay, naming it, as every soft delete
 * keeps what refers to the record). What named it as a default is moved on in the same transaction, so no sale
 * looks for stock in a deleted warehouse: the points whose default it was name none (their sales take the
 * business's default), and if it was the business's default, the oldest other live warehouse becomes it (none
 * left: the business has no default). The answer is the deleted warehouse as stored: `is_default: false`.
 */
async function removeWarehouse(db: Db, id: string, ctx: OperationContext) {
  // Locked, so a concurrent "make default" cannot slip between the choice of the next default and the delete.
  await lockDefaultWarehouse(db, ctx);
  const current = await loadLive(db, 'warehouses', 'Warehouse', ctx, id);
  await db
    .updateTable('points')
    .set({ default_warehouse_id: null, dt_updated: ctx.now })
    .where('business_id', '=', ctx.businessId)
    .where('default_warehouse_id', '=', id)
    .where('is_deleted', '=', 0)
    .execute();
  if (Number(current.is_default ?? 0) === 0) return warehouses.remove(db, id, ctx);
  await db.updateTable('warehouses').set({ is_default: 0 }).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
  const deleted = await warehouses.remove(db, id, ctx);
  const next = await db
    .selectFrom('warehouses')
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('is_deleted', '=', 0)
    .orderBy('dt_created')
    .orderBy('id')
    .executeTakeFirst();
  if (next) await db.updateTable('warehouses').set({ is_default: 1, dt_updated: ctx.now }).where('business_id', '=', ctx.businessId).where('id', '=', next.id).execute();
  return deleted;
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
