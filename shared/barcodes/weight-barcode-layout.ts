/**
 * The layout of an in-store weight or price label (GS1 restricted-circulation EAN-13, prefixes 20–29), written the
 * way scale manuals print it, so a shop can copy it from its scale's settings page:
 *   `PP CCCCC WWWWW K`   prefix, 5-digit item code, weight in grams, check digit
 *   `PP CCCCCC WWWW K`   the 6-digit-code variant (weights up to 9.999 kg)
 *   `PP CCCCC $$$$$ K`   item code and the label's price in whole so'm
 *   `PP CCCCC $$$.$$ K`  the same in hundredths: a `.` among the `$` digits places the decimal point (it takes
 *                        no digit of the barcode), so the price's scale is part of the layout
 * Spaces are ignored. Exactly 13 digit positions; the prefix, code, value and check digit come in that order.
 */

export type WeightBarcodeMeasure = 'weight' | 'price';

export interface WeightBarcodeLayout {
  /** The layout as written, for messages and for storing back. */
  readonly text: string;
  readonly codeStart: number;
  readonly codeLength: number;
  readonly valueStart: number;
  readonly valueLength: number;
  /** `weight`: the value is grams. `price`: the value is money with `priceDecimals` digits after the point. */
  readonly measure: WeightBarcodeMeasure;
  readonly priceDecimals: number;
}

export type LayoutParse = { ok: true; layout: WeightBarcodeLayout } | { ok: false; problem: string };

export const WEIGHT_LAYOUT_5_DIGIT_CODE = 'PP CCCCC WWWWW K';
export const WEIGHT_LAYOUT_6_DIGIT_CODE = 'PP CCCCCC WWWW K';
export const PRICE_LAYOUT_WHOLE_SOM = 'PP CCCCC $$$$$ K';
export const PRICE_LAYOUT_HUNDREDTHS = 'PP CCCCC $$$.$$ K';

// Prefix (2), code run, value run (weight digits, or price digits with at most one point), check digit.
const LAYOUT_SHAPE = /^PP(C+)(W+|\$*\.?\$+)K$/;
const EAN13_LENGTH = 13;
/** Money keeps hundredths (shared/decimal.ts MONEY), so a label cannot carry finer prices. */
const MAX_PRICE_DECIMALS = 2;

const SHAPE_PROBLEM =
  'must be written like "PP CCCCC WWWWW K" or "PP CCCCC $$$.$$ K": PP prefix, C item code digits, W weight digits ' +
  '(grams) or $ price digits (with an optional "." for the decimal point), K check digit';

/** Reads a layout, or says what is wrong with it. Never throws. */
export function parseWeightBarcodeLayout(text: string): LayoutParse {
  const compact = text.replace(/ /g, '');
  const match = LAYOUT_SHAPE.exec(compact);
  if (!match) return { ok: false, problem: SHAPE_PROBLEM };
  const [, code = '', value = ''] = match;
  const valueDigits = value.replace('.', '');
  const digitCount = 2 + code.length + valueDigits.length + 1;
  if (digitCount !== EAN13_LENGTH) {
    return { ok: false, problem: `must have 13 digit positions (an EAN-13), not ${digitCount}` };
  }
  const point = value.indexOf('.');
  const priceDecimals = point === -1 ? 0 : value.length - point - 1;
  if (priceDecimals > MAX_PRICE_DECIMALS) {
    return { ok: false, problem: `must have at most ${MAX_PRICE_DECIMALS} price digits after the "."` };
  }
  return {
    ok: true,
    layout: {
      text,
      codeStart: 2,
      codeLength: code.length,
      valueStart: 2 + code.length,
      valueLength: valueDigits.length,
      measure: value.startsWith('W') ? 'weight' : 'price',
      priceDecimals,
    },
  };
}
