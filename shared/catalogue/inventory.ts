/**
 * Inventory operations of the reference interface (catalogue entries and their request schemas). Differences from
 * the reference DTOs (docs/api/stock-documents.md): a line may name its own `warehouseId` (additive), a counted
 * quantity may not be negative, and the planned (book) quantities and totals may be (books can be below zero).
 */
import { z } from 'zod';
import { dto, flag, list, money, quantity, requiredText, text, textList } from '../schema-kit.js';
import { operation, type PointScope } from './operation.js';

/** A cashier or till acts only on documents of its own point: the point the document names (`organizationId`). */
const DOCUMENT_SCOPE: PointScope = { table: 'inventories', column: 'organization_id', bodyField: 'organizationId' };

export const InventoryItemDto = dto({
  itemId: requiredText(),
  quantity: quantity({ min: 'nonnegative' }),
  price: money({ min: 'nonnegative' }),
  plannedQuantity: quantity(),
  measureId: requiredText(),
  /** Our addition: the warehouse this line counts; defaults to the inventory's single warehouse. */
  warehouseId: requiredText().nullish(),
});
export type InventoryItemDto = z.output<typeof InventoryItemDto>;

export const CreateInventoryDto = dto({
  guid: text().nullish(),
  name: requiredText(),
  description: text().nullish(),
  warehouseId: textList(),
  organizationId: requiredText(),
  total: money({ min: 'nonnegative' }),
  totalPlanned: money(),
  totalDiff: money(),
  employeeId: requiredText(),
  clientId: requiredText(),
  note: text().nullish(),
  conducted: flag().nullish(),
  items: list(InventoryItemDto),
});
export type CreateInventoryDto = z.output<typeof CreateInventoryDto>;

export const UpdateInventoryDto = dto({
  name: text().nullish(),
  description: text().nullish(),
  warehouseId: textList().nullish(),
  organizationId: text().nullish(),
  employeeId: text().nullish(),
  total: money({ min: 'nonnegative' }).nullish(),
  totalPlanned: money().nullish(),
  totalDiff: money().nullish(),
  clientId: text().nullish(),
  note: text().nullish(),
  conducted: flag().nullish(),
  items: list(InventoryItemDto).nullish(),
});
export type UpdateInventoryDto = z.output<typeof UpdateInventoryDto>;

export const inventoryOperations = [
  operation({ operationId: 'InventoryController_create', method: 'POST', path: '/inventory/create', tag: 'Inventory', body: CreateInventoryDto, pointScope: DOCUMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'fact' }),
  operation({ operationId: 'InventoryController_findAll', method: 'GET', path: '/inventory/all', tag: 'Inventory', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'InventoryController_findOne', method: 'GET', path: '/inventory/{id}', tag: 'Inventory', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'InventoryController_update', method: 'PATCH', path: '/inventory/update/{id}', tag: 'Inventory', body: UpdateInventoryDto, pointScope: DOCUMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'amendment' }),
  operation({ operationId: 'InventoryController_remove', method: 'DELETE', path: '/inventory/delete/{id}', tag: 'Inventory', pointScope: DOCUMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'delete' }),
] as const;
