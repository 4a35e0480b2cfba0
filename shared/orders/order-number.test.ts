import { describe, expect, it } from 'vitest';
import { formatOrderNumber, isTillShaped, parseOrderNumber, tillLetters } from './order-number.js';

describe('sale numbers a cashier can say', () => {
  it('spells till numbers as letters without a zero letter', () => {
    expect([1, 2, 26, 27, 52, 53, 702, 703, 18_278].map(tillLetters)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'ZZZ',
    ]);
  });

  it('refuses till numbers it cannot spell', () => {
    for (const bad of [0, -1, 1.5, 18_279, Number.NaN]) expect(() => tillLetters(bad)).toThrow(RangeError);
  });

  it('reads back the numbers it writes', () => {
    expect(parseOrderNumber(formatOrderNumber('AB', 17))).toEqual({ letters: 'AB', counter: 17 });
    expect(parseOrderNumber('A-999999999')).toEqual({ letters: 'A', counter: 999_999_999 });
  });

  it('does not read malformed numbers', () => {
    for (const bad of ['a-1', 'A-0', 'A-017', 'AAAA-1', 'A-1000000000', 'A17', '-1', 'A-', ' A-1', 'A-1 '])
      expect(parseOrderNumber(bad)).toBeNull();
  });

  it('tells a till-shaped order_id from a reference client’s free text', () => {
    expect(isTillShaped('a-017')).toBe(true);
    expect(isTillShaped('A-17')).toBe(true);
    expect(isTillShaped('0190b5a4-7c1e-7000-8000-000000000001')).toBe(false);
    expect(isTillShaped('ORDER 5')).toBe(false);
  });
});
