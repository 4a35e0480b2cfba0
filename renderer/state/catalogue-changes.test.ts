import { describe, expect, it } from 'vitest';
import { operationChangedCatalogue, syncChangedCatalogue } from './catalogue-changes.js';

describe('what moves the selling catalogue', () => {
  it('is a sync whose pull changed an item, a tax, a setting… or everything, not one that brought only sales', () => {
    expect(syncChangedCatalogue(['orders', 'order_lines', 'stock_levels', 'client_debts'])).toBe(false);
    expect(syncChangedCatalogue([])).toBe(false);
    expect(syncChangedCatalogue(['orders', 'items'])).toBe(true);
    expect(syncChangedCatalogue(['tax_fees'])).toBe(true);
    expect(syncChangedCatalogue(['*'])).toBe(true);
    // An older core does not say: re-read, as before.
    expect(syncChangedCatalogue(undefined)).toBe(true);
  });

  it('is an operation at the till on items, units, taxes, discounts or settings, never a sale or a refund', () => {
    expect(operationChangedCatalogue('ItemModifierController_createItem')).toBe(true);
    expect(operationChangedCatalogue('FinanceController_updateDiscount')).toBe(true);
    expect(operationChangedCatalogue('OrderController_create')).toBe(false);
    expect(operationChangedCatalogue('OrderRefundController_create')).toBe(false);
    expect(operationChangedCatalogue('SettlmentController_createCashMove')).toBe(false);
  });
});
