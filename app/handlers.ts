/**
 * Every domain operation that runs on both sides, service and till, by operationId: one list of modules. The
 * terminal core runs exactly this map; the service adds its own operations on top (server/handlers.ts), and a
 * catalogue entry with no handler answers 501.
 */
import type { Handler } from './operation.js';
import { baseConfigHandlers } from './base-config/base-config.js';
import { pointHandlers } from './business/points.js';
import { workplaceHandlers } from './business/workplaces.js';
import { itemGroupHandlers, modifierGroupHandlers } from './catalog/groups.js';
import { itemHandlers } from './catalog/items.js';
import { modifierHandlers } from './catalog/modifiers.js';
import { clientHandlers } from './clients/clients.js';
import { clientDebtHandlers } from './debts/debts.js';
import { deviceHandlers } from './devices/devices.js';
import { employeeHandlers } from './employees/employees.js';
import { employeeRoleHandlers } from './employees/roles.js';
import { financeHandlers } from './finance/finance.js';
import { inventoryHandlers } from './inventories/inventories.js';
import { logHandlers } from './logs/logs.js';
import { measurementHandlers } from './measurements/measurements.js';
import { movementHandlers } from './movements/movements.js';
import { orderHandlers } from './orders/orders.js';
import { orderRefundHandlers } from './orders/refunds/refunds.js';
import { paymentMethodHandlers } from './payment-methods/payment-methods.js';
import { receiptHandlers } from './receipts/receipts.js';
import { settlementHandlers } from './settlements/settlements.js';
import { cashMoveHandlers } from './settlements/cash-moves.js';
import { stockQuantityHandlers } from './stock/stock-quantity.js';
import { supplierHandlers } from './suppliers/suppliers.js';
import { warehouseHandlers } from './warehouses/warehouses.js';
import { writeOffHandlers } from './write-offs/write-offs.js';
import { itemImportHandlers } from './catalog/import/import-items.js';
import { reportHandlers } from './reports/reports.js';

/** One entry per module; a module lists its own operations (`handler(operationId, run)`). */
export const sharedHandlers: readonly Handler[] = [
  // Structure of the business.
  ...warehouseHandlers,
  ...pointHandlers,
  ...workplaceHandlers,
  ...employeeHandlers,
  ...employeeRoleHandlers,
  ...measurementHandlers,
  // The catalogue (ItemModifier operations).
  ...itemHandlers,
  ...itemGroupHandlers,
  ...modifierHandlers,
  ...modifierGroupHandlers,
  // Clients and their debts.
  ...clientHandlers,
  ...clientDebtHandlers,
  // Sales, stock and stock documents.
  ...receiptHandlers,
  ...stockQuantityHandlers,
  ...inventoryHandlers,
  ...writeOffHandlers,
  ...movementHandlers,
  ...orderHandlers,
  ...orderRefundHandlers,
  ...settlementHandlers,
  ...cashMoveHandlers,
  // Back-office reference data.
  ...supplierHandlers,
  ...paymentMethodHandlers,
  ...baseConfigHandlers,
  ...financeHandlers,
  ...deviceHandlers,
  ...logHandlers,
  // Catalogue import from the owner's console (extension).
  ...itemImportHandlers,
  // Reports for the owner's console (extension, read-only).
  ...reportHandlers,
];

/** The shared operations by operationId: what the terminal runs locally and the sync push applies. */
export const domainHandlers: ReadonlyMap<string, Handler> = new Map(sharedHandlers.map((definition) => [definition.operationId, definition]));
