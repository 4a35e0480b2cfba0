/**
 * Refunds and voids at the till (issue 16, "Refunds and voids"): operations of ours — the reference has none, only
 * the `is_refunded`/`is_voided` flags — so every entry here is an `extension` with a new operationId, and nothing
 * of the reference's wire changes. A refund is a document of its own (a fact: it happened at the till, money left
 * the drawer) that takes back some or all of a closed sale's lines and pays money back by the sale's methods; a
 * void takes back an open order whole. Both record the manager who approved them. Behaviour and decisions:
 * docs/selling/refunds.md.
 */
import { z } from 'zod';
import { dto, list, money, quantity, requiredText, text } from '../schema-kit.js';
import { operation, type PointScope } from './operation.js';

/** A cashier or till refunds and voids only its own point's orders (the path's `{id}` is the order). */
const ORDER_SCOPE: PointScope = { table: 'orders', column: 'automated_point_id' };

/** One line taken back: a line of the sale (its `id` in the order's `items`) and how much of it. */
export const OrderRefundLineDto = dto({
  order_line_id: requiredText(),
  quantity: quantity({ min: 'positive' }),
});
export type OrderRefundLineDto = z.output<typeof OrderRefundLineDto>;

/** Money paid back by one of the methods the sale was paid with (a DEBT method: taken off the client's debt). */
export const OrderRefundPaymentDto = dto({
  payment_type_id: requiredText(),
  amount: money({ min: 'positive' }),
});
export type OrderRefundPaymentDto = z.output<typeof OrderRefundPaymentDto>;

export const CreateOrderRefundDto = dto({
  /** A retry of the same refund (the same guid and body) answers the refund already made; another body is a 409. */
  guid: text().nullish(),
  /** The refund's number, printed on its slip (the till numbers its documents, as it numbers its sales). */
  refund_number: requiredText(),
  /** The employee who approved it with a PIN; an owner or admin calling the service approves it themselves. */
  manager_id: text().nullish(),
  /** The shift the refund was made in (the till's open shift): its money leaves that shift's drawer. */
  settlement_id: text().nullish(),
  /** The till it was made at; by default the caller's own, else the sale's. */
  workplace_id: text().nullish(),
  reason: text().nullish(),
  lines: list(OrderRefundLineDto, 500).min(1, { error: 'must name at least one line' }),
  payments: list(OrderRefundPaymentDto, 20),
});
export type CreateOrderRefundDto = z.output<typeof CreateOrderRefundDto>;

export const VoidOrderDto = dto({
  manager_id: text().nullish(),
  /** The shift the void was made in; by default the order's. */
  settlement_id: text().nullish(),
  reason: text().nullish(),
});
export type VoidOrderDto = z.output<typeof VoidOrderDto>;

/** `?settlement_id=` lists one shift's refunds; absent: the business's (a cashier's: its point's), newest first. */
export const FindOrderRefundsQuery = dto({
  settlement_id: text().max(64, { error: 'must be at most 64 characters' }).optional(),
});
export type FindOrderRefundsQuery = z.output<typeof FindOrderRefundsQuery>;

const roles = ['OWNER', 'ADMIN', 'EMPLOYEE'] as const;

export const orderRefundOperations = [
  operation({ operationId: 'OrderRefundController_create', method: 'POST', path: '/orders/refund/{id}', tag: 'Order', body: CreateOrderRefundDto, pointScope: ORDER_SCOPE, access: roles, right: 'REFUNDS', offline: 'fact', extension: true }),
  operation({ operationId: 'OrderRefundController_void', method: 'POST', path: '/orders/void/{id}', tag: 'Order', body: VoidOrderDto, pointScope: ORDER_SCOPE, access: roles, right: 'REFUNDS', offline: 'amendment', extension: true }),
  operation({ operationId: 'OrderRefundController_findAll', method: 'GET', path: '/orders/refunds', tag: 'Order', query: FindOrderRefundsQuery, access: roles, offline: 'read', extension: true }),
  operation({ operationId: 'OrderRefundController_findOne', method: 'GET', path: '/orders/refunds/{id}', tag: 'Order', access: roles, offline: 'read', extension: true }),
  operation({ operationId: 'OrderRefundController_findByOrder', method: 'GET', path: '/orders/{id}/refunds', tag: 'Order', access: roles, offline: 'read', extension: true }),
] as const;
