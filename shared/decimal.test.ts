import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MONEY, QUANTITY, formatDecimal, lineAmount, parseDecimal, sum, unitsOf, type Money, type Quantity } from './decimal.js';

const kinds = [MONEY, QUANTITY];

describe('decimal parsing and formatting', () => {
  it('parses canonical and padded forms into exact units', () => {
    expect(parseDecimal('12500.50', MONEY)).toEqual({ ok: true, units: 1250050n });
    expect(parseDecimal('-0.125', QUANTITY)).toEqual({ ok: true, units: -125n });
    expect(parseDecimal('007', MONEY)).toEqual({ ok: true, units: 700n });
    expect(parseDecimal('1.000', MONEY)).toEqual({ ok: true, units: 100n });
  });

  it('rejects text that is not a plain decimal number', () => {
    for (const bad of ['lots', '1e999', 'NaN', 'Infinity', '', ' 1', '1 ', '+1', '.5', '1.', '0x10', '1,5', '--1']) {
      expect(parseDecimal(bad, MONEY).ok, bad).toBe(false);
    }
  });

  it('rejects more decimal places than the kind keeps instead of rounding', () => {
    expect(parseDecimal('0.001', MONEY)).toEqual({ ok: false, problem: 'must have at most 2 decimal places' });
    expect(parseDecimal('0.0001', QUANTITY).ok).toBe(false);
  });

  it('rejects numbers with more integer digits than the kind allows', () => {
    expect(parseDecimal('1234567890123456', MONEY).ok).toBe(false);
    expect(parseDecimal('123456789012345', MONEY).ok).toBe(true);
  });

  it('formats canonically: no trailing zeros, no negative zero', () => {
    expect(formatDecimal(1250050n, MONEY)).toBe('12500.5');
    expect(formatDecimal(-5n, MONEY)).toBe('-0.05');
    expect(formatDecimal(0n, QUANTITY)).toBe('0');
    expect(formatDecimal(-0n, QUANTITY)).toBe('0');
    expect(formatDecimal(7000n, QUANTITY)).toBe('7');
  });

  it('round-trips every representable value: format then parse gives the same units', () => {
    for (const kind of kinds) {
      const limit = 10n ** BigInt(kind.maxIntegerDigits + kind.scale) - 1n;
      fc.assert(
        fc.property(fc.bigInt({ min: -limit, max: limit }), (units) => {
          expect(unitsOf(formatDecimal(units, kind), kind)).toBe(units);
        }),
        { seed: 42, numRuns: 2000 },
      );
    }
  });

  it('round-trips text: parse then format gives the canonical form of the same number', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.stringMatching(/^\d{1,12}$/), fc.stringMatching(/^\d{0,3}$/), (neg, int, frac) => {
        const text = `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
        const once = formatDecimal(unitsOf(text, QUANTITY), QUANTITY);
        expect(formatDecimal(unitsOf(once, QUANTITY), QUANTITY)).toBe(once);
        expect(Number(once)).toBeCloseTo(Number(text), 3);
      }),
      { seed: 7, numRuns: 2000 },
    );
  });

  it('D2: sums exactly where floats drift', () => {
    const tenths = Array.from({ length: 10 }, () => unitsOf('0.1', MONEY));
    expect(formatDecimal(sum(tenths), MONEY)).toBe('1');
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), { maxLength: 50 }), (values) => {
        const viaText = values.map((v) => unitsOf(formatDecimal(v, MONEY), MONEY));
        expect(sum(viaText)).toBe(values.reduce((a, b) => a + b, 0n));
      }),
      { seed: 3, numRuns: 500 },
    );
  });

  it('prices a line exactly, rounding half away from zero to a hundredth', () => {
    expect(formatDecimal(lineAmount(unitsOf('0.99', MONEY) as Money, unitsOf('1.5', QUANTITY) as Quantity), MONEY)).toBe('1.49');
    expect(formatDecimal(lineAmount(unitsOf('0.01', MONEY) as Money, unitsOf('0.5', QUANTITY) as Quantity), MONEY)).toBe('0.01');
    expect(formatDecimal(lineAmount(unitsOf('-0.01', MONEY) as Money, unitsOf('0.5', QUANTITY) as Quantity), MONEY)).toBe('-0.01');
  });
});
