import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gtinCheckDigit, isValidEan13, isValidEan8, isValidUpcA, withCheckDigit } from './check-digit.js';

describe('GTIN check digits', () => {
  it('accepts real published codes of each symbology', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4780000000007')).toBe(true);
    expect(isValidEan8('96385074')).toBe(true);
    expect(isValidUpcA('036000291452')).toBe(true);
  });

  it('matches a UPC-A code as the EAN-13 with a leading 0', () => {
    expect(isValidEan13('0036000291452')).toBe(true);
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11}$/), (data) => {
        const upc = withCheckDigit(data);
        expect(isValidUpcA(upc)).toBe(true);
        expect(isValidEan13(`0${upc}`)).toBe(true);
      }),
      { seed: 11, numRuns: 500 },
    );
  });

  it('refuses a code whose last digit is not its check digit', () => {
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan8('96385075')).toBe(false);
    expect(isValidUpcA('036000291453')).toBe(false);
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), fc.integer({ min: 1, max: 9 }), (data, shift) => {
        const wrong = (gtinCheckDigit(data) + shift) % 10;
        expect(isValidEan13(`${data}${wrong}`)).toBe(false);
      }),
      { seed: 12, numRuns: 500 },
    );
  });

  it('refuses wrong lengths, letters, signs and spaces without throwing', () => {
    for (const odd of ['', '400638133393', '40063813339311', '400638133393a', '-006381333931', ' 4006381333931', '٤٠٠٦٣٨١٣٣٣٩٣١']) {
      expect(isValidEan13(odd)).toBe(false);
    }
    expect(isValidEan8('9638507')).toBe(false);
    expect(isValidUpcA('36000291452')).toBe(false);
  });
});
