/** Output schemas of the warehouse operations: a warehouse record. */
import { flag, many, resource, text } from './kit.js';

export const WarehouseWire = resource({
  name: text(),
  location: text().nullable(),
  /** The business's default warehouse: at most one live. */
  is_default: flag(),
});

export const warehouseOutputs = {
  WarehouseController_create: WarehouseWire,
  WarehouseController_findAll: many(WarehouseWire),
  WarehouseController_findOne: WarehouseWire,
  WarehouseController_update: WarehouseWire,
  WarehouseController_remove: WarehouseWire,
} as const;
