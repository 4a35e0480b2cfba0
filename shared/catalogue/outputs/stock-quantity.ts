/**
 * Output schemas of the stock-quantity operations (the reference's stock list): one item's stock row in one
 * warehouse — its quantity, price, and the weekday par levels `mon`…`sun` (the quantity wanted on hand that day) —
 * and the history of its hand adjustments.
 */
import { flag, id, many, money, quantity, record, text, timestamp } from './kit.js';

export const StockRowWire = record({
  id: id(),
  itemId: id(),
  stock_quantity: quantity(),
  price: money(),
  measureId: id(),
  dateFrom: timestamp(),
  warehouseId: id(),
  mon: quantity(),
  tue: quantity(),
  wed: quantity(),
  thu: quantity(),
  fri: quantity(),
  sat: quantity(),
  sun: quantity(),
  is_deleted: flag(),
  dt_created: timestamp(),
  dt_updated: timestamp(),
});

/** One hand adjustment of a stock row: the signed change and why. */
export const StockAdjustmentWire = record({
  id: id(),
  change: quantity(),
  adjustment_reason: text().nullable(),
  actor_id: id().nullable(),
  dt_created: timestamp(),
});

export const stockQuantityOutputs = {
  StockQuantityController_create: StockRowWire,
  StockQuantityController_findAll: many(StockRowWire),
  StockQuantityController_findOne: StockRowWire,
  StockQuantityController_update: StockRowWire,
  StockQuantityController_history: many(StockAdjustmentWire),
  StockQuantityController_remove: StockRowWire,
} as const;
