import { describe, expect, it } from 'vitest';
import { readDecimal, showDecimal } from './numbers.js';

describe('money and percentages in the console', () => {
  it('show a decimal string grouped the language’s way without passing through a float', () => {
    expect(showDecimal('12500.5', 'en')).toBe('12,500.5');
    expect(showDecimal('12500.5', 'ru')).toBe('12\u00a0500,5');
    expect(showDecimal('98765432109876543.21', 'uz')).toBe('98\u00a0765\u00a0432\u00a0109\u00a0876\u00a0543,21');
    expect(showDecimal('-1000', 'en')).toBe('-1,000');
    expect(showDecimal(null, 'en')).toBe('');
  });

  it('read what the owner typed in any language as the service’s decimal string', () => {
    expect(readDecimal(' 1 200,50 ', 'ru')).toBe('1200.50');
    expect(readDecimal('1\u00a0200,5', 'uz')).toBe('1200.5');
    expect(readDecimal('12.5', 'ru')).toBe('12.5');
    expect(readDecimal('1,250.5', 'en')).toBe('1250.5');
    expect(readDecimal('1 250.5', 'en')).toBe('1250.5');
    // Not a number in any language: left for the service to refuse, naming the field.
    expect(readDecimal('abc', 'en')).toBe('abc');
    expect(readDecimal('1,2,3', 'ru')).toBe('1.2,3');
  });
});
