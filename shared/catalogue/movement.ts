/**
 * Movement operations of the reference interface (catalogue entries and their request schemas). Difference from
 * the reference DTOs (docs/api/stock-documents.md): quantities may not be negative.
 */
import { z } from 'zod';
import { dto, list, money, quantity, requiredText, text } from '../schema-kit.js';
import { operation, type PointScope } from './operation.js';

/** A cashier or till acts only on documents of its own point: the point the document names (`organizationId`). */
const DOCUMENT_SCOPE: PointScope = { table: 'movements', column: 'organization_id', bodyField: 'organizationId' };

export const MovementItemDto = dto({
  itemId: requiredText(),
  quantity: quantity({ min: 'nonnegative' }),
  price: money({ min: 'nonnegative' }),
  measureId: requiredText(),
  multiple: quantity().nullish(),
});
export type MovementItemDto = z.output<typeof MovementItemDto>;

export const CreateMovementDto = dto({
  guid: text().nullish(),
  name: requiredText(),
  description: text().nullish(),
  warehouseId: requiredText(),
  toWarehouseId: requiredText(),
  organizationId: requiredText(),
  employeeId: requiredText(),
  note: text().nullish(),
  items: list(MovementItemDto),
});
export type CreateMovementDto = z.output<typeof CreateMovementDto>;

export const UpdateMovementDto = dto({
  name: text().nullish(),
  description: text().nullish(),
  organizationId: text().nullish(),
  employeeId: text().nullish(),
  warehouseId: text().nullish(),
  toWarehouseId: text().nullish(),
  note: text().nullish(),
  items: list(MovementItemDto).nullish(),
});
export type UpdateMovementDto = z.output<typeof UpdateMovementDto>;

export const movementOperations = [
  operation({ operationId: 'MovementController_create', method: 'POST', path: '/movement/create', tag: 'Movement', body: CreateMovementDto, pointScope: DOCUMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'fact' }),
  operation({ operationId: 'MovementController_findAll', method: 'GET', path: '/movement/all', tag: 'Movement', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'MovementController_findOne', method: 'GET', path: '/movement/{id}', tag: 'Movement', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'MovementController_update', method: 'PATCH', path: '/movement/update/{id}', tag: 'Movement', body: UpdateMovementDto, pointScope: DOCUMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'amendment' }),
  operation({ operationId: 'MovementController_remove', method: 'DELETE', path: '/movement/delete/{id}', tag: 'Movement', pointScope: DOCUMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'delete' }),
] as const;
