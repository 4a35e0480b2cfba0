import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { divRound, type Money } from '../decimal.js';
import { withCheckDigit } from './check-digit.js';
import { resolveScan, type ScanCatalogue } from './scan-lookup.js';
import { PRICE_LAYOUT_HUNDREDTHS, PRICE_LAYOUT_WHOLE_SOM, WEIGHT_LAYOUT_5_DIGIT_CODE } from './weight-barcode-layout.js';
import { DEFAULT_WEIGHT_BARCODE_SETTINGS, WeightBarcodeSettings } from './weight-barcode-settings.js';

interface TestItem {
  readonly name: string;
  readonly barcode?: string;
  readonly code?: string;
  readonly price: bigint;
  readonly byWeight: boolean;
}

const items: TestItem[] = [
  { name: 'tea', barcode: '4006381333931', price: 1250000n, byWeight: false },
  { name: 'cola', barcode: '036000291452', price: 800000n, byWeight: false },
  { name: 'gum', barcode: '96385074', price: 300000n, byWeight: false },
  { name: 'coupon', barcode: 'SHOP-42 A', price: 0n, byWeight: false },
  { name: 'cheese', code: '00123', price: 9000000n, byWeight: true },
  { name: 'apples', code: '00007', price: 1500000n, byWeight: true },
  { name: 'bread', code: '00555', price: 500000n, byWeight: false },
  { name: 'free samples', code: '00999', price: 0n, byWeight: true },
  // A pre-packed good with a fixed in-store code from the weight range.
  { name: 'gift box', barcode: withCheckDigit('220012399999'), price: 5000000n, byWeight: false },
];

function catalogueOf(list: readonly TestItem[], asynchronous = false): ScanCatalogue<TestItem> & { asked: string[] } {
  const asked: string[] = [];
  const answer = (item: TestItem | undefined) => (asynchronous ? Promise.resolve(item) : item);
  return {
    asked,
    findByBarcode: (barcode) => (asked.push(`barcode ${barcode}`), answer(list.find((item) => item.barcode === barcode))),
    findByCode: (code) => (asked.push(`code ${code}`), answer(list.find((item) => item.code === code))),
    unitPriceOf: (item) => item.price as Money,
    isSoldByWeight: (item) => item.byWeight,
  };
}

const settings = WeightBarcodeSettings.parse({
  rules: [
    { prefixes: ['20', '21', '22'], layout: WEIGHT_LAYOUT_5_DIGIT_CODE },
    { prefixes: ['24'], layout: PRICE_LAYOUT_WHOLE_SOM },
    { prefixes: ['26'], layout: PRICE_LAYOUT_HUNDREDTHS },
  ],
});

describe('resolving a scan', () => {
  it('adds one piece of the item whose barcode was scanned, in every symbology', async () => {
    for (const [scan, name] of [['4006381333931\r\n', 'tea'], ['96385074\n', 'gum'], ['  SHOP-42 A\t', 'coupon']] as const) {
      const resolved = await resolveScan(scan, settings, catalogueOf(items));
      expect(resolved).toMatchObject({ kind: 'add', quantity: '1', quantityUnits: 1000n, label: null });
      expect(resolved.kind === 'add' && resolved.item.name).toBe(name);
    }
  });

  it('finds a UPC-A item whether the scanner sends 12 digits or the 13-digit EAN form', async () => {
    for (const scan of ['036000291452', '0036000291452']) {
      const resolved = await resolveScan(scan, settings, catalogueOf(items));
      expect(resolved.kind === 'add' && resolved.item.name).toBe('cola');
    }
    const stored13 = [{ name: 'cola', barcode: '0036000291452', price: 1n, byWeight: false }];
    const resolved = await resolveScan('036000291452', settings, catalogueOf(stored13));
    expect(resolved.kind === 'add' && resolved.item.name).toBe('cola');
  });

  it('adds the weight a weight label carries, exactly, through a synchronous or asynchronous catalogue', async () => {
    for (const asynchronous of [false, true]) {
      const resolved = await resolveScan(withCheckDigit('220012300435'), settings, catalogueOf(items, asynchronous));
      expect(resolved).toMatchObject({ kind: 'add', quantity: '0.435', quantityUnits: 435n, label: { itemCode: '00123', measure: 'weight' } });
      expect(resolved.kind === 'add' && resolved.item.name).toBe('cheese');
    }
  });

  it('turns a price label into the quantity its price buys at the unit price, rounded half away from zero', async () => {
    // 12 000 so'm of apples at 15 000 so'm/kg is 0.8 kg.
    const exact = await resolveScan(withCheckDigit('240000712000'), settings, catalogueOf(items));
    expect(exact).toMatchObject({ kind: 'add', quantity: '0.8', label: { measure: 'price', price: '12000' } });
    // 10 000 so'm at 15 000/kg is 0.6666… kg → 0.667; 50.00 so'm at 90 000/kg is 0.000555… → 0.001.
    expect(await resolveScan(withCheckDigit('240000710000'), settings, catalogueOf(items))).toMatchObject({ kind: 'add', quantity: '0.667' });
    expect(await resolveScan(withCheckDigit('260012305000'), settings, catalogueOf(items))).toMatchObject({ kind: 'add', quantity: '0.001', label: { price: '50' } });
    // 0.45 so'm at 90 000/kg is 0.000005 kg: nothing to sell.
    expect(await resolveScan(withCheckDigit('260012300045'), settings, catalogueOf(items))).toMatchObject({ kind: 'zero-quantity', label: { price: '0.45' } });
  });

  it('computes every price label quantity as the exact rounded quotient', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 99999 }), fc.bigInt({ min: 1n, max: 10n ** 12n }), async (price, unitPrice) => {
        const catalogue = catalogueOf([{ name: 'x', code: '00001', price: unitPrice, byWeight: true }]);
        const resolved = await resolveScan(withCheckDigit(`2400001${String(price).padStart(5, '0')}`), settings, catalogue);
        const expected = divRound(BigInt(price) * 100n * 1000n, unitPrice);
        if (expected === 0n) expect(resolved.kind).toBe('zero-quantity');
        else expect(resolved).toMatchObject({ kind: 'add', quantityUnits: expected });
      }),
      { seed: 13, numRuns: 500 },
    );
  });

  it('prefers an exact catalogue barcode over reading a weight label', async () => {
    const catalogue = catalogueOf(items);
    const resolved = await resolveScan(withCheckDigit('220012399999'), settings, catalogue);
    expect(resolved).toMatchObject({ kind: 'add', quantity: '1', label: null });
    expect(resolved.kind === 'add' && resolved.item.name).toBe('gift box');
    expect(catalogue.asked).toEqual([`barcode ${withCheckDigit('220012399999')}`]);
  });

  it('says which item code a weight label named when no item has it', async () => {
    const barcode = withCheckDigit('224242400435');
    expect(await resolveScan(barcode, settings, catalogueOf(items))).toEqual({ kind: 'unknown-item-code', barcode, itemCode: '42424' });
    const zeros = withCheckDigit('220000000435');
    expect(await resolveScan(zeros, settings, catalogueOf(items))).toEqual({ kind: 'unknown-item-code', barcode: zeros, itemCode: '00000' });
  });

  it('finds a weight item entered without the leading zeros of its scale code, preferring an exact code', async () => {
    const catalogue = catalogueOf([
      { name: 'cheese', code: '123', price: 9000000n, byWeight: true },
      { name: 'olives', code: '45', price: 9000000n, byWeight: true },
      { name: 'exact olives', code: '00045', price: 9000000n, byWeight: true },
    ]);
    const cheese = await resolveScan(withCheckDigit('220012300435'), settings, catalogue);
    expect(cheese.kind === 'add' && cheese.item.name).toBe('cheese');
    const olives = await resolveScan(withCheckDigit('220004500435'), settings, catalogue);
    expect(olives.kind === 'add' && olives.item.name).toBe('exact olives');
    expect(catalogue.asked.filter((question) => question.startsWith('code'))).toEqual(['code 00123', 'code 123', 'code 00045']);
  });

  it('refuses a weight or price label for an item not sold by weight, and a price label for an item with no price', async () => {
    expect(await resolveScan(withCheckDigit('220055500435'), settings, catalogueOf(items))).toMatchObject({ kind: 'not-a-weight-item', item: { name: 'bread' } });
    expect(await resolveScan(withCheckDigit('240055501000'), settings, catalogueOf(items))).toMatchObject({ kind: 'not-a-weight-item', item: { name: 'bread' } });
    expect(await resolveScan(withCheckDigit('240099901000'), settings, catalogueOf(items))).toMatchObject({ kind: 'no-unit-price', item: { name: 'free samples' } });
    expect(await resolveScan(withCheckDigit('220000700000'), settings, catalogueOf(items))).toMatchObject({ kind: 'zero-quantity', item: { name: 'apples' } });
  });

  it('calls an unmatched code with a wrong check digit a misread, and any other unmatched code unknown', async () => {
    const catalogue = catalogueOf(items);
    expect(await resolveScan('2200123004351', settings, catalogue)).toEqual({ kind: 'bad-check-digit', barcode: '2200123004351' });
    expect(await resolveScan('4006381333932', settings, catalogue)).toEqual({ kind: 'bad-check-digit', barcode: '4006381333932' });
    expect(await resolveScan('4780000000007', settings, catalogue)).toEqual({ kind: 'unknown-barcode', barcode: '4780000000007' });
    expect(await resolveScan(withCheckDigit('280012300435'), settings, catalogue)).toEqual({ kind: 'unknown-barcode', barcode: withCheckDigit('280012300435') });
    expect(await resolveScan('no such label', settings, catalogue)).toEqual({ kind: 'unknown-barcode', barcode: 'no such label' });
    expect(await resolveScan('\r\n', settings, catalogue)).toEqual({ kind: 'empty' });
  });

  it('still finds an item whose stored code has a wrong check digit, so a shop\'s own Code 128 labels work', async () => {
    const resolved = await resolveScan('1234567890123', DEFAULT_WEIGHT_BARCODE_SETTINGS, catalogueOf([{ name: 'own label', barcode: '1234567890123', price: 1n, byWeight: false }]));
    expect(resolved.kind === 'add' && resolved.item.name).toBe('own label');
  });
});
