/**
 * Every domain operation implemented so far, by operationId. The server routes the catalogue through this
 * map (an entry with no handler answers 501); the terminal core will run the same map locally.
 */
import type { Handler } from './operation.js';
import { warehouseHandlers } from './warehouses/warehouses.js';
import { catalogHandlers } from './catalog/index.js';
import { businessStructureHandlers } from './business/handlers.js';
import { clientAndDebtHandlers } from './debts/handlers.js';
import { receiptAndStockHandlers } from './receipts/handlers.js';
import { stockDocumentHandlers } from './stock-documents/handlers.js';
import { backOfficeHandlers } from './back-office/handlers.js';
import { logHandlers } from './logs/logs.js';
import { orderHandlers } from './orders/orders.js';
import { settlementHandlers } from './settlements/settlements.js';
import { aiChatHandlers } from './ai-chat/handlers.js';
import { naturalChatHandlers } from './natural-chat/handlers.js';
import { queryHandlers } from './query/handlers.js';
import { itemImportHandlers } from './catalog/import/import-items.js';

const all: readonly Handler[] = [
  ...(warehouseHandlers as readonly Handler[]),
  ...catalogHandlers,
  ...businessStructureHandlers,
  ...clientAndDebtHandlers,
  ...receiptAndStockHandlers,
  ...stockDocumentHandlers,
  ...backOfficeHandlers,
  ...(logHandlers as readonly Handler[]),
  ...orderHandlers,
  ...settlementHandlers,
  ...(aiChatHandlers as readonly Handler[]),
  ...(naturalChatHandlers as readonly Handler[]),
  ...queryHandlers,
  ...(itemImportHandlers as readonly Handler[]),
];

export const domainHandlers: ReadonlyMap<string, Handler> = new Map(all.map((definition) => [definition.operationId, definition]));
