/**
 * The pieces stock documents share on the wire (receipts, write-offs, inventory counts, movements): the header's
 * columns and a line's, with the reference's camelCase names. A document read by id, or just created, carries its
 * live lines as `items`; lists, updates and deletes answer the header alone.
 */
import { flag, id, money, quantity, text, timestamp } from './kit.js';

/** Header columns every stock document has. */
export const documentHeader = {
  id: id(),
  guid: text().nullable(),
  name: text(),
  description: text().nullable(),
  organizationId: id(),
  employeeId: id(),
  note: text().nullable(),
  is_deleted: flag(),
  dt_created: timestamp(),
  dt_updated: timestamp(),
};

/** Line columns every stock document has; each document names its header id its own way (`receiptId`, …). */
export const documentLine = {
  id: id(),
  itemId: id(),
  quantity: quantity(),
  price: money(),
  measureId: id(),
  /** The line's own warehouse, when it names one. */
  warehouseId: id().nullable(),
  is_deleted: flag(),
  dt_created: timestamp(),
  dt_updated: timestamp(),
};
