/** StockQuantity operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, isoDate, money, quantity, requiredText, text } from '../schema-kit.js';
import { operation } from './operation.js';

export const CreateStockListDto = dto({
  itemId: requiredText(),
  stock_quantity: quantity(),
  price: money({ min: 'nonnegative' }),
  measureId: requiredText(),
  dateFrom: isoDate(),
  warehouseId: requiredText(),
  mon: quantity().nullish(),
  tue: quantity().nullish(),
  wed: quantity().nullish(),
  thu: quantity().nullish(),
  fri: quantity().nullish(),
  sat: quantity().nullish(),
  sun: quantity().nullish(),
});
export type CreateStockListDto = z.output<typeof CreateStockListDto>;

export const UpdateStockListDto = dto({
  stock_quantity: quantity().nullish(),
  price: money({ min: 'nonnegative' }).nullish(),
  measureId: text().nullish(),
  dateFrom: isoDate().nullish(),
  mon: quantity().nullish(),
  tue: quantity().nullish(),
  wed: quantity().nullish(),
  thu: quantity().nullish(),
  fri: quantity().nullish(),
  sat: quantity().nullish(),
  sun: quantity().nullish(),
});
export type UpdateStockListDto = z.output<typeof UpdateStockListDto>;

export const stockQuantityOperations = [
  operation({ operationId: 'StockQuantityController_create', method: 'POST', path: '/stock-quantity/create', tag: 'StockQuantity', body: CreateStockListDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'absolute' }),
  operation({ operationId: 'StockQuantityController_findAll', method: 'GET', path: '/stock-quantity/all', tag: 'StockQuantity', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'StockQuantityController_findOne', method: 'GET', path: '/stock-quantity/{id}', tag: 'StockQuantity', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'StockQuantityController_update', method: 'PATCH', path: '/stock-quantity/update/{id}', tag: 'StockQuantity', body: UpdateStockListDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'absolute' }),
  operation({ operationId: 'StockQuantityController_remove', method: 'DELETE', path: '/stock-quantity/delete/{id}', tag: 'StockQuantity', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'delete' }),
] as const;
