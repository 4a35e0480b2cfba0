import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  parseWeightBarcodeLayout,
  PRICE_LAYOUT_HUNDREDTHS,
  PRICE_LAYOUT_WHOLE_SOM,
  WEIGHT_LAYOUT_5_DIGIT_CODE,
  WEIGHT_LAYOUT_6_DIGIT_CODE,
} from './weight-barcode-layout.js';

describe('weight and price barcode layouts', () => {
  it('reads the weight layouts with a 5- and a 6-digit item code', () => {
    expect(parseWeightBarcodeLayout(WEIGHT_LAYOUT_5_DIGIT_CODE)).toEqual({
      ok: true,
      layout: { text: 'PP CCCCC WWWWW K', codeStart: 2, codeLength: 5, valueStart: 7, valueLength: 5, measure: 'weight', priceDecimals: 0 },
    });
    expect(parseWeightBarcodeLayout(WEIGHT_LAYOUT_6_DIGIT_CODE)).toEqual({
      ok: true,
      layout: { text: 'PP CCCCCC WWWW K', codeStart: 2, codeLength: 6, valueStart: 8, valueLength: 4, measure: 'weight', priceDecimals: 0 },
    });
  });

  it('takes the price scale from the position of the point among the price digits', () => {
    const whole = parseWeightBarcodeLayout(PRICE_LAYOUT_WHOLE_SOM);
    const hundredths = parseWeightBarcodeLayout(PRICE_LAYOUT_HUNDREDTHS);
    expect(whole.ok && whole.layout).toMatchObject({ measure: 'price', valueStart: 7, valueLength: 5, priceDecimals: 0 });
    expect(hundredths.ok && hundredths.layout).toMatchObject({ measure: 'price', valueStart: 7, valueLength: 5, priceDecimals: 2 });
    const tenths = parseWeightBarcodeLayout('PPCCCCC$$$$.$K');
    expect(tenths.ok && tenths.layout).toMatchObject({ measure: 'price', valueLength: 5, priceDecimals: 1 });
  });

  it('refuses layouts that are not 13 digits, out of order, mixed, or finer than hundredths', () => {
    const problems = {
      'PP CCCCC WWWW K': 'must have 13 digit positions (an EAN-13), not 12',
      'PP CCCCC WWWWWW K': 'must have 13 digit positions (an EAN-13), not 14',
      'PP CCCCC $$.$$$ K': 'must have at most 2 price digits after the "."',
    };
    for (const [layout, problem] of Object.entries(problems)) {
      expect(parseWeightBarcodeLayout(layout)).toEqual({ ok: false, problem });
    }
    for (const shapeless of ['', 'P CCCCCC WWWWW K', 'PP WWWWW CCCCC K', 'PP CCCCC WW$$$ K', 'PP CCCCC WWW.WW K', 'PP CCCCC $$$$$.K', 'PP CCCCC $$.$.$ K', 'PP CCCCC WWWWW', 'pp ccccc wwwww k', 'PP CCCCC WWWWW K\n']) {
      const parsed = parseWeightBarcodeLayout(shapeless);
      expect(parsed.ok, shapeless).toBe(false);
      expect(!parsed.ok && parsed.problem).toMatch(/^must be written like/);
    }
  });

  it('never throws on arbitrary text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (text) => {
      expect(typeof parseWeightBarcodeLayout(text).ok).toBe('boolean');
    }), { seed: 17, numRuns: 500 });
  });
});
