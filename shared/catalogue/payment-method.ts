/** PaymentMethod operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, requiredText, text } from '../schema-kit.js';
import { operation } from './operation.js';

export const CreatePaymentMethodDto = dto({
  name: requiredText(),
  guid: text().nullish(),
});
export type CreatePaymentMethodDto = z.output<typeof CreatePaymentMethodDto>;

export const UpdatePaymentMethodDto = dto({
  name: text().nullish(),
  guid: text().nullish(),
});
export type UpdatePaymentMethodDto = z.output<typeof UpdatePaymentMethodDto>;

export const paymentMethodOperations = [
  operation({ operationId: 'PaymentMethodController_create', method: 'POST', path: '/payment-methods/create', tag: 'PaymentMethod', body: CreatePaymentMethodDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'descriptive' }),
  operation({ operationId: 'PaymentMethodController_findAll', method: 'GET', path: '/payment-methods/all', tag: 'PaymentMethod', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'PaymentMethodController_findOne', method: 'GET', path: '/payment-methods/{id}', tag: 'PaymentMethod', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'PaymentMethodController_update', method: 'PATCH', path: '/payment-methods/update/{id}', tag: 'PaymentMethod', body: UpdatePaymentMethodDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'descriptive' }),
  operation({ operationId: 'PaymentMethodController_remove', method: 'DELETE', path: '/payment-methods/delete/{id}', tag: 'PaymentMethod', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'delete' }),
] as const;
