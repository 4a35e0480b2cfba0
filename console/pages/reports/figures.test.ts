/**
 * The reports' own arithmetic and queries, without a service: shift over/short and average receipts exactly, the
 * quick ranges, the low-stock query only ever holding a checked number and id, and warnings read from Log entries.
 */
import { describe, expect, it } from 'vitest';
import { averageReceipt, sharesOf, sumMoney } from './sales-figures.js';
import { quickChoiceOf, quickRange, rangeInstants } from './range.js';
import { shiftsIn, summarizeShift, type Shift } from './shifts.js';
import { lowStockQuery, stockThreshold } from './stock-query.js';
import { namesQuery, warningRow } from './warnings.js';

const shift = (extra: Partial<Shift> = {}): Shift => ({
  id: 's1',
  name: 'Morning',
  workplace_id: 'w1',
  is_closed: true,
  dt_created: '2026-11-25T04:00:00.000Z',
  dt_closed: '2026-11-25T16:00:00.000Z',
  totals: [
    { payment_method_id: 'cash', name: 'Cash', paid_sum: '1000.10', refunded_sum: '5', payment_count: 3 },
    { payment_method_id: 'card', name: 'Card', paid_sum: '0.2', refunded_sum: '0', payment_count: 1 },
  ],
  ...extra,
});

describe('sales figures', () => {
  it('averages a receipt exactly, rounding half away from zero to a hundredth', () => {
    expect(averageReceipt({ count: 3, sum: '10' })).toBe('3.33');
    expect(averageReceipt({ count: 2, sum: '0.05' })).toBe('0.03');
    expect(averageReceipt({ count: 3, sum: '100000000000000.01' })).toBe('33333333333333.34');
    expect(averageReceipt({ count: 0, sum: '0' })).toBe('0');
  });

  it('sums money strings with no float in between (0.1 + 0.2 is 0.3)', () => {
    expect(sumMoney(['0.1', '0.2'])).toBe('0.3');
    expect(sumMoney(['119999999999999.93', '0.07', '-20'])).toBe('119999999999980');
    expect(sharesOf(['1', '1', '2'])).toEqual([25, 25, 50]);
    expect(sharesOf(['0'])).toEqual([0]);
  });
});

describe('shifts', () => {
  it('sums what a closed shift took and shows the cash expected, counted and over/short the shift recorded', () => {
    // The shift's own expected cash counts what the totals cannot: opening cash, cash moves, cash refunds.
    const closed = shift({ opening_cash: '200', counted_cash: '1199.90', expected_cash: '1250.10', over_short: '-50.20' });
    expect(summarizeShift(closed)).toEqual({
      taken: '1000.3',
      refunded: '5',
      payments: 4,
      cashExpected: '1250.1',
      cashCounted: '1199.9',
      overShort: '-50.2',
      counts: [],
    });
    expect(summarizeShift(shift({ expected_cash: '1000', counted_cash: '1000.15', over_short: '0.15' })).overShort).toBe('0.15');
  });

  it('shows no cash figures where the shift recorded none, never one guessed from its totals', () => {
    expect(summarizeShift(shift())).toMatchObject({ taken: '1000.3', cashExpected: null, cashCounted: null, overShort: null });
    expect(summarizeShift(shift({ opening_cash: '200', counted_cash: '1199.90' }))).toMatchObject({ cashExpected: null, overShort: null });
  });

  it('shows an open shift’s figures so far with its expected cash, and nothing counted yet', () => {
    const open = shift({ is_closed: false, dt_closed: null, totals: null, opening_cash: '100', counted_cash: null });
    expect(summarizeShift(open)).toMatchObject({ taken: '0', payments: 0, cashExpected: null, overShort: null });
    const running = { settlement_id: 's1', totals: [{ payment_method_id: 'cash', name: 'Cash', paid_sum: '95000', refunded_sum: '0', payment_count: 2 }], expected_cash: '95100' };
    expect(summarizeShift(open, running)).toEqual({ taken: '95000', refunded: '0', payments: 2, cashExpected: '95100', cashCounted: null, overShort: null, counts: [] });
  });

  it('lists both counts of a shift closed at the office and at its till, the shift’s own first', () => {
    const twice = shift({
      counted_cash: '1200',
      expected_cash: '1200',
      over_short: '0',
      cash_counts: [
        { source: 'office', counted_cash: '1200.00' },
        { source: 'till', counted_cash: '1190' },
      ],
    });
    expect(summarizeShift(twice)).toMatchObject({ cashCounted: '1200', overShort: '0', counts: [{ source: 'office', counted: '1200' }, { source: 'till', counted: '1190' }] });
    expect(summarizeShift(shift({ counted_cash: '1200', cash_counts: [{ source: 'till', counted_cash: '1200' }] })).counts).toEqual([]);
  });

  it('keeps the shifts opened within the range, newest first', () => {
    const list = [shift({ id: 'a', dt_created: '2026-11-25T04:00:00.000Z' }), shift({ id: 'b', dt_created: '2026-11-25T09:00:00.000Z' }), shift({ id: 'c', dt_created: '2026-11-26T00:00:00.000Z' })];
    const start = Date.parse('2026-11-25T00:00:00.000Z');
    expect(shiftsIn(list, start, start + 86_400_000).map((s) => s.id)).toEqual(['b', 'a']);
  });
});

describe('ranges', () => {
  const now = new Date(2026, 10, 25, 15, 30);
  it('gives today, yesterday, the last 7 days and this month in the local calendar', () => {
    expect(quickRange('today', now)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(quickRange('yesterday', now)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(quickRange('week', now)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(quickRange('month', now)).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(quickRange('yesterday', new Date(2026, 0, 1, 9))).toEqual({ from: '2025-12-31', to: '2025-12-31' });
    expect(quickChoiceOf({ from: '2026-11-19', to: '2026-11-25' }, now)).toBe('week');
    expect(quickChoiceOf({ from: '2026-11-18', to: '2026-11-25' }, now)).toBeUndefined();
  });

  it('covers whole local days', () => {
    const { start, end } = rangeInstants({ from: '2026-11-25', to: '2026-11-26' });
    expect(new Date(start).getDate()).toBe(25);
    expect(new Date(end).getDate()).toBe(27);
    expect(new Date(end).getHours()).toBe(0);
  });
});

describe('the low-stock query', () => {
  it('takes a quantity in the service’s form and refuses anything else', () => {
    expect(stockThreshold('5')).toBe('5');
    expect(stockThreshold('2.500')).toBe('2.5');
    expect(stockThreshold('-1')).toBe('-1');
    expect(stockThreshold('1e3')).toBeNull();
    expect(stockThreshold("5; drop table x")).toBeNull();
    expect(stockThreshold('0.0001')).toBeNull();
  });

  it('writes only the checked number and id into the SQL', () => {
    const sql = lowStockQuery('2.50', 'w-1');
    expect(sql).toContain('s.stock_quantity <= 2.5 and s."warehouseId" = \'w-1\'');
    expect(sql).toContain('limit 1001');
    expect(() => lowStockQuery('1 or 1=1', null)).toThrow();
    expect(() => lowStockQuery('5', "x' or '1'='1")).toThrow();
  });
});

describe('warnings', () => {
  const details = {
    operation: 'OrderController_create',
    occurredAt: '2026-11-25T10:00:00.000Z',
    workplaceId: 'w1',
    employeeId: 'e1',
    warning: { code: 'STOCK_BELOW_ZERO', itemId: 'i-1', warehouseId: 'h1', quantity: '-3' },
  };

  it('reads a sync warning’s entry: what, when at the till, where, by whom', () => {
    expect(warningRow({ id: 'l1', action: 'STOCK_BELOW_ZERO', details: JSON.stringify(details), dt_created: '2026-11-25T11:00:00.000Z' })).toEqual({
      id: 'l1',
      code: 'STOCK_BELOW_ZERO',
      at: '2026-11-25T10:00:00.000Z',
      workplaceId: 'w1',
      employeeId: 'e1',
      itemId: 'i-1',
      warehouseId: 'h1',
      clientId: null,
      quantity: '-3',
      balance: null,
      limit: null,
    });
  });

  it('shows a hand-written entry that is not JSON by its action and time', () => {
    expect(warningRow({ id: 'l2', action: 'CUSTOM', details: 'free text', dt_created: '2026-11-25T11:00:00.000Z' })).toMatchObject({ code: 'CUSTOM', at: '2026-11-25T11:00:00.000Z', itemId: null });
  });

  it('asks /get for the names of the items and clients named, ids checked, once each', () => {
    const row = warningRow({ id: 'l1', action: 'x', details: JSON.stringify(details), dt_created: '' });
    const credit = warningRow({ id: 'l3', action: 'x', details: JSON.stringify({ warning: { code: 'CREDIT_LIMIT_EXCEEDED', clientId: "c'1" } }), dt_created: '' });
    expect(namesQuery([row, row, credit])).toBe(`select id, name from "S_Item" where id in ('i-1')`);
    expect(namesQuery([])).toBeNull();
  });
});
