import { describe, expect, it } from 'vitest';
import { parOf, stockLevel, stockLines, weekdayOf } from './lines.js';

describe('stock levels against the weekday par', () => {
  it('calls a quantity low only when it is above zero and below a par above zero', () => {
    expect(stockLevel('3', '5')).toBe('low');
    expect(stockLevel('4.999', '5')).toBe('low');
    expect(stockLevel('0.001', '0.002')).toBe('low');
    expect(stockLevel('5', '5')).toBe('ok');
    expect(stockLevel('12.5', '5')).toBe('ok');
    expect(stockLevel('3', '0')).toBe('ok');
  });

  it('keeps zero and negative as their own states whatever the par', () => {
    expect(stockLevel('0', '5')).toBe('zero');
    expect(stockLevel('0.000', '0')).toBe('zero');
    expect(stockLevel('-1.5', '5')).toBe('negative');
    expect(stockLevel('-1.5', '0')).toBe('negative');
  });

  it('compares at the full precision of a quantity (12 digits and 3 decimals)', () => {
    expect(stockLevel('999999999999.998', '999999999999.999')).toBe('low');
    expect(stockLevel('999999999999.999', '999999999999.999')).toBe('ok');
  });

  it('treats text that is not a quantity as not low rather than guessing', () => {
    expect(stockLevel('3', 'lots')).toBe('ok');
  });

  it('reads today’s weekday from the local calendar, Monday to Sunday', () => {
    const week = [2, 3, 4, 5, 6, 7, 8].map((day) => weekdayOf(new Date(2026, 2, day, 0, 5)));
    expect(week).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    expect(weekdayOf(new Date(2026, 2, 4, 23, 59))).toBe('wed');
  });

  it('counts a missing weekday quantity as 0, the service’s default', () => {
    expect(parOf({ mon: '2' }, 'mon')).toBe('2');
    expect(parOf({ mon: null }, 'mon')).toBe('0');
    expect(parOf({}, 'sun')).toBe('0');
  });

  it('gives each line today’s par and level when the lines are built', () => {
    const rows = [
      { id: 's-1', itemId: 'i-1', warehouseId: 'w-1', stock_quantity: '2', price: '1', fri: '3', sat: '1' },
      { id: 's-2', itemId: 'i-2', warehouseId: 'w-1', stock_quantity: '2', price: '1', dateFrom: '2026-01-01T00:00:00.000Z' },
    ];
    const items = [
      { id: 'i-1', name: 'A' },
      { id: 'i-2', name: 'B' },
    ];
    const friday = stockLines(rows, items, '?', 'fri');
    expect(friday.map((line) => [line.todayPar, line.level])).toEqual([
      ['3', 'low'],
      ['0', 'ok'],
    ]);
    expect(stockLines(rows, items, '?', 'sat').map((line) => line.level)).toEqual(['ok', 'ok']);
    expect(friday.map((line) => line.dateFrom)).toEqual(['', '2026-01-01T00:00:00.000Z']);
    expect(friday[0]!.weekdays).toBe(rows[0]);
  });
});
