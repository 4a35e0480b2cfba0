import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { barcodeSpellings, classifyScannedCode, MAX_SCANNED_LENGTH } from './scanned-code.js';

describe('classifying a scan', () => {
  it('recognises EAN-13, EAN-8 and UPC-A by length and check digit, trimming the scanner suffix', () => {
    expect(classifyScannedCode('4006381333931\r\n')).toEqual({ kind: 'ean13', text: '4006381333931', ean13: '4006381333931', upcA: null });
    expect(classifyScannedCode('\t96385074\n')).toEqual({ kind: 'ean8', text: '96385074', ean13: null, upcA: null });
    expect(classifyScannedCode('036000291452\r')).toEqual({ kind: 'upca', text: '036000291452', ean13: '0036000291452', upcA: '036000291452' });
  });

  it('drops an AIM symbology identifier the scanner puts in front', () => {
    expect(classifyScannedCode(']E04006381333931\r')).toMatchObject({ kind: 'ean13', text: '4006381333931' });
    expect(classifyScannedCode(']E496385074')).toMatchObject({ kind: 'ean8', text: '96385074' });
    expect(classifyScannedCode(']C1SHOP-42')).toMatchObject({ kind: 'code128', text: 'SHOP-42' });
    expect(classifyScannedCode(']C1')).toMatchObject({ kind: 'code128', text: ']C1' });
    expect(classifyScannedCode('A]E0123')).toMatchObject({ kind: 'code128', text: 'A]E0123' });
  });

  it('reads an EAN-13 with a leading 0 as the UPC-A it also is', () => {
    const code = classifyScannedCode('0036000291452');
    expect(code).toEqual({ kind: 'ean13', text: '0036000291452', ean13: '0036000291452', upcA: '036000291452' });
    expect(barcodeSpellings(code)).toEqual(['0036000291452', '036000291452']);
    expect(barcodeSpellings(classifyScannedCode('036000291452'))).toEqual(['036000291452', '0036000291452']);
  });

  it('keeps anything else as Code 128 free text, with its inner spaces and separators', () => {
    expect(classifyScannedCode('  ABC-123 x\u001d9 \r\n')).toEqual({ kind: 'code128', text: 'ABC-123 x\u001d9', badCheckDigitFor: null });
    expect(classifyScannedCode('12345')).toEqual({ kind: 'code128', text: '12345', badCheckDigitFor: null });
  });

  it('marks digits of a GTIN length with a wrong check digit as a probable misread', () => {
    expect(classifyScannedCode('4006381333932')).toEqual({ kind: 'code128', text: '4006381333932', badCheckDigitFor: 'ean13' });
    expect(classifyScannedCode('96385075')).toEqual({ kind: 'code128', text: '96385075', badCheckDigitFor: 'ean8' });
    expect(classifyScannedCode('036000291453')).toEqual({ kind: 'code128', text: '036000291453', badCheckDigitFor: 'upca' });
  });

  it('answers empty for blank scans, suffix-only scans and values that are not text', () => {
    for (const blank of ['', '\r\n', ' \t ', null, undefined, 42, {}]) {
      expect(classifyScannedCode(blank)).toEqual({ kind: 'empty' });
      expect(barcodeSpellings(classifyScannedCode(blank))).toEqual([]);
    }
  });

  it('cuts an overlong scan to the limit without leaving trailing whitespace', () => {
    const code = classifyScannedCode(`${'A'.repeat(MAX_SCANNED_LENGTH - 1)} tail`);
    expect(code).toEqual({ kind: 'code128', text: 'A'.repeat(MAX_SCANNED_LENGTH - 1), badCheckDigitFor: null });
  });

  it('never throws and never returns text longer than the limit or with edge whitespace', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'binary' }), (raw) => {
        const code = classifyScannedCode(raw);
        if (code.kind === 'empty') return;
        expect(code.text.length).toBeGreaterThan(0);
        expect(code.text.length).toBeLessThanOrEqual(MAX_SCANNED_LENGTH);
        expect(code.text).toBe(code.text.trim());
      }),
      { seed: 14, numRuns: 200 },
    );
  });
});
