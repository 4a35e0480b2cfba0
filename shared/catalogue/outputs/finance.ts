/** Output schemas of the finance operations: tax fees and discounts, each a percentage and/or an amount. */
import { id, many, money, percent, resource, text } from './kit.js';

const finance = { guid: text().nullable(), name: text(), id_automated_point: id().nullable() };

export const TaxFeeWire = resource({
  ...finance,
  tax_percent: percent().nullable(),
  fee_percent: percent().nullable(),
  tax_value: money().nullable(),
  fee_value: money().nullable(),
});

export const DiscountWire = resource({ ...finance, discount_percent: percent().nullable(), discount_value: money().nullable() });

export const financeOutputs = {
  FinanceController_createTaxFee: TaxFeeWire,
  FinanceController_findAllTaxFees: many(TaxFeeWire),
  FinanceController_updateTaxFee: TaxFeeWire,
  FinanceController_removeTaxFee: TaxFeeWire,
  FinanceController_createDiscount: DiscountWire,
  FinanceController_findAllDiscounts: many(DiscountWire),
  FinanceController_updateDiscount: DiscountWire,
  FinanceController_removeDiscount: DiscountWire,
} as const;
