/**
 * What the till adds when something is scanned: one function from the scanner's text to an item and an exact
 * quantity, or a typed reason the cashier can be told. The catalogue is reached through `ScanCatalogue`, so the
 * same rule runs over the till's local store and in tests. An exact barcode match comes first, even for codes in
 * the weight range 20–29: shops also give fixed in-store codes from that range to pre-packed goods. A price label
 * becomes a quantity by dividing the label's price by the item's unit price, rounded to 3 decimals half away from
 * zero; the label's price is returned too, so a screen may charge exactly what the label says.
 */
import { divRound, formatDecimal, QUANTITY, type Money, type Quantity } from '../decimal.js';
import { barcodeSpellings, classifyScannedCode } from './scanned-code.js';
import { readWeightLabel, type WeightLabel } from './weight-barcode.js';
import type { WeightBarcodeSettings } from './weight-barcode-settings.js';

type Found<Item> = Item | undefined | Promise<Item | undefined>;

/** The catalogue as scanning needs it. Finders answer live items of the business only. */
export interface ScanCatalogue<Item> {
  /** The item whose barcode is exactly `barcode` (as scanned, trimmed; UPC-A is asked in both spellings). */
  findByBarcode(barcode: string): Found<Item>;
  /**
   * The item a scale knows by `itemCode`. Asked first with the digits as printed on the label ("00123"), then
   * without the leading zeros ("123"), since back offices often enter a scale's code without them.
   */
  findByCode(itemCode: string): Found<Item>;
  /** Price per unit of the item (per kilogram for an item sold by weight), in hundredths. */
  unitPriceOf(item: Item): Money;
  isSoldByWeight(item: Item): boolean;
}

export type ScanResolution<Item> =
  /** Add `item` with `quantity` (exact text; `quantityUnits` in thousandths). `label` is set for weight/price labels. */
  | { readonly kind: 'add'; readonly item: Item; readonly quantity: string; readonly quantityUnits: Quantity; readonly label: WeightLabel | null }
  | { readonly kind: 'empty' }
  | { readonly kind: 'unknown-barcode'; readonly barcode: string }
  /** Digits of an EAN-13/EAN-8/UPC-A length whose check digit is wrong, and no item has them: a misread. */
  | { readonly kind: 'bad-check-digit'; readonly barcode: string }
  /** A weight or price label whose item code names no item. */
  | { readonly kind: 'unknown-item-code'; readonly barcode: string; readonly itemCode: string }
  /** A weight or price label for an item not sold by weight. */
  | { readonly kind: 'not-a-weight-item'; readonly item: Item; readonly label: WeightLabel }
  /** A price label for an item with no price to divide by. */
  | { readonly kind: 'no-unit-price'; readonly item: Item; readonly label: WeightLabel }
  /** A label weighing 0 g, or a price too small for one gram. */
  | { readonly kind: 'zero-quantity'; readonly item: Item; readonly label: WeightLabel };

/** One piece, or one kilogram, in quantity units (thousandths). */
const ONE_UNIT = 10n ** BigInt(QUANTITY.scale);

/** Resolves one scan. `raw` is the scanner's text, suffix included. Rejections of `catalogue` propagate. */
export async function resolveScan<Item>(raw: string, settings: WeightBarcodeSettings, catalogue: ScanCatalogue<Item>): Promise<ScanResolution<Item>> {
  const code = classifyScannedCode(raw);
  if (code.kind === 'empty') return { kind: 'empty' };
  for (const spelling of barcodeSpellings(code)) {
    const item = await catalogue.findByBarcode(spelling);
    if (item !== undefined) return addPieces(item, ONE_UNIT, null);
  }
  if (code.kind === 'code128') {
    return code.badCheckDigitFor ? { kind: 'bad-check-digit', barcode: code.text } : { kind: 'unknown-barcode', barcode: code.text };
  }
  const read = readWeightLabel(code.text, settings);
  if (!read.ok) return { kind: 'unknown-barcode', barcode: code.text };
  return resolveLabel(read.label, catalogue);
}

async function resolveLabel<Item>(label: WeightLabel, catalogue: ScanCatalogue<Item>): Promise<ScanResolution<Item>> {
  const item = await findByItemCode(label.itemCode, catalogue);
  if (item === undefined) return { kind: 'unknown-item-code', barcode: label.barcode, itemCode: label.itemCode };
  if (!catalogue.isSoldByWeight(item)) return { kind: 'not-a-weight-item', item, label };
  let quantityUnits: bigint;
  if (label.measure === 'weight') {
    quantityUnits = label.quantityUnits;
  } else {
    const unitPrice = catalogue.unitPriceOf(item);
    if (unitPrice <= 0n) return { kind: 'no-unit-price', item, label };
    // price / unit price is kilograms; in thousandths: price × 1000 / unit price, half away from zero.
    quantityUnits = divRound(label.priceUnits * ONE_UNIT, unitPrice);
  }
  if (quantityUnits <= 0n) return { kind: 'zero-quantity', item, label };
  return addPieces(item, quantityUnits, label);
}

async function findByItemCode<Item>(itemCode: string, catalogue: ScanCatalogue<Item>): Promise<Item | undefined> {
  const asPrinted = await catalogue.findByCode(itemCode);
  if (asPrinted !== undefined) return asPrinted;
  const withoutZeros = itemCode.replace(/^0+(?=\d)/, '');
  return withoutZeros === itemCode ? undefined : catalogue.findByCode(withoutZeros);
}

function addPieces<Item>(item: Item, quantityUnits: bigint, label: WeightLabel | null): ScanResolution<Item> {
  return { kind: 'add', item, quantity: formatDecimal(quantityUnits, QUANTITY), quantityUnits: quantityUnits as Quantity, label };
}
