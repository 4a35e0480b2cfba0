/** Finance: taxes/fees and discounts, the eight operations of the reference's `/finance` (§5.5). */
import type { CreateDiscountDto, CreateTaxFeeDto, UpdateDiscountDto, UpdateTaxFeeDto } from '../../shared/catalogue/finance.js';
import type { Handler } from '../operation.js';
import { lifeCycleHandlers } from '../resources/life-cycle-handlers.js';
import { financeResource } from './finance-resource.js';

export const taxFees = financeResource<CreateTaxFeeDto, UpdateTaxFeeDto>({
  table: 'tax_fees',
  label: 'Tax fee',
  percentFields: ['tax_percent', 'fee_percent'],
  moneyFields: ['tax_value', 'fee_value'],
});

export const discounts = financeResource<CreateDiscountDto, UpdateDiscountDto>({
  table: 'discounts',
  label: 'Discount',
  percentFields: ['discount_percent'],
  moneyFields: ['discount_value'],
});

export const financeHandlers: readonly Handler[] = [
  ...lifeCycleHandlers(taxFees, {
    create: 'FinanceController_createTaxFee',
    findAll: 'FinanceController_findAllTaxFees',
    update: 'FinanceController_updateTaxFee',
    remove: 'FinanceController_removeTaxFee',
  }),
  ...lifeCycleHandlers(discounts, {
    create: 'FinanceController_createDiscount',
    findAll: 'FinanceController_findAllDiscounts',
    update: 'FinanceController_updateDiscount',
    remove: 'FinanceController_removeDiscount',
  }),
];
