/**
 * The banner's "ring up your first sale" guide: which barcodes to type at the demo till, a scale label to type for
 * an item sold by weight, and the client to sell to on account with their credit limit. It is worked out from the
 * demo data once, when the demo is seeded, and kept in demo.json, so every later start prints what THIS demo holds
 * (a record of an older demo has no guide and prints none).
 *
 * The scale label is a real EAN-13 under the demo's own settings (prefix, item code, grams, check digit), so the
 * sales screen reads it exactly as a label printed by the shop's scale (./first-sale.test.ts checks it).
 */
import { z } from 'zod';
import { formatDecimal, QUANTITY } from '../../shared/decimal.js';
import type { DemoBusiness } from './demo-data.js';
import { ean13CheckDigit } from './ean13.js';

export const FirstSaleGuideSchema = z.object({
  barcodes: z.array(z.object({ code: z.string(), name: z.string(), price: z.string() })),
  weightLabel: z.object({ code: z.string(), name: z.string(), kilograms: z.string(), pricePerKg: z.string() }).nullable(),
  onAccount: z.object({ name: z.string(), creditLimit: z.string().nullable(), method: z.string() }).nullable(),
});
export type FirstSaleGuide = z.infer<typeof FirstSaleGuideSchema>;

/** The EAN-13 a scale prints for `grams` of the item `scaleCode` under a `PP CCCCC WWWWW K` rule of `prefix`. */
export function weightLabelBarcode(prefix: string, scaleCode: string, grams: number): string {
  if (!/^2\d$/.test(prefix)) throw new Error(`a weight-label prefix is 20–29, not "${prefix}"`);
  if (!/^\d{1,5}$/.test(scaleCode)) throw new Error(`a scale code of this layout is at most 5 digits, not "${scaleCode}"`);
  if (!Number.isInteger(grams) || grams < 1 || grams > 99_999) throw new Error(`a label weighs 1 to 99999 g, not ${grams}`);
  const body = `${prefix}${scaleCode.padStart(5, '0')}${String(grams).padStart(5, '0')}`;
  return `${body}${ean13CheckDigit(body)}`;
}

/** The guide for `data`, or null when the data suggests no first sale. Throws when it names what the data lacks. */
export function firstSaleGuide(data: DemoBusiness): FirstSaleGuide | null {
  const plan = data.firstSale;
  if (!plan) return null;
  const byBarcode = new Map(data.items.map((item) => [item.barcode, item]));
  const barcodes = plan.barcodes.map((code) => {
    const item = byBarcode.get(code);
    if (!item) throw new Error(`the demo's first sale names the barcode ${code}, which no item has`);
    return { code, name: item.name, price: item.price };
  });
  const weighed = byBarcode.get(plan.weighed.scaleCode);
  if (!weighed) throw new Error(`the demo's first sale names the scale code ${plan.weighed.scaleCode}, which no item has`);
  const client = data.clients.find((candidate) => candidate.fullName === plan.onAccountClient);
  if (!client) throw new Error(`the demo's first sale names the client "${plan.onAccountClient}", who is not in the demo`);
  const debtMethod = data.paymentMethods.find((method) => method.kind === 'DEBT');
  if (!debtMethod) throw new Error("the demo's first sale sells on account, but the demo has no DEBT payment method");
  return {
    barcodes,
    weightLabel: {
      code: weightLabelBarcode(plan.weighed.prefix, plan.weighed.scaleCode, plan.weighed.grams),
      name: weighed.name,
      // Grams are the thousandths of a kilogram: exact text, never a float.
      kilograms: formatDecimal(BigInt(plan.weighed.grams), QUANTITY),
      pricePerKg: weighed.price,
    },
    onAccount: { name: client.fullName, creditLimit: client.creditLimit, method: debtMethod.name },
  };
}

/** The banner's lines for the guide: what to press and type, in the order a first sale takes. */
export function firstSaleLines(guide: FirstSaleGuide, group: (decimal: string) => string): string[] {
  const lines = ['First sale (sign in with a PIN marked "signs in here"):', '  F3 Shift → type the opening cash (e.g. 100000) → Enter opens the shift;'];
  const typed = guide.barcodes.map((entry) => `${entry.code} (${entry.name}, ${group(entry.price)} so'm)`);
  lines.push('  F1 Sale → type a barcode and Enter (as a scanner would), or pick a tile:');
  for (const entry of typed) lines.push(`      ${entry}`);
  if (guide.weightLabel)
    lines.push(`      ${guide.weightLabel.code} (a scale label: ${guide.weightLabel.kilograms} kg of ${guide.weightLabel.name} at ${group(guide.weightLabel.pricePerKg)} so'm/kg)`);
  lines.push('  Enter on the empty field (or F12) → payment: Enter again takes the total in cash and completes the sale;');
  if (guide.onAccount) {
    const limit = guide.onAccount.creditLimit === null ? 'no credit limit' : `credit limit ${group(guide.onAccount.creditLimit)} so'm`;
    lines.push(`  On account: F11 attaches the client "${guide.onAccount.name}" (${limit}), then pay with "${guide.onAccount.method}"; over the limit a manager's PIN approves.`);
  }
  return lines;
}
