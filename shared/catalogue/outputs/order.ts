/**
 * Output schemas of the order operations: a sale as the reference's D_Order row (app/orders/order-store.ts
 * `orderWire`) and, read whole, its live lines, discounts, taxes, delivery and payments. Totals are exact money.
 */
import { count, flag, id, many, money, percent, quantity, record, text, timestamp } from './kit.js';

const rowCommon = { is_deleted: flag(), dt_created: timestamp(), dt_updated: timestamp() };

export const OrderHeaderWire = record({
  id: id(),
  guid: text().nullable(),
  order_id: text(),
  order_name: text().nullable(),
  total_discount: money(),
  total_tax: money(),
  total_paid: money(),
  total_change: money().nullable(),
  subtotal: money(),
  total_sum: money(),
  settlement_id: id().nullable(),
  discount_percent: percent().nullable(),
  discount_sum: money().nullable(),
  employee_id: id(),
  client_id: id().nullable(),
  payment_id: id().nullable(),
  automated_point_id: id(),
  workplace_id: id(),
  barcode: text().nullable(),
  delivery_fee: money().nullable(),
  dt_closed: timestamp().nullable(),
  is_voided: flag(),
  is_refunded: flag(),
  is_closed: flag(),
  /** Our addition: the manager who approved the order's manual discount above the limit (null: nobody had to). */
  discount_approved_by: id().nullable(),
  ...rowCommon,
});

/** A line (T_Order_Item), with the warehouse its stock left from (null when it moved none). */
export const OrderLineWire = record({
  id: id(),
  order_id: id(),
  item_id: id(),
  quantity: quantity(),
  price: money(),
  subtotal: money(),
  note: text().nullable(),
  employee_id: id(),
  discount_id: id().nullable(),
  warehouse_id: id().nullable(),
  /** Ours (0023): the line's modifiers, per unit of the line; null when it was sent without any. */
  modifiers: many(record({ modifier_id: id(), quantity: count(), price: money(), free_quantity: count() })).nullable(),
  is_voided: flag(),
  is_refunded: flag(),
  ...rowCommon,
});

export const OrderDiscountWire = record({
  id: id(),
  order_id: id(),
  item_id: id().nullable(),
  discount_value: money().nullable(),
  discount_percent: percent().nullable(),
  discount_id: id().nullable(),
  ...rowCommon,
});

export const OrderTaxWire = record({
  id: id(),
  order_id: id(),
  item_id: id().nullable(),
  tax_id: id(),
  tax_percent: percent().nullable(),
  tax_value: money().nullable(),
  fee_percent: percent().nullable(),
  fee_value: money().nullable(),
  ...rowCommon,
});

export const OrderDeliveryWire = record({
  id: id(),
  order_id: id(),
  customer_name: text(),
  contact_phone: text(),
  shipping_address: text(),
  city: text(),
  postal_code: text(),
  country: text(),
  courier_name: text().nullable(),
  tracking_number: text().nullable(),
  delivery_status: text(),
  delivery_type: text(),
  estimated_arrival: text().nullable(),
  actual_delivery: text().nullable(),
  ...rowCommon,
});

/** A payment (T_Order_Payment); the card number masked as stored. */
export const OrderPaymentWire = record({
  id: id(),
  employee_id: id(),
  order_id: id(),
  workplace_id: id(),
  payment_type_id: id(),
  paid_sum: money(),
  settlement_id: id().nullable(),
  tip_amount: money().nullable(),
  discount_id: id().nullable(),
  payment_data: text().nullable(),
  payment_device_id: id().nullable(),
  payment_batch_id: id().nullable(),
  card_number: text().nullable(),
  card_expire_date: text().nullable(),
  card_type: text().nullable(),
  note: text().nullable(),
  label: text().nullable(),
  is_refunded: flag(),
  ...rowCommon,
});

/** The whole order: the header and its live rows. */
export const OrderWire = OrderHeaderWire.extend({
  items: many(OrderLineWire),
  discounts: many(OrderDiscountWire),
  taxes: many(OrderTaxWire),
  delivery: OrderDeliveryWire.nullable(),
  payments: many(OrderPaymentWire),
});

export const orderOutputs = {
  OrderController_create: OrderWire,
  OrderController_update: OrderWire,
  OrderController_findAll: many(OrderHeaderWire),
  /** The newest open order, or nothing — 200 with an empty body, as the reference — when there is none. */
  OrderController_findLastOpen: OrderWire.optional(),
  OrderController_findOne: OrderWire,
  OrderController_remove: OrderWire,
} as const;
