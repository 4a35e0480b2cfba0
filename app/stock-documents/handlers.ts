/** The inventory, write-off and movement operations, registered together in app/handlers.ts. */
import type { Handler } from '../operation.js';
import { inventoryHandlers } from '../inventories/inventories.js';
import { movementHandlers } from '../movements/movements.js';
import { writeOffHandlers } from '../write-offs/write-offs.js';

export const stockDocumentHandlers: readonly Handler[] = [
  ...(inventoryHandlers as readonly Handler[]),
  ...(writeOffHandlers as readonly Handler[]),
  ...(movementHandlers as readonly Handler[]),
];
