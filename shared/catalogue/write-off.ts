/**
 * WriteOff operations of the reference interface (catalogue entries and their request schemas). Differences from
 * the reference DTOs (docs/api/stock-documents.md): a line may name its own `warehouseId` (additive) and
 * quantities may not be negative (a write-off takes goods out; bringing them in is a receipt).
 */
import { z } from 'zod';
import { dto, flag, list, money, quantity, requiredText, text, textList } from '../schema-kit.js';
import { operation, type PointScope } from './operation.js';

/** A cashier or till acts only on documents of its own point: the point the document names (`organizationId`). */
const DOCUMENT_SCOPE: PointScope = { table: 'write_offs', column: 'organization_id', bodyField: 'organizationId' };

export const CancellationItemDto = dto({
  itemId: requiredText(),
  quantity: quantity({ min: 'nonnegative' }),
  price: money({ min: 'nonnegative' }),
  measureId: requiredText(),
  multiple: quantity().nullish(),
  /** Our addition: the warehouse this line leaves; defaults to the write-off's single warehouse. */
  warehouseId: requiredText().nullish(),
});
export type CancellationItemDto = z.output<typeof CancellationItemDto>;

export const CreateCancellationDto = dto({
  guid: text().nullish(),
  name: requiredText(),
  description: text().nullish(),
  warehouseId: textList(),
  organizationId: requiredText(),
  employeeId: requiredText(),
  note: text().nullish(),
  conducted: flag().nullish(),
  items: list(CancellationItemDto),
});
export type CreateCancellationDto = z.output<typeof CreateCancellationDto>;

export const UpdateCancellationDto = dto({
  name: text().nullish(),
  description: text().nullish(),
  warehouseId: textList().nullish(),
  organizationId: text().nullish(),
  employeeId: text().nullish(),
  note: text().nullish(),
  conducted: flag().nullish(),
  items: list(CancellationItemDto).nullish(),
});
export type UpdateCancellationDto = z.output<typeof UpdateCancellationDto>;

export const writeOffOperations = [
  operation({ operationId: 'WriteOffController_create', method: 'POST', path: '/write-off/create', tag: 'WriteOff', body: CreateCancellationDto, pointScope: DOCUMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'fact' }),
  operation({ operationId: 'WriteOffController_findAll', method: 'GET', path: '/write-off/all', tag: 'WriteOff', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'WriteOffController_findOne', method: 'GET', path: '/write-off/{id}', tag: 'WriteOff', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'WriteOffController_update', method: 'PATCH', path: '/write-off/update/{id}', tag: 'WriteOff', body: UpdateCancellationDto, pointScope: DOCUMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'amendment' }),
  operation({ operationId: 'WriteOffController_remove', method: 'DELETE', path: '/write-off/delete/{id}', tag: 'WriteOff', pointScope: DOCUMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'delete' }),
] as const;
