import { describe, expect, it } from 'vitest';
import { MONEY, QUANTITY, unitsOf, type Quantity } from '../../../shared/decimal.js';
import { checkForm } from './refund-form.js';
import { chosenValue, everything, saleState, splitByMethods, type Sale, type SaleRefund } from './refund-plan.js';

const read = (text: string, kind: typeof MONEY | typeof QUANTITY) => {
  try {
    return unitsOf(text, kind);
  } catch {
    return undefined;
  }
};
const METHODS = [
  { id: 'cash', name: 'Cash', kind: 'CASH' as const },
  { id: 'card', name: 'Card', kind: 'CARD' as const },
];
/** 2 teas (20) and a coffee (20): 50 in cash with 15 change, 5 by card. */
const SALE = {
  id: 'o-1',
  order_id: 'A-1',
  subtotal: '40',
  total_sum: '40',
  total_change: '15',
  items: [
    { id: 'tea', item_id: 'tea', quantity: '2', subtotal: '20' },
    { id: 'coffee', item_id: 'coffee', quantity: '1', subtotal: '20' },
  ],
  payments: [
    { payment_type_id: 'cash', paid_sum: '50' },
    { payment_type_id: 'card', paid_sum: '5' },
  ],
} as unknown as Sale;
const refund = (lines: [string, string][], payments: [string, string][], total: string) =>
  ({
    total_sum: total,
    lines: lines.map(([order_line_id, quantity]) => ({ order_line_id, quantity })),
    payments: payments.map(([payment_type_id, amount]) => ({ payment_type_id, amount })),
  }) as unknown as SaleRefund;

describe('a refund on screen', () => {
  it('counts a cash method’s payments less the change it gave, less what refunds paid back', () => {
    const state = saleState(SALE, [refund([['tea', '1']], [['cash', '10']], '10')], METHODS);
    expect(state.methods.map((method) => [method.methodId, method.left])).toEqual([
      ['cash', 2500n],
      ['card', 500n],
    ]);
    expect(state.left.get('tea')).toBe(1000n);
    expect(state.fullyRefunded).toBe(false);
  });

  it('pays back all the cash a sale kept when the till recorded it the payment step’s way (paid = kept, change apart)', () => {
    // 35 cash kept of 50 handed over + 5 by card = 40; the 15 change is not in the payments, so nothing comes off.
    const tillWay = { ...SALE, payments: [{ payment_type_id: 'cash', paid_sum: '35' }, { payment_type_id: 'card', paid_sum: '5' }] } as unknown as Sale;
    expect(saleState(tillWay, [], METHODS).methods.map((method) => [method.methodId, method.left])).toEqual([
      ['cash', 3500n],
      ['card', 500n],
    ]);
    // The tendered way keeps the same 35.
    expect(saleState(SALE, [], METHODS).methods.map((method) => [method.methodId, method.left])).toEqual([
      ['cash', 3500n],
      ['card', 500n],
    ]);
  });

  it('offers the rest of the sale for everything left, split cash first then card', () => {
    const state = saleState(SALE, [refund([['tea', '1']], [['cash', '10']], '10')], METHODS);
    const all = everything(state);
    expect(chosenValue(state, all)).toBe(3000n);
    expect([...splitByMethods(state, chosenValue(state, all))]).toEqual([
      ['cash', 2500n],
      ['card', 500n],
    ]);
  });

  it('says, in the form’s terms, a line above what is left, a method above what it can pay back, and money that does not add up', () => {
    const state = saleState(SALE, [], METHODS);
    const names = new Map([['tea', 'Green tea']]);
    const form = (quantities: Record<string, string>, amounts: Record<string, string>) => ({ quantities, amounts, amountsEdited: true, reason: '' });
    const keys = (checked: ReturnType<typeof checkForm>) => (checked.ok ? [] : checked.problems.map((problem) => problem.key));
    expect(keys(checkForm(state, form({ tea: '3' }, {}), read, names))).toEqual(['sales.quantityTooMuch']);
    expect(keys(checkForm(state, form({ tea: '1' }, { card: '10' }), read, names))).toEqual(['sales.methodTooMuch']);
    expect(keys(checkForm(state, form({ tea: '1' }, { cash: '9' }), read, names))).toEqual(['sales.moneyMismatch']);
    expect(keys(checkForm(state, form({}, {}), read, names))).toEqual(['sales.noneChosen']);
    const good = checkForm(state, form({ tea: '1' }, { cash: '10' }), read, names);
    expect(good.ok && [...good.chosen]).toEqual([['tea', 1000n as Quantity]]);
  });
});
