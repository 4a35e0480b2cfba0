/** Warehouse operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, flag, requiredText, text } from '../schema-kit.js';
import { operation } from './operation.js';

export const CreateWarehouseDto = dto({
  name: requiredText(),
  location: text().nullish(),
  /** Ours, additive: make this the business's default warehouse (the first one created always is). */
  is_default: flag().nullish(),
});
export type CreateWarehouseDto = z.output<typeof CreateWarehouseDto>;

export const UpdateWarehouseDto = dto({
  name: text().nullish(),
  location: text().nullish(),
  /** Ours, additive: `true` makes this the business's default warehouse. */
  is_default: flag().nullish(),
});
export type UpdateWarehouseDto = z.output<typeof UpdateWarehouseDto>;

/** Warehouses are structure: created and changed by owners and admins only (issue 28 §1); every role reads them. */
export const warehouseOperations = [
  operation({ operationId: 'WarehouseController_create', method: 'POST', path: '/warehouses/create', tag: 'Warehouse', body: CreateWarehouseDto, access: ['OWNER', 'ADMIN'], offline: 'descriptive' }),
  operation({ operationId: 'WarehouseController_findAll', method: 'GET', path: '/warehouses/all', tag: 'Warehouse', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'WarehouseController_findOne', method: 'GET', path: '/warehouses/{id}', tag: 'Warehouse', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'WarehouseController_update', method: 'PATCH', path: '/warehouses/update/{id}', tag: 'Warehouse', body: UpdateWarehouseDto, access: ['OWNER', 'ADMIN'], offline: 'descriptive' }),
  operation({ operationId: 'WarehouseController_remove', method: 'DELETE', path: '/warehouses/delete/{id}', tag: 'Warehouse', access: ['OWNER', 'ADMIN'], offline: 'delete' }),
] as const;
