import { describe, expect, it } from 'vitest';
import { MONEY } from '../../shared/decimal.js';
import { searchKey, showMoney, showQuantity, unitsOrUndefined } from './format.js';

describe('showing money and quantities', () => {
  it('groups digits and pads money to two places, from the text alone', () => {
    expect(showMoney('1234567.5')).toBe('1\u202f234\u202f567.50');
    expect(showMoney('0')).toBe('0.00');
    expect(showMoney('-125000.5')).toBe('−125\u202f000.50');
    // Beyond what a double holds exactly: still exact.
    expect(showMoney('999999999999999.99')).toBe('999\u202f999\u202f999\u202f999\u202f999.99');
  });

  it('shows quantities with only the decimals they have', () => {
    expect(showQuantity('37.5')).toBe('37.5');
    expect(showQuantity('1000')).toBe('1\u202f000');
    expect(showQuantity('-0.125')).toBe('−0.125');
  });

  it('shows text that is not a decimal as it is', () => {
    expect(showMoney('lots')).toBe('lots');
  });

  it('parses typed amounts exactly, accepting a decimal comma, and refuses what is not one', () => {
    expect(unitsOrUndefined('125000,50', MONEY)).toBe(12_500_050n);
    expect(unitsOrUndefined(' 0.1 ', MONEY)).toBe(10n);
    expect(unitsOrUndefined('1.005', MONEY)).toBeUndefined();
    expect(unitsOrUndefined('1e5', MONEY)).toBeUndefined();
    expect(unitsOrUndefined('', MONEY)).toBeUndefined();
  });

  it('matches searches without case or separators', () => {
    expect(searchKey('+998 (90) 123-45-67')).toBe('998901234567');
    expect(searchKey('Dilnoza YUSUPOVA')).toBe('dilnozayusupova');
  });
});
