import { describe, expect, it } from 'vitest';
import { UnprintableValueError, printedDeduction, printedMoney, printedQuantity } from '../../../main/printing/money-text.js';
import { printedTime } from '../../../main/printing/printed-time.js';

describe('money and quantities on paper', () => {
  it("groups so'm thousands with spaces and prints no decimals for whole amounts", () => {
    expect(printedMoney('0')).toBe('0');
    expect(printedMoney('300')).toBe('300');
    expect(printedMoney('4500')).toBe('4 500');
    expect(printedMoney('1250000')).toBe('1 250 000');
    expect(printedMoney('1250000.00')).toBe('1 250 000');
  });

  it('prints two decimals only when the amount has a fraction', () => {
    expect(printedMoney('12500.5')).toBe('12 500.50');
    expect(printedMoney('4821.43')).toBe('4 821.43');
    expect(printedMoney('0.05')).toBe('0.05');
  });

  it('prints amounts beyond float precision exactly', () => {
    expect(printedMoney('999999999999999.99')).toBe('999 999 999 999 999.99');
    expect(printedMoney('123456789012345.67')).toBe('123 456 789 012 345.67');
  });

  it('prints negative amounts with a leading minus', () => {
    expect(printedMoney('-1250000.5')).toBe('-1 250 000.50');
  });

  it('prints deductions with a minus, except zero', () => {
    expect(printedDeduction('1500')).toBe('-1 500');
    expect(printedDeduction('0')).toBe('0');
  });

  it('refuses a malformed amount naming the field, instead of printing a wrong number', () => {
    expect(() => printedMoney('12,500', 'total')).toThrow(UnprintableValueError);
    expect(() => printedMoney('1e5', 'total')).toThrow(/total "1e5"/);
    expect(() => printedMoney('1.005', 'change')).toThrow(/change "1.005" must have at most 2 decimal places/);
  });

  it('prints quantities as entered, with thousands grouped and trailing zeros dropped', () => {
    expect(printedQuantity('2')).toBe('2');
    expect(printedQuantity('1.375')).toBe('1.375');
    expect(printedQuantity('0.500')).toBe('0.5');
    expect(printedQuantity('1500')).toBe('1 500');
    expect(() => printedQuantity('2.0001', 'lines[0].quantity')).toThrow(/lines\[0\].quantity/);
  });

  it("prints the till's local time as written, whatever the process's time zone", () => {
    expect(printedTime('2026-11-25T14:05:09+05:00')).toBe('25.11.2026 14:05:09');
    expect(printedTime('2026-01-02T03:04:05.678Z')).toBe('02.01.2026 03:04:05');
    expect(printedTime('2026-01-02 03:04')).toBe('02.01.2026 03:04:00');
    expect(() => printedTime('yesterday', 'soldAt')).toThrow(/soldAt "yesterday"/);
  });
});
