/** Output schemas of the payment-method operations: a payment method and its kind (CASH, CARD, DEBT, OTHER). */
import { z } from 'zod';
import { PAYMENT_METHOD_KINDS } from '../payment-method.js';
import { many, resource, text } from './kit.js';

export const PaymentMethodWire = resource({ name: text(), guid: text().nullable(), kind: z.enum(PAYMENT_METHOD_KINDS) });

export const paymentMethodOutputs = {
  PaymentMethodController_create: PaymentMethodWire,
  PaymentMethodController_findAll: many(PaymentMethodWire),
  PaymentMethodController_findOne: PaymentMethodWire,
  PaymentMethodController_update: PaymentMethodWire,
  PaymentMethodController_remove: PaymentMethodWire,
} as const;
