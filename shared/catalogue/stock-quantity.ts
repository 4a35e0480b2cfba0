/** StockQuantity operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, isoDate, money, quantity, requiredText, text } from '../schema-kit.js';
import { QUANTITY } from '../decimal.js';
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

/** Why a quantity was set by hand; stored with the adjustment's ledger entry (an addition to the reference's body). */
export const STOCK_ADJUSTMENT_REASONS = ['count_correction', 'damage', 'expiry', 'theft', 'other'] as const;
export type StockAdjustmentReason = (typeof STOCK_ADJUSTMENT_REASONS)[number];

export const UpdateStockListDto = dto({
  stock_quantity: quantity().nullish(),
  adjustment_reason: z.enum(STOCK_ADJUSTMENT_REASONS).nullish(),
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

/** Setting a stock row's quantity is an absolute edit: its basis is the quantity the user saw. */
const ROW_BASIS = { table: 'stock_levels', column: 'quantity', kind: QUANTITY, row: { id: 'params.id' } } as const;
/** A create for a pair that already has a row sets that row (app/stock/stock-quantity.ts): an absolute edit too. */
const PAIR_BASIS = { table: 'stock_levels', column: 'quantity', kind: QUANTITY, row: { item_id: 'body.itemId', warehouse_id: 'body.warehouseId' } } as const;

export const stockQuantityOperations = [
  operation({ operationId: 'StockQuantityController_create', method: 'POST', path: '/stock-quantity/create', tag: 'StockQuantity', body: CreateStockListDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'absolute', basis: PAIR_BASIS }),
  operation({ operationId: 'StockQuantityController_findAll', method: 'GET', path: '/stock-quantity/all', tag: 'StockQuantity', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'StockQuantityController_findOne', method: 'GET', path: '/stock-quantity/{id}', tag: 'StockQuantity', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'StockQuantityController_update', method: 'PATCH', path: '/stock-quantity/update/{id}', tag: 'StockQuantity', body: UpdateStockListDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'absolute', basis: ROW_BASIS }),
  // Ours: a stock row's adjustments, newest first, each with its reason (the reference has no ledger read).
  operation({ operationId: 'StockQuantityController_history', method: 'GET', path: '/stock-quantity/{id}/history', tag: 'StockQuantity', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read', extension: true }),
  operation({ operationId: 'StockQuantityController_remove', method: 'DELETE', path: '/stock-quantity/delete/{id}', tag: 'StockQuantity', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'delete' }),
] as const;
