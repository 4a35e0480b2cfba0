/**
 * The back-office reference data's operations in one list for app/handlers.ts: suppliers, payment methods,
 * base configuration, taxes and discounts, printers and payment devices.
 */
import type { Handler } from '../operation.js';
import { baseConfigHandlers } from '../base-config/base-config.js';
import { deviceHandlers } from '../devices/devices.js';
import { financeHandlers } from '../finance/finance.js';
import { paymentMethodHandlers } from '../payment-methods/payment-methods.js';
import { supplierHandlers } from '../suppliers/suppliers.js';

export const backOfficeHandlers: readonly Handler[] = [
  ...supplierHandlers,
  ...paymentMethodHandlers,
  ...baseConfigHandlers,
  ...financeHandlers,
  ...deviceHandlers,
];
