/** Receipt operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, flag, list, money, quantity, requiredText, text, textList } from '../schema-kit.js';
import { operation } from './operation.js';

export const ReceiptItemDto = dto({
  itemId: requiredText(),
  quantity: quantity(),
  price: money({ min: 'nonnegative' }),
  plannedQuantity: quantity(),
  measureId: requiredText(),
  rounding: money().nullish(),
  newPrice: money({ min: 'nonnegative' }).nullish(),
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
  name: text().nullish(),
  description: text().nullish(),
  warehouseId: textList().nullish(),
  organizationId: text().nullish(),
  employeeId: text().nullish(),
  total: money({ min: 'nonnegative' }).nullish(),
  totalPlanned: money({ min: 'nonnegative' }).nullish(),
  totalDiff: money().nullish(),
  clientId: text().nullish(),
  note: text().nullish(),
  conducted: flag().nullish(),
  items: list(ReceiptItemDto).nullish(),
});
export type UpdateReceiptDto = z.output<typeof UpdateReceiptDto>;

export const receiptOperations = [
  operation({ operationId: 'ReceiptController_create', method: 'POST', path: '/receipt/create', tag: 'Receipt', body: CreateReceiptDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'fact' }),
  operation({ operationId: 'ReceiptController_findAll', method: 'GET', path: '/receipt/all', tag: 'Receipt', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ReceiptController_findOne', method: 'GET', path: '/receipt/{id}', tag: 'Receipt', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ReceiptController_update', method: 'PATCH', path: '/receipt/update/{id}', tag: 'Receipt', body: UpdateReceiptDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'amendment' }),
  operation({ operationId: 'ReceiptController_remove', method: 'DELETE', path: '/receipt/delete/{id}', tag: 'Receipt', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'delete' }),
] as const;
