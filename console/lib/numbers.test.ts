import { describe, expect, it } from 'vitest';
import { decimalForInput, readDecimal, retypeDecimal, showDecimal, showRate } from './numbers.js';

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

  it('never read a decimal comma in en as a thousands separator: "12,5" is left for the service to refuse, not sent as 125', () => {
    expect(readDecimal('12,5', 'en')).toBe('12,5');
    expect(readDecimal('1,25', 'en')).toBe('1,25');
    expect(readDecimal('12,500', 'en')).toBe('12500');
    expect(readDecimal('-1,234,567.891', 'en')).toBe('-1234567.891');
  });

  it('put a stored amount into an input the language’s way, and read it back to exactly the stored string', () => {
    for (const language of ['uz', 'ru', 'en'] as const) {
      for (const stored of ['1250.5', '0.01', '98765432109876543.21', '-7', '12.50']) {
        expect(readDecimal(decimalForInput(stored, language), language)).toBe(stored);
      }
    }
    expect(decimalForInput('1250.5', 'ru')).toBe('1\u00a0250,5');
    expect(decimalForInput('1250.5', 'en')).toBe('1,250.5');
    expect(decimalForInput(null, 'uz')).toBe('');
  });

  it('re-write what was typed when the language switches mid-edit, so nothing is read by the wrong conventions', () => {
    expect(retypeDecimal('1 250,5', 'ru', 'en')).toBe('1,250.5');
    expect(readDecimal(retypeDecimal('1 250,5', 'ru', 'en'), 'en')).toBe('1250.5');
    expect(retypeDecimal('1,250.5', 'en', 'uz')).toBe('1\u00a0250,5');
    expect(retypeDecimal('12,5', 'uz', 'en')).toBe('12.5');
    // Not a number where it was typed: left alone for the service to refuse.
    expect(retypeDecimal('12,5,1', 'ru', 'en')).toBe('12,5,1');
    expect(retypeDecimal('', 'ru', 'en')).toBe('');
  });

  it('show a rate as its percentage, its amount, or both', () => {
    expect(showRate('12.5', null, 'ru')).toBe('12,5\u00a0%');
    expect(showRate(null, '1250.5', 'en')).toBe('1,250.5');
    expect(showRate('12', '1000', 'uz')).toBe('12\u00a0% + 1\u00a0000');
    expect(showRate(null, null, 'en')).toBe('');
  });
});
