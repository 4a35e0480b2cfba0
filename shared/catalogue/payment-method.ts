/** PaymentMethod operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, requiredText, text } from '../schema-kit.js';
import { operation } from './operation.js';

/**
 * Our addition: what kind of payment a method is. A payment by a `DEBT` method puts the sale on the order's
 * client's debt (docs/api/orders-and-settlements.md); the others only label the method. Default `OTHER`.
 */
export const PAYMENT_METHOD_KINDS = ['CASH', 'CARD', 'DEBT', 'OTHER'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];
const kind = () =>
  z.enum(PAYMENT_METHOD_KINDS, { error: `must be one of the following values: ${PAYMENT_METHOD_KINDS.join(', ')}` });

export const CreatePaymentMethodDto = dto({
  name: requiredText(),
  guid: text().nullish(),
  kind: kind().nullish(),
});
export type CreatePaymentMethodDto = z.output<typeof CreatePaymentMethodDto>;

export const UpdatePaymentMethodDto = dto({
  name: text().nullish(),
  guid: text().nullish(),
  kind: kind().nullish(),
});
export type UpdatePaymentMethodDto = z.output<typeof UpdatePaymentMethodDto>;

export const paymentMethodOperations = [
  operation({ operationId: 'PaymentMethodController_create', method: 'POST', path: '/payment-methods/create', tag: 'PaymentMethod', body: CreatePaymentMethodDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'PAYMENT_METHODS', offline: 'descriptive' }),
  operation({ operationId: 'PaymentMethodController_findAll', method: 'GET', path: '/payment-methods/all', tag: 'PaymentMethod', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'PaymentMethodController_findOne', method: 'GET', path: '/payment-methods/{id}', tag: 'PaymentMethod', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'PaymentMethodController_update', method: 'PATCH', path: '/payment-methods/update/{id}', tag: 'PaymentMethod', body: UpdatePaymentMethodDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'PAYMENT_METHODS', offline: 'descriptive' }),
  operation({ operationId: 'PaymentMethodController_remove', method: 'DELETE', path: '/payment-methods/delete/{id}', tag: 'PaymentMethod', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'PAYMENT_METHODS', offline: 'delete' }),
] as const;
