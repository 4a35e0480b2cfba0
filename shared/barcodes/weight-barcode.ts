/**
 * Reads an in-store weight or price label: an EAN-13 whose prefix the business's settings name, carrying an item
 * code and either the weight in grams or the label's price. Textual and bigint only: a weight becomes an exact
 * kilogram quantity ("0.435"), a price an exact money amount ("12500.5"), never a float. A label with a wrong
 * check digit is refused here, because a misread weight digit would sell the wrong amount without anyone noticing.
 */
import { formatDecimal, MONEY, QUANTITY, type Money, type Quantity } from '../decimal.js';
import { isValidEan13 } from './check-digit.js';
import { trimScannerNoise } from './scanned-code.js';
import { ruleForPrefix, type WeightBarcodeSettings } from './weight-barcode-settings.js';

interface LabelCommon {
  readonly barcode: string;
  readonly prefix: string;
  /** The item code as printed, leading zeros kept (a scale's PLU "00123" is not "123" to every catalogue). */
  readonly itemCode: string;
}

export type WeightLabel =
  /** `quantity` in kilograms with up to 3 decimals; `quantityUnits` in thousandths (grams). */
  | (LabelCommon & { readonly measure: 'weight'; readonly quantity: string; readonly quantityUnits: Quantity })
  /** `price` as exact money text; `priceUnits` in hundredths. */
  | (LabelCommon & { readonly measure: 'price'; readonly price: string; readonly priceUnits: Money });

export type WeightLabelRead =
  | { readonly ok: true; readonly label: WeightLabel }
  /**
   * `not-ean13`: not 13 digits. `bad-check-digit`: 13 digits whose last is wrong. `not-a-weight-prefix`: a valid
   * EAN-13 whose prefix no rule names (an ordinary product code).
   */
  | { readonly ok: false; readonly reason: 'not-ean13' | 'bad-check-digit' | 'not-a-weight-prefix' };

const THIRTEEN_DIGITS = /^\d{13}$/;

/** Reads `scanned` (scanner suffix allowed) as a weight or price label under `settings`. Never throws. */
export function readWeightLabel(scanned: string, settings: WeightBarcodeSettings): WeightLabelRead {
  const barcode = trimScannerNoise(scanned);
  if (!THIRTEEN_DIGITS.test(barcode)) return { ok: false, reason: 'not-ean13' };
  if (!isValidEan13(barcode)) return { ok: false, reason: 'bad-check-digit' };
  const rule = ruleForPrefix(settings, barcode);
  if (!rule) return { ok: false, reason: 'not-a-weight-prefix' };
  const { layout } = rule;
  const common = {
    barcode,
    prefix: barcode.slice(0, 2),
    itemCode: barcode.slice(layout.codeStart, layout.codeStart + layout.codeLength),
  };
  const valueDigits = barcode.slice(layout.valueStart, layout.valueStart + layout.valueLength);
  if (layout.measure === 'weight') {
    // Grams are thousandths of a kilogram: the digits are the quantity's units as they stand.
    const quantityUnits = BigInt(valueDigits) as Quantity;
    return { ok: true, label: { ...common, measure: 'weight', quantity: formatDecimal(quantityUnits, QUANTITY), quantityUnits } };
  }
  // The digits are the price in units of 10^-priceDecimals; money keeps hundredths, and layouts allow at most 2.
  const priceUnits = (BigInt(valueDigits) * 10n ** BigInt(MONEY.scale - layout.priceDecimals)) as Money;
  return { ok: true, label: { ...common, measure: 'price', price: formatDecimal(priceUnits, MONEY), priceUnits } };
}
