/** Warehouses: where stock lives. A plain descriptive resource. */
import type { CreateWarehouseDto, UpdateWarehouseDto } from '../../shared/catalogue/warehouse.js';
import { handler } from '../operation.js';
import { commonWire, simpleResource } from '../resources/simple-resource.js';

export const warehouses = simpleResource<CreateWarehouseDto, UpdateWarehouseDto>({
  table: 'warehouses',
  label: 'Warehouse',
  toRow: (body) => ({ name: body.name, location: body.location ?? null }),
  toPatch: (body) => ({ name: body.name ?? undefined, location: body.location === undefined ? undefined : body.location }),
  toWire: (row) => ({ ...commonWire(row), name: row.name, location: row.location ?? null }),
});

export const warehouseHandlers = [
  handler('WarehouseController_create', (db, { body }, ctx) => warehouses.create(db, body, ctx), {
    audit: { type: 'SYSTEM', action: 'CREATE_WAREHOUSE' },
  }),
  handler('WarehouseController_findAll', (db, _input, ctx) => warehouses.findAll(db, ctx)),
  handler('WarehouseController_findOne', (db, { params }, ctx) => warehouses.findOne(db, params.id ?? '', ctx)),
  handler('WarehouseController_update', (db, { params, body }, ctx) => warehouses.update(db, params.id ?? '', body, ctx), {
    audit: { type: 'SYSTEM', action: 'UPDATE_WAREHOUSE' },
  }),
  handler('WarehouseController_remove', (db, { params }, ctx) => warehouses.remove(db, params.id ?? '', ctx), {
    audit: { type: 'SYSTEM', action: 'DELETE_WAREHOUSE' },
  }),
];
