/**
 * Order operations of the reference interface (catalogue entries and their request schemas).
 * Differences from the reference DTOs (docs/api/orders-and-settlements.md): a line may name its own
 * `warehouse_id` (additive) and its quantity must be positive (a return is a refund, not a negative line);
 * `last-open` takes an optional `workplace_id` query. Money, quantities and percentages are exact decimals.
 */
import { z } from 'zod';
import { count, dto, flag, id, isoDate, list, money, percent, quantity, requiredText, text } from '../schema-kit.js';
import { operation, type PointScope } from './operation.js';
import { signatureUrl } from '../signature-url.js';

/** A cashier or till acts only on its own point's orders: the order's `automated_point_id`. */
const ORDER_SCOPE: PointScope = { table: 'orders', column: 'automated_point_id', bodyField: 'automated_point_id' };

/**
 * Our addition: a modifier chosen for a line — how many of it per unit of the line, its price, and how many of those
 * are free under its group's `free_quantity` (shared/orders/modifier-rules.ts).
 */
export const OrderLineModifierDto = dto({
  modifier_id: id(),
  quantity: count(1),
  price: money({ min: 'nonnegative' }),
  free_quantity: count(0).nullish(),
});
export type OrderLineModifierDto = z.output<typeof OrderLineModifierDto>;

/** Most modifiers one line may carry. */
export const MAX_LINE_MODIFIERS = 50;

export const OrderItemDto = dto({
  item_id: requiredText(),
  quantity: quantity({ min: 'positive' }),
  price: money({ min: 'nonnegative' }),
  subtotal: money({ min: 'nonnegative' }),
  note: text().nullish(),
  discount_id: text().nullish(),
  /** Our addition: the warehouse this line's stock leaves from; defaults to the order's point's default warehouse. */
  warehouse_id: requiredText().nullish(),
  /**
   * Our addition: the line's modifiers; its subtotal is quantity × (price + Σ (quantity − free_quantity) × modifier
   * price). Sent (even empty), they are checked against the item's modifier groups; absent (a reference client), not.
   */
  modifiers: list(OrderLineModifierDto, MAX_LINE_MODIFIERS).nullish(),
});
export type OrderItemDto = z.output<typeof OrderItemDto>;

export const OrderDiscountDto = dto({
  item_id: text().nullish(),
  order_id: text().nullish(),
  discount_value: money().nullish(),
  discount_percent: percent().nullish(),
  discount_id: text().nullish(),
});
export type OrderDiscountDto = z.output<typeof OrderDiscountDto>;

export const OrderItemTaxDto = dto({
  item_id: text().nullish(),
  tax_id: requiredText(),
  tax_percent: percent().nullish(),
  tax_value: money().nullish(),
  fee_percent: percent().nullish(),
  fee_value: money().nullish(),
});
export type OrderItemTaxDto = z.output<typeof OrderItemTaxDto>;

export const OrderDeliveryDto = dto({
  customer_name: requiredText(),
  contact_phone: requiredText(),
  shipping_address: requiredText(),
  city: requiredText(),
  postal_code: requiredText(),
  country: text().nullish(),
  estimated_arrival: isoDate().nullish(),
});
export type OrderDeliveryDto = z.output<typeof OrderDeliveryDto>;

export const OrderPaymentDto = dto({
  payment_type_id: requiredText(),
  paid_sum: money({ min: 'nonnegative' }),
  tip_amount: money({ min: 'nonnegative' }).nullish(),
  discount_id: text().nullish(),
  payment_data: text().nullish(),
  payment_device_id: text().nullish(),
  payment_batch_id: text().nullish(),
  card_number: text().nullish(),
  card_expire_date: text().nullish(),
  card_type: text().nullish(),
  note: text().nullish(),
  label: text().nullish(),
  is_refunded: flag().nullish(),
  settlement_id: text().nullish(),
  /**
   * Our addition: the client's signature for a payment by a DEBT method (a sale on account), kept on the debt entry
   * the order posts (an http(s) URL or a PNG/JPEG/WebP data URI, as a debt transaction's `signature_url`).
   */
  signature_url: signatureUrl().nullish(),
  /**
   * Our addition: the manager (an employee whose role grants MANAGER) who approved, by PIN at the till, this DEBT
   * payment taking the client over their credit limit. Recorded in the audit trail; without it a live sale over the
   * limit is a 409.
   */
  credit_approved_by: text().nullish(),
});
export type OrderPaymentDto = z.output<typeof OrderPaymentDto>;

export const CreateOrderDto = dto({
  guid: text().nullish(),
  order_id: requiredText(),
  order_name: text().nullish(),
  total_discount: money().nullish(),
  total_tax: money().nullish(),
  total_paid: money({ min: 'nonnegative' }).nullish(),
  total_change: money().nullish(),
  subtotal: money({ min: 'nonnegative' }),
  total_sum: money({ min: 'nonnegative' }),
  discount_percent: percent().nullish(),
  discount_sum: money().nullish(),
  employee_id: text().nullish(),
  client_id: text().nullish(),
  payment_id: text().nullish(),
  automated_point_id: requiredText(),
  workplace_id: requiredText(),
  barcode: text().nullish(),
  delivery_fee: money({ min: 'nonnegative' }).nullish(),
  settlement_id: text().nullish(),
  is_closed: flag().nullish(),
  items: list(OrderItemDto),
  discounts: list(OrderDiscountDto).nullish(),
  taxes: list(OrderItemTaxDto).nullish(),
  delivery: OrderDeliveryDto.nullish(),
  payments: list(OrderPaymentDto).nullish(),
  /**
   * Our addition: the manager (an employee whose role grants MANAGER) whose PIN approved a manual discount above the
   * till's limit; stored on the order and shown with the sale. Not a manager: 400 naming this field.
   */
  discount_approved_by: text().nullish(),
});
export type CreateOrderDto = z.output<typeof CreateOrderDto>;

export const UpdateOrderDto = dto({
  order_name: text().nullish(),
  total_discount: money().nullish(),
  total_tax: money().nullish(),
  total_paid: money({ min: 'nonnegative' }).nullish(),
  total_change: money().nullish(),
  subtotal: money({ min: 'nonnegative' }).nullish(),
  total_sum: money({ min: 'nonnegative' }).nullish(),
  discount_percent: percent().nullish(),
  discount_sum: money().nullish(),
  client_id: text().nullish(),
  payment_id: text().nullish(),
  delivery_fee: money({ min: 'nonnegative' }).nullish(),
  payment_type_id: text().nullish(),
  settlement_id: text().nullish(),
  is_closed: flag().nullish(),
  is_voided: flag().nullish(),
  is_refunded: flag().nullish(),
  items: list(OrderItemDto).nullish(),
  discounts: list(OrderDiscountDto).nullish(),
  taxes: list(OrderItemTaxDto).nullish(),
  delivery: OrderDeliveryDto.nullish(),
  payments: list(OrderPaymentDto).nullish(),
});
export type UpdateOrderDto = z.output<typeof UpdateOrderDto>;

/** `?workplace_id=` narrows last-open to one till; absent or empty: the whole business. */
export const FindLastOpenOrderQuery = dto({
  workplace_id: text().max(64, { error: 'must be at most 64 characters' }).optional(),
});
export type FindLastOpenOrderQuery = z.output<typeof FindLastOpenOrderQuery>;

export const orderOperations = [
  operation({ operationId: 'OrderController_create', method: 'POST', path: '/orders/create', tag: 'Order', body: CreateOrderDto, pointScope: ORDER_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'fact' }),
  operation({ operationId: 'OrderController_update', method: 'POST', path: '/orders/update/{id}', tag: 'Order', body: UpdateOrderDto, pointScope: ORDER_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: { right: 'REFUNDS', when: 'completed-sale' }, offline: 'amendment' }),
  operation({ operationId: 'OrderController_findAll', method: 'GET', path: '/orders/all', tag: 'Order', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'OrderController_findLastOpen', method: 'GET', path: '/orders/last-open', tag: 'Order', query: FindLastOpenOrderQuery, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'OrderController_findOne', method: 'GET', path: '/orders/{id}', tag: 'Order', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'OrderController_remove', method: 'DELETE', path: '/orders/delete/{id}', tag: 'Order', pointScope: ORDER_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: { right: 'REFUNDS', when: 'completed-sale' }, offline: 'delete' }),
] as const;
