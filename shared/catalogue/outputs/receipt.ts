/** Output schemas of the receipt operations: goods received into warehouses, with their totals and lines. */
import { documentHeader, documentLine } from './documents.js';
import { flag, id, many, money, quantity, record } from './kit.js';

export const ReceiptHeaderWire = record({
  ...documentHeader,
  warehouseId: many(id()),
  total: money(),
  totalPlanned: money(),
  totalDiff: money(),
  clientId: id(),
  conducted: flag(),
});

export const ReceiptLineWire = record({
  ...documentLine,
  receiptId: id(),
  plannedQuantity: quantity(),
  /** A signed adjustment added to the line's amount. */
  rounding: money().nullable(),
  /** Becomes the item's selling price when the receipt is conducted. */
  newPrice: money().nullable(),
});

export const ReceiptWire = ReceiptHeaderWire.extend({ items: many(ReceiptLineWire) });

export const receiptOutputs = {
  ReceiptController_create: ReceiptWire,
  ReceiptController_findAll: many(ReceiptHeaderWire),
  ReceiptController_findOne: ReceiptWire,
  ReceiptController_update: ReceiptHeaderWire,
  ReceiptController_remove: ReceiptHeaderWire,
} as const;
