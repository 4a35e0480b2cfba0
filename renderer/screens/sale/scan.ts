/**
 * A scan on the sales screen: the scanner's text resolved against the catalogue (shared/barcodes/scan-lookup.ts:
 * exact barcode first, then a weight or price label laid out as the business's BaseConfig says) and turned into one
 * cart action — an added line, or a notice that says what was wrong and adds nothing.
 */
import { resolveScan, type ScanResolution } from '../../../shared/barcodes/scan-lookup.js';
import type { WeightBarcodeSettings } from '../../../shared/barcodes/weight-barcode-settings.js';
import type { CartAction } from './cart.js';
import { scanCatalogueOf, type SaleCatalogue, type SaleItem } from './catalogue.js';

export function scanAction(resolution: ScanResolution<SaleItem>): CartAction | null {
  const error = (message: Parameters<typeof notice>[0], values: Record<string, string>): CartAction => notice(message, values);
  switch (resolution.kind) {
    case 'empty':
      return null;
    case 'add':
      return { type: 'add', item: resolution.item, quantity: resolution.quantity, fromLabel: resolution.label !== null };
    case 'unknown-barcode':
      return error('sale.unknownBarcode', { barcode: resolution.barcode });
    case 'bad-check-digit':
      return error('sale.badCheckDigit', { barcode: resolution.barcode });
    case 'unknown-item-code':
      return error('sale.unknownItemCode', { barcode: resolution.barcode, code: resolution.itemCode });
    case 'not-a-weight-item':
      return error('sale.notWeightItem', { name: resolution.item.name, barcode: resolution.label.barcode });
    case 'no-unit-price':
      return error('sale.noUnitPrice', { name: resolution.item.name });
    case 'zero-quantity':
      return error('sale.zeroQuantity', { barcode: resolution.label.barcode });
  }
}

function notice(message: 'sale.unknownBarcode' | 'sale.badCheckDigit' | 'sale.unknownItemCode' | 'sale.notWeightItem' | 'sale.noUnitPrice' | 'sale.zeroQuantity', values: Record<string, string>): CartAction {
  return { type: 'notice', notice: { tone: 'error', message, values } };
}

/** Resolves the scanner's text into the cart action it causes (null for an empty scan). */
export async function scanToAction(raw: string, catalogue: SaleCatalogue, settings: WeightBarcodeSettings): Promise<CartAction | null> {
  return scanAction(await resolveScan(raw, settings, scanCatalogueOf(catalogue)));
}
