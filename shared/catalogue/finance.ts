/** Finance operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, money, percent, requiredText, text } from '../schema-kit.js';
import { operation } from './operation.js';

export const CreateTaxFeeDto = dto({
  guid: text().nullish(),
  name: requiredText(),
  tax_percent: percent().nullish(),
  tax_value: money().nullish(),
  fee_percent: percent().nullish(),
  fee_value: money().nullish(),
  id_automated_point: text().nullish(),
});
export type CreateTaxFeeDto = z.output<typeof CreateTaxFeeDto>;

export const UpdateTaxFeeDto = dto({
  guid: text().nullish(),
  name: text().nullish(),
  tax_percent: percent().nullish(),
  tax_value: money().nullish(),
  fee_percent: percent().nullish(),
  fee_value: money().nullish(),
  id_automated_point: text().nullish(),
});
export type UpdateTaxFeeDto = z.output<typeof UpdateTaxFeeDto>;

export const CreateDiscountDto = dto({
  guid: text().nullish(),
  name: requiredText(),
  discount_percent: percent().nullish(),
  discount_value: money().nullish(),
  id_automated_point: text().nullish(),
});
export type CreateDiscountDto = z.output<typeof CreateDiscountDto>;

export const UpdateDiscountDto = dto({
  guid: text().nullish(),
  name: text().nullish(),
  discount_percent: percent().nullish(),
  discount_value: money().nullish(),
  id_automated_point: text().nullish(),
});
export type UpdateDiscountDto = z.output<typeof UpdateDiscountDto>;

export const financeOperations = [
  operation({ operationId: 'FinanceController_createTaxFee', method: 'POST', path: '/finance/taxes/create', tag: 'Finance', body: CreateTaxFeeDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CATALOGUE', offline: 'descriptive' }),
  operation({ operationId: 'FinanceController_findAllTaxFees', method: 'GET', path: '/finance/taxes/all', tag: 'Finance', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'FinanceController_updateTaxFee', method: 'PATCH', path: '/finance/taxes/update/{id}', tag: 'Finance', body: UpdateTaxFeeDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CATALOGUE', offline: 'descriptive' }),
  operation({ operationId: 'FinanceController_removeTaxFee', method: 'DELETE', path: '/finance/taxes/delete/{id}', tag: 'Finance', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CATALOGUE', offline: 'delete' }),
  operation({ operationId: 'FinanceController_createDiscount', method: 'POST', path: '/finance/discounts/create', tag: 'Finance', body: CreateDiscountDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'DISCOUNTS', offline: 'descriptive' }),
  operation({ operationId: 'FinanceController_findAllDiscounts', method: 'GET', path: '/finance/discounts/all', tag: 'Finance', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'FinanceController_updateDiscount', method: 'PATCH', path: '/finance/discounts/update/{id}', tag: 'Finance', body: UpdateDiscountDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'DISCOUNTS', offline: 'descriptive' }),
  operation({ operationId: 'FinanceController_removeDiscount', method: 'DELETE', path: '/finance/discounts/delete/{id}', tag: 'Finance', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'DISCOUNTS', offline: 'delete' }),
] as const;
