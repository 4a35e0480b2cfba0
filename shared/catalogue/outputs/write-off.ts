/** Output schemas of the write-off operations (the reference's cancellations): goods taken out of stock. */
import { documentHeader, documentLine } from './documents.js';
import { flag, id, many, quantity, record } from './kit.js';

export const WriteOffHeaderWire = record({ ...documentHeader, warehouseId: many(id()), conducted: flag() });
export const WriteOffLineWire = record({ ...documentLine, cancellationId: id(), multiple: quantity().nullable() });
export const WriteOffWire = WriteOffHeaderWire.extend({ items: many(WriteOffLineWire) });

export const writeOffOutputs = {
  WriteOffController_create: WriteOffWire,
  WriteOffController_findAll: many(WriteOffHeaderWire),
  WriteOffController_findOne: WriteOffWire,
  WriteOffController_update: WriteOffHeaderWire,
  WriteOffController_remove: WriteOffHeaderWire,
} as const;
