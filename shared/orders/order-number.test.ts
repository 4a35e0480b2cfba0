import { describe, expect, it } from 'vitest';
import { formatOrderNumber, isTillShaped, parseOrderNumber, tillLetters, tillNumberOf, withSuffix } from './order-number.js';

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

  it('reads the till number back from its letters', () => {
    for (const number of [1, 2, 26, 27, 52, 53, 702, 703, 18_278]) expect(tillNumberOf(tillLetters(number))).toBe(number);
    for (const bad of ['', 'a', 'AAAA', 'A1']) expect(() => tillNumberOf(bad)).toThrow(RangeError);
  });

  it('refuses till numbers it cannot spell', () => {
    for (const bad of [0, -1, 1.5, 18_279, Number.NaN]) expect(() => tillLetters(bad)).toThrow(RangeError);
  });

  it('reads back the numbers it writes, with a copied till’s tag and the service’s suffix', () => {
    expect(parseOrderNumber(formatOrderNumber('AB', 17))).toEqual({ letters: 'AB', counter: 17 });
    expect(parseOrderNumber('A-999999999')).toEqual({ letters: 'A', counter: 999_999_999 });
    expect(formatOrderNumber('B', 17, 'K7Q')).toBe('B-17.K7Q');
    expect(parseOrderNumber('B-17.K7Q')).toEqual({ letters: 'B', counter: 17, tag: 'K7Q' });
    expect(parseOrderNumber(withSuffix('B-17', 2))).toEqual({ letters: 'B', counter: 17, suffix: 2 });
    expect(parseOrderNumber(withSuffix('B-17.K7Q', 12))).toEqual({ letters: 'B', counter: 17, tag: 'K7Q', suffix: 12 });
  });

  it('does not read malformed numbers', () => {
    for (const bad of ['a-1', 'A-0', 'A-017', 'AAAA-1', 'A-1000000000', 'A17', '-1', 'A-', ' A-1', 'A-1 ', 'A-1.k7q', 'A-1.K7', 'A-1.K7QQ', 'A-1/1', 'A-1/02', 'A-1/', 'A-1/2.K7Q'])
      expect(parseOrderNumber(bad)).toBeNull();
  });

  it('tells a till-shaped order_id from a reference client’s free text', () => {
    expect(isTillShaped('a-017')).toBe(true);
    expect(isTillShaped('A-17')).toBe(true);
    expect(isTillShaped('A-17.K7Q')).toBe(true);
    expect(isTillShaped('A-17.k7')).toBe(true);
    expect(isTillShaped('0190b5a4-7c1e-7000-8000-000000000001')).toBe(false);
    expect(isTillShaped('ORDER 5')).toBe(false);
  });
});
