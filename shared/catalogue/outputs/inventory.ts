/** Output schemas of the inventory operations: a stock count, each line with what was counted and expected. */
import { documentHeader, documentLine } from './documents.js';
import { flag, id, many, money, quantity, record } from './kit.js';

export const InventoryHeaderWire = record({
  ...documentHeader,
  warehouseId: many(id()),
  total: money(),
  totalPlanned: money(),
  totalDiff: money(),
  clientId: id(),
  conducted: flag(),
});
export const InventoryLineWire = record({ ...documentLine, inventoryId: id(), plannedQuantity: quantity().nullable() });
export const InventoryWire = InventoryHeaderWire.extend({ items: many(InventoryLineWire) });

export const inventoryOutputs = {
  InventoryController_create: InventoryWire,
  InventoryController_findAll: many(InventoryHeaderWire),
  InventoryController_findOne: InventoryWire,
  InventoryController_update: InventoryHeaderWire,
  InventoryController_remove: InventoryHeaderWire,
} as const;
