/**
 * Receipt operations of the reference interface (catalogue entries and their request schemas).
 * Differences from the reference DTOs (docs/api/receipts-and-stock.md): a line may name its own `warehouseId`
 * (additive), quantities and prices may not be negative (a receipt brings goods in; returns are write-offs), and
 * the update's required-in-create texts may be omitted but not emptied.
 */
import { z } from 'zod';
import { dto, flag, list, money, quantity, requiredText, text, textList } from '../schema-kit.js';
import { operation, type PointScope } from './operation.js';

/** A cashier or till acts only on documents of its own point: the point the document names (`organizationId`). */
const DOCUMENT_SCOPE: PointScope = { table: 'receipts', column: 'organization_id', bodyField: 'organizationId' };

export const ReceiptItemDto = dto({
  itemId: requiredText(),
  quantity: quantity({ min: 'nonnegative' }),
  price: money({ min: 'nonnegative' }),
  plannedQuantity: quantity({ min: 'nonnegative' }),
  measureId: requiredText(),
  /** A signed money adjustment added to the line's amount (e.g. the supplier invoice's rounding). */
  rounding: money().nullish(),
  /** When the receipt is conducted, becomes the item's selling price. */
  newPrice: money({ min: 'nonnegative' }).nullish(),
  /** Our addition: the warehouse this line goes into; defaults to the receipt's single warehouse. */
  warehouseId: requiredText().nullish(),
});
export type ReceiptItemDto = z.output<typeof ReceiptItemDto>;

export const CreateReceiptDto = dto({
  guid: text().nullish(),
  name: requiredText(),
  description: text().nullish(),
  warehouseId: textList(),
  organizationId: requiredText(),
  total: money({ min: 'nonnegative' }),
  totalPlanned: money({ min: 'nonnegative' }),
  totalDiff: money(),
  employeeId: requiredText(),
  clientId: requiredText(),
  note: text().nullish(),
  conducted: flag().nullish(),
  items: list(ReceiptItemDto),
});
export type CreateReceiptDto = z.output<typeof CreateReceiptDto>;

export const UpdateReceiptDto = dto({
  name: requiredText().nullish(),
  description: text().nullish(),
  warehouseId: textList().nullish(),
  organizationId: requiredText().nullish(),
  employeeId: requiredText().nullish(),
  total: money({ min: 'nonnegative' }).nullish(),
  totalPlanned: money({ min: 'nonnegative' }).nullish(),
  totalDiff: money().nullish(),
  clientId: requiredText().nullish(),
  note: text().nullish(),
  conducted: flag().nullish(),
  items: list(ReceiptItemDto).nullish(),
});
export type UpdateReceiptDto = z.output<typeof UpdateReceiptDto>;

export const receiptOperations = [
  operation({ operationId: 'ReceiptController_create', method: 'POST', path: '/receipt/create', tag: 'Receipt', body: CreateReceiptDto, pointScope: DOCUMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'fact' }),
  operation({ operationId: 'ReceiptController_findAll', method: 'GET', path: '/receipt/all', tag: 'Receipt', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ReceiptController_findOne', method: 'GET', path: '/receipt/{id}', tag: 'Receipt', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ReceiptController_update', method: 'PATCH', path: '/receipt/update/{id}', tag: 'Receipt', body: UpdateReceiptDto, pointScope: DOCUMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'amendment' }),
  operation({ operationId: 'ReceiptController_remove', method: 'DELETE', path: '/receipt/delete/{id}', tag: 'Receipt', pointScope: DOCUMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'delete' }),
] as const;
