/** Figures the sales view derives from the report, exactly (shared/decimal.ts): no float ever holds an amount. */
import { divRound, formatMoney, MONEY, parseDecimal } from '../../../shared/decimal.js';

const WIDE_MONEY = { ...MONEY, maxIntegerDigits: 30 };

const unitsOf = (text: string): bigint => {
  const parsed = parseDecimal(text, WIDE_MONEY);
  if (!parsed.ok) throw new Error(`not money: ${text}`);
  return parsed.units;
};

/** The average receipt, rounded half away from zero to a hundredth; "0" for no receipts. */
export function averageReceipt(tally: { readonly count: number; readonly sum: string }): string {
  if (tally.count === 0) return '0';
  return formatMoney(divRound(unitsOf(tally.sum), BigInt(tally.count)));
}

/** Exact sum of money strings (a column's total). */
export function sumMoney(values: readonly string[]): string {
  return formatMoney(values.reduce((total, value) => total + unitsOf(value), 0n));
}

/** Each amount's share of their total, in whole percent rounded half up (for labels only). */
export function sharesOf(values: readonly string[]): number[] {
  const units = values.map(unitsOf);
  const total = units.reduce((a, b) => a + b, 0n);
  return units.map((value) => (total === 0n ? 0 : Number(divRound(value * 100n, total))));
}
