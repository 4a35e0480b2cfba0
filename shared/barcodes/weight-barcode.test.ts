import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMoney, formatQuantity } from '../decimal.js';
import { gtinCheckDigit, withCheckDigit } from './check-digit.js';
import { readWeightLabel } from './weight-barcode.js';
import { PRICE_LAYOUT_HUNDREDTHS, PRICE_LAYOUT_WHOLE_SOM, WEIGHT_LAYOUT_5_DIGIT_CODE, WEIGHT_LAYOUT_6_DIGIT_CODE } from './weight-barcode-layout.js';
import { DEFAULT_WEIGHT_BARCODE_SETTINGS, WeightBarcodeSettings } from './weight-barcode-settings.js';

// One prefix per layout, so a generated label's prefix tells which layout it follows.
const settings = WeightBarcodeSettings.parse({
  rules: [
    { prefixes: ['20', '21', '22'], layout: WEIGHT_LAYOUT_5_DIGIT_CODE },
    { prefixes: ['23'], layout: WEIGHT_LAYOUT_6_DIGIT_CODE },
    { prefixes: ['24', '25'], layout: PRICE_LAYOUT_WHOLE_SOM },
    { prefixes: ['26'], layout: PRICE_LAYOUT_HUNDREDTHS },
    { prefixes: ['27'], layout: 'PP CCCC $$$$$.$ K' },
  ],
});
/** prefix → [code digits, value digits, price decimals (null for weight)] */
const shapes: Record<string, [number, number, number | null]> = {
  '20': [5, 5, null], '21': [5, 5, null], '22': [5, 5, null], '23': [6, 4, null], '24': [5, 5, 0], '25': [5, 5, 0], '26': [5, 5, 2], '27': [4, 6, 1],
};

const digits = (length: number) => fc.stringMatching(new RegExp(`^\\d{${length}}$`));
const generatedLabel = fc.constantFrom(...Object.keys(shapes)).chain((prefix) => {
  const [codeLength, valueLength, decimals] = shapes[prefix] ?? [0, 0, null];
  return fc.record({ prefix: fc.constant(prefix), code: digits(codeLength), value: digits(valueLength), decimals: fc.constant(decimals) });
});

describe('reading weight and price labels', () => {
  it('reads 435 grams of item 00123 as exactly 0.435 kg', () => {
    const barcode = withCheckDigit('220012300435');
    expect(readWeightLabel(`${barcode}\r\n`, DEFAULT_WEIGHT_BARCODE_SETTINGS)).toEqual({
      ok: true,
      label: { barcode, prefix: '22', itemCode: '00123', measure: 'weight', quantity: '0.435', quantityUnits: 435n },
    });
    const heavy = readWeightLabel(withCheckDigit('231234561250'), settings);
    expect(heavy.ok && heavy.label).toMatchObject({ itemCode: '123456', quantity: '1.25' });
  });

  it('reads the price with the scale its layout gives', () => {
    const whole = readWeightLabel(withCheckDigit('240001212500'), settings);
    expect(whole.ok && whole.label).toMatchObject({ measure: 'price', itemCode: '00012', price: '12500', priceUnits: 1250000n });
    const hundredths = readWeightLabel(withCheckDigit('260001212505'), settings);
    expect(hundredths.ok && hundredths.label).toMatchObject({ measure: 'price', price: '125.05', priceUnits: 12505n });
    const tenths = readWeightLabel(withCheckDigit('270012000005'), settings);
    expect(tenths.ok && tenths.label).toMatchObject({ itemCode: '0012', price: '0.5', priceUnits: 50n });
  });

  it('round-trips any valid generated label to its item code and weight or price', () => {
    fc.assert(
      fc.property(generatedLabel, ({ prefix, code, value, decimals }) => {
        const read = readWeightLabel(withCheckDigit(`${prefix}${code}${value}`), settings);
        expect(read.ok).toBe(true);
        if (!read.ok) return;
        expect(read.label.itemCode).toBe(code);
        if (decimals === null) {
          expect(read.label).toMatchObject({ measure: 'weight', quantity: formatQuantity(BigInt(value)), quantityUnits: BigInt(value) });
        } else {
          const priceUnits = BigInt(value) * 10n ** BigInt(2 - decimals);
          expect(read.label).toMatchObject({ measure: 'price', price: formatMoney(priceUnits), priceUnits });
        }
      }),
      { seed: 15, numRuns: 500 },
    );
  });

  it('refuses any label whose check digit is wrong', () => {
    fc.assert(
      fc.property(generatedLabel, fc.integer({ min: 1, max: 9 }), ({ prefix, code, value }, shift) => {
        const data = `${prefix}${code}${value}`;
        const wrong = (gtinCheckDigit(data) + shift) % 10;
        expect(readWeightLabel(`${data}${wrong}`, settings)).toEqual({ ok: false, reason: 'bad-check-digit' });
      }),
      { seed: 16, numRuns: 500 },
    );
  });

  it('leaves ordinary product codes and prefixes without a rule alone', () => {
    expect(readWeightLabel('4006381333931', DEFAULT_WEIGHT_BARCODE_SETTINGS)).toEqual({ ok: false, reason: 'not-a-weight-prefix' });
    expect(readWeightLabel(withCheckDigit('280012300435'), settings)).toEqual({ ok: false, reason: 'not-a-weight-prefix' });
    expect(readWeightLabel(withCheckDigit('220012300435'), WeightBarcodeSettings.parse({ rules: [] }))).toEqual({ ok: false, reason: 'not-a-weight-prefix' });
  });

  it('answers not-ean13 for anything that is not 13 digits, without throwing', () => {
    for (const odd of ['', '22001230043', '2200123004350X', '96385074', 'ABC', '22 0012300435']) {
      expect(readWeightLabel(odd, settings)).toEqual({ ok: false, reason: 'not-ean13' });
    }
    fc.assert(fc.property(fc.string({ maxLength: 20 }), (text) => {
      expect(typeof readWeightLabel(text, settings).ok).toBe('boolean');
    }), { seed: 18, numRuns: 500 });
  });
});
