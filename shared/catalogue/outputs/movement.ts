/** Output schemas of the movement operations: goods moved from one warehouse to another. */
import { documentHeader, documentLine } from './documents.js';
import { id, many, quantity, record } from './kit.js';

export const MovementHeaderWire = record({ ...documentHeader, warehouseId: id(), toWarehouseId: id() });
export const MovementLineWire = record({ ...documentLine, movementId: id(), multiple: quantity().nullable() });
export const MovementWire = MovementHeaderWire.extend({ items: many(MovementLineWire) });

export const movementOutputs = {
  MovementController_create: MovementWire,
  MovementController_findAll: many(MovementHeaderWire),
  MovementController_findOne: MovementWire,
  MovementController_update: MovementHeaderWire,
  MovementController_remove: MovementHeaderWire,
} as const;
