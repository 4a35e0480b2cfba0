import { describe, expect, it } from 'vitest';
import { formatReal, reportRow } from './results.js';

describe('reporting results', () => {
  it('prints doubles with the digits a double holds, in plain notation', () => {
    expect(formatReal(0.1 + 0.2)).toBe('0.3');
    expect(formatReal(12500.5)).toBe('12500.5');
    expect(formatReal(125)).toBe('125');
    expect(formatReal(-0.0000001)).toBe('-0.0000001');
    expect(formatReal(1.5e21)).toBe('1500000000000000000000');
    expect(formatReal(-0)).toBe('0');
    expect(formatReal(1234567890123.45)).toBe('1234567890123.45');
  });

  it('keeps integers as numbers while they are safe, as strings beyond, and never sends a float', () => {
    const row = reportRow(
      {
        n: 3n,
        big: 9007199254740993n,
        pg: 7,
        real: 0.5,
        whole: 2.0,
        text: '12.50',
        when: new Date('2026-01-02T03:04:05.000Z'),
        flag: true,
        none: null,
        list: [1n, 0.25],
      },
      'postgres',
    );
    expect(row).toEqual({
      n: 3,
      big: '9007199254740993',
      pg: 7,
      real: '0.5',
      whole: 2,
      text: '12.50',
      when: '2026-01-02T03:04:05.000Z',
      flag: true,
      none: null,
      list: [1, '0.25'],
    });
  });

  it('prints every SQLite REAL as a decimal string, whole or not (money is REAL there)', () => {
    expect(reportRow({ total: 126.0, n: 1n }, 'sqlite')).toEqual({ total: '126', n: 1 });
  });
});
