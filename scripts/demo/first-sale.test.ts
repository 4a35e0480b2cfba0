/**
 * The banner's first-sale guide: its scale label is a real label under the demo's own settings, read by the sales
 * screen's own catalogue and scan rule as the weight it says, and a guide naming what the demo lacks is refused.
 */
import { describe, expect, it } from 'vitest';
import { resolveScan } from '../../shared/barcodes/scan-lookup.js';
import { readWeightBarcodeSettings } from '../../shared/barcodes/weight-barcode-settings.js';
import { isValidEan13 } from '../../shared/barcodes/check-digit.js';
import { buildSaleCatalogue, scanCatalogueOf } from '../../renderer/screens/sale/catalogue.js';
import { DEMO_BUSINESS as demo, type DemoBusiness } from './demo-data.js';
import { groupDigits } from './demo-record.js';
import { firstSaleGuide, firstSaleLines, weightLabelBarcode } from './first-sale.js';

const settings = () => {
  const read = readWeightBarcodeSettings(JSON.stringify(demo.weightBarcodes));
  if (!read.ok) throw new Error(read.problems.join('; '));
  return read.settings;
};
/** The demo's items as the till lists them: units by name, as the seeder writes them. */
const tillCatalogue = () =>
  scanCatalogueOf(
    buildSaleCatalogue(
      demo.items.map((item, index) => ({ id: `i${index}`, name: item.name, price: item.price, measurement: item.measurement, shtrix: item.barcode })),
      [],
    ),
  );

describe('a scale label for the demo', () => {
  it('is prefix, 5-digit item code, grams and a valid check digit', () => {
    expect(weightLabelBarcode('22', '101', 1250)).toBe('2200101012508');
    expect(isValidEan13(weightLabelBarcode('22', '101', 1250))).toBe(true);
    expect(weightLabelBarcode('22', '102', 1)).toMatch(/^220010200001\d$/);
  });

  it('refuses a prefix outside 20–29, a code too long for the layout and a weight it cannot carry', () => {
    expect(() => weightLabelBarcode('47', '101', 1250)).toThrow(/prefix/);
    expect(() => weightLabelBarcode('22', '123456', 1250)).toThrow(/scale code/);
    expect(() => weightLabelBarcode('22', '101', 0)).toThrow(/1 to 99999 g/);
    expect(() => weightLabelBarcode('22', '101', 100_000)).toThrow(/1 to 99999 g/);
    expect(() => weightLabelBarcode('22', '101', 1.5)).toThrow(/1 to 99999 g/);
  });
});

describe('the first-sale guide of the demo', () => {
  const guide = firstSaleGuide(demo)!;

  it('names shop items by barcode that the till finds, one piece each', async () => {
    expect(guide.barcodes.map((entry) => entry.name)).toEqual(['Coca-Cola, 1,5 l', 'Shokolad «Alpen Gold», 90 g', 'Sut 3,2%, 1 l']);
    for (const entry of guide.barcodes) {
      const found = await resolveScan(entry.code, settings(), tillCatalogue());
      expect(found).toMatchObject({ kind: 'add', quantity: '1', label: null });
      if (found.kind === 'add') expect(found.item.name).toBe(entry.name);
    }
  });

  it('prints a scale label the sales screen reads as 1.250 kg of potatoes', async () => {
    expect(guide.weightLabel).toEqual({ code: '2200101012508', name: 'Kartoshka', kilograms: '1.25', pricePerKg: '6000' });
    const found = await resolveScan(guide.weightLabel!.code, settings(), tillCatalogue());
    expect(found).toMatchObject({ kind: 'add', quantity: '1.25', quantityUnits: 1250n });
    if (found.kind === 'add') expect(found.item.name).toBe('Kartoshka');
  });

  it('sells on account to a client with a credit limit, through the demo’s DEBT method', () => {
    expect(guide.onAccount).toEqual({ name: 'Malika Abdullayeva', creditLimit: '300000', method: 'Nasiya' });
  });

  it('is printed as the steps of a sale: shift, scans, payment, on account', () => {
    const text = firstSaleLines(guide, groupDigits).join('\n');
    expect(text).toContain('F3 Shift');
    expect(text).toContain("4780032001515 (Coca-Cola, 1,5 l, 14 000 so'm)");
    expect(text).toContain("2200101012508 (a scale label: 1.25 kg of Kartoshka at 6 000 so'm/kg)");
    expect(text).toContain('F11 attaches the client "Malika Abdullayeva" (credit limit 300 000 so\'m), then pay with "Nasiya"');
  });

  it('refuses a plan naming a barcode, a scale code, a client or a method the demo does not have', () => {
    const plan = demo.firstSale!;
    const broken = (change: Partial<DemoBusiness>) => () => firstSaleGuide({ ...demo, ...change });
    expect(broken({ firstSale: { ...plan, barcodes: ['4006381333931'] } })).toThrow(/barcode 4006381333931/);
    expect(broken({ firstSale: { ...plan, weighed: { ...plan.weighed, scaleCode: '999' } } })).toThrow(/scale code 999/);
    expect(broken({ firstSale: { ...plan, onAccountClient: 'Nobody' } })).toThrow(/"Nobody"/);
    expect(broken({ paymentMethods: demo.paymentMethods.filter((method) => method.kind !== 'DEBT') })).toThrow(/no DEBT payment method/);
    expect(firstSaleGuide({ ...demo, firstSale: undefined })).toBeNull();
  });
});
