/** The goods-receipt and stock-row operations, registered together in app/handlers.ts. */
import type { Handler } from '../operation.js';
import { stockQuantityHandlers } from '../stock/stock-quantity.js';
import { receiptHandlers } from './receipts.js';

export const receiptAndStockHandlers: readonly Handler[] = [
  ...(receiptHandlers as readonly Handler[]),
  ...(stockQuantityHandlers as readonly Handler[]),
];
