/** The shift keypad's typing rules and the exact over/short of a count (no floats). */
import { describe, expect, it } from 'vitest';
import { overShort, pressKey, toneOf, type KeypadKey } from './money-entry.js';

const press = (keys: KeypadKey[], sign = ',') => keys.reduce((text, key) => pressKey(text, key, sign), '');

describe('the shift keypad', () => {
  it('types whole sums and drops leading zeros', () => {
    expect(press(['0', '0', '5', '00', '0'])).toBe('5000');
    expect(press(['0', '00'])).toBe('0');
  });

  it('takes one decimal sign, in the language, and at most two decimals', () => {
    expect(press(['1', 'decimal', '5', '0', '9', 'decimal'])).toBe('1,50');
    expect(press(['decimal', '5'], '.')).toBe('0.5');
    expect(press(['7', 'decimal', '00', '00'])).toBe('7,00');
    expect(press(['7', 'decimal', '1', '00'])).toBe('7,10');
  });

  it('erases the last key and clears everything', () => {
    expect(press(['1', '2', 'back'])).toBe('1');
    expect(press(['1', '2', 'clear'])).toBe('');
  });
});

describe('over and short', () => {
  it('is the count minus what is expected, exactly', () => {
    expect(overShort('59200', '59239.5')).toEqual({ amount: '-39.5', tone: 'short' });
    expect(overShort('100.01', '100')).toEqual({ amount: '0.01', tone: 'over' });
    expect(overShort('0.1', '0.10')).toEqual({ amount: '0', tone: 'exact' });
    // 0.1 + 0.2 is where floats go wrong; units do not.
    expect(overShort('0.3', '0.3')).toEqual({ amount: '0', tone: 'exact' });
  });

  it('says nothing for an unfinished or wrong count', () => {
    expect(overShort(undefined, '1')).toBeUndefined();
    expect(overShort('1.234', '1')).toBeUndefined();
  });

  it('reads the tone of a stored difference', () => {
    expect(toneOf('-0.01')).toBe('short');
    expect(toneOf('0')).toBe('exact');
    expect(toneOf('12')).toBe('over');
  });
});
