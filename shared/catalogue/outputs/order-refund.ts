/**
 * Output schemas of the refund and void operations (shared/catalogue/order-refund.ts): a refund document with its
 * lines and the money paid back (app/orders/refunds/refund-store.ts `refundWire`), and a voided order as the order
 * operations answer it. The refund slip (main/printing/layouts/refund-receipt.ts) is laid out from `RefundWire`.
 */
import type { z } from 'zod';
import { flag, id, many, money, quantity, record, text, timestamp } from './kit.js';
import { OrderWire } from './order.js';

const rowCommon = { is_deleted: flag(), dt_created: timestamp(), dt_updated: timestamp() };

/** A line taken back: which sale line, its item, the warehouse its stock went back to, how much and its worth. */
export const RefundLineWire = record({
  id: id(),
  refund_id: id(),
  order_id: id(),
  order_line_id: id(),
  item_id: id(),
  /** Null: the line moved no stock when sold (a service), so none comes back. */
  warehouse_id: id().nullable(),
  quantity: quantity(),
  /** The sale line's unit price. */
  price: money(),
  /** The share of the sale's total these units stand for (shared/refund-value.ts). */
  amount: money(),
  ...rowCommon,
});

/** Money paid back by one method; `is_debt`: a DEBT method, so it came off `client_id`'s debt instead. */
export const RefundPaymentWire = record({
  id: id(),
  refund_id: id(),
  order_id: id(),
  payment_type_id: id(),
  amount: money(),
  is_debt: flag(),
  client_id: id().nullable(),
  settlement_id: id().nullable(),
  ...rowCommon,
});

export const RefundWire = record({
  id: id(),
  guid: text().nullable(),
  refund_number: text(),
  /** The refunded sale: its id, and its number as printed on its receipt. */
  order_id: id(),
  order_number: text(),
  automated_point_id: id(),
  workplace_id: id(),
  settlement_id: id().nullable(),
  employee_id: id(),
  manager_id: id(),
  reason: text().nullable(),
  total_sum: money(),
  lines: many(RefundLineWire),
  payments: many(RefundPaymentWire),
  ...rowCommon,
});
export type RefundWire = z.output<typeof RefundWire>;

export const orderRefundOutputs = {
  OrderRefundController_create: RefundWire,
  OrderRefundController_void: OrderWire,
  OrderRefundController_findAll: many(RefundWire),
  OrderRefundController_findOne: RefundWire,
  OrderRefundController_findByOrder: many(RefundWire),
} as const;
