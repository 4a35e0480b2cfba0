/**
 * Exact decimal money and quantities.
 *
 * A decimal travels on the wire as a canonical string ("12500.5", "-3", "0.125") and lives everywhere else as
 * a scaled integer (bigint): money in hundredths, quantities in thousandths, percentages in hundredths of a
 * percent-point. No JS float ever touches these values: parsing is textual, arithmetic is bigint, and the
 * databases store BIGINT and sum integers exactly (SQLite's SUM over integers is exact; over text it is not).
 *
 * Canonical output: no exponent, no leading "+", no leading zeros, trailing fractional zeros removed, "-0"
 * written as "0". Input accepts an optional "-", digits, and an optional "." followed by digits.
 *
 * Rounding (used only by `mulRound` and `divRound`): half away from zero, the rule cashiers expect.
 */

export interface DecimalKind {
  /** Name used in messages, e.g. "money". */
  readonly name: string;
  /** Digits kept after the decimal point. */
  readonly scale: number;
  /** Largest number of digits allowed before the decimal point. */
  readonly maxIntegerDigits: number;
}

/** Money: 2 decimal places, up to 15 integer digits (fits BIGINT with room for sums). */
export const MONEY: DecimalKind = { name: 'money', scale: 2, maxIntegerDigits: 15 };
/** Quantities (pieces, kilograms, litres): 3 decimal places, up to 12 integer digits. */
export const QUANTITY: DecimalKind = { name: 'quantity', scale: 3, maxIntegerDigits: 12 };
/** Percentages: 2 decimal places, up to 5 integer digits. */
export const PERCENT: DecimalKind = { name: 'percent', scale: 2, maxIntegerDigits: 5 };

declare const moneyBrand: unique symbol;
declare const quantityBrand: unique symbol;
declare const percentBrand: unique symbol;
/** Money in hundredths. Branded so that money and quantities cannot be mixed by accident. */
export type Money = bigint & { readonly [moneyBrand]: true };
/** Quantity in thousandths. */
export type Quantity = bigint & { readonly [quantityBrand]: true };
/** Percentage in hundredths of a point. */
export type Percent = bigint & { readonly [percentBrand]: true };

const DECIMAL_TEXT = /^(-)?(\d+)(?:\.(\d+))?$/;

export type ParseResult = { ok: true; units: bigint } | { ok: false; problem: string };

/** Parses decimal text into scaled units of `kind`, or explains why it cannot. Never rounds silently. */
export function parseDecimal(text: string, kind: DecimalKind): ParseResult {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return { ok: false, problem: `must be a decimal number written like "12.50"` };
  const [, minus, intPart = '', fracPart = ''] = match;
  const fraction = fracPart.replace(/0+$/, '');
  if (fraction.length > kind.scale) {
    return { ok: false, problem: `must have at most ${kind.scale} decimal places` };
  }
  const integer = intPart.replace(/^0+(?=\d)/, '');
  if (integer.length > kind.maxIntegerDigits) {
    return { ok: false, problem: `must have at most ${kind.maxIntegerDigits} digits before the decimal point` };
  }
  const units = BigInt(integer + fraction.padEnd(kind.scale, '0'));
  return { ok: true, units: minus ? -units : units };
}

/** Formats scaled units of `kind` as canonical decimal text. */
export function formatDecimal(units: bigint, kind: DecimalKind): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(kind.scale + 1, '0');
  const integer = digits.slice(0, digits.length - kind.scale);
  const fraction = digits.slice(digits.length - kind.scale).replace(/0+$/, '');
  const body = fraction ? `${integer}.${fraction}` : integer;
  return negative ? `-${body}` : body;
}

/** Parses text known to be valid (e.g. read back from our own storage); throws on a programming error. */
export function unitsOf(text: string, kind: DecimalKind): bigint {
  const parsed = parseDecimal(text, kind);
  if (!parsed.ok) throw new Error(`invalid ${kind.name} "${text}": ${parsed.problem}`);
  return parsed.units;
}

export const formatMoney = (units: bigint): string => formatDecimal(units, MONEY);
export const formatQuantity = (units: bigint): string => formatDecimal(units, QUANTITY);
export const formatPercent = (units: bigint): string => formatDecimal(units, PERCENT);

/** Exact sum of scaled units. */
export function sum<T extends bigint>(values: readonly T[]): T {
  let total = 0n;
  for (const value of values) total += value;
  return total as T;
}

/** Divides rounding half away from zero. */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/**
 * Money for `quantity` units at `price` per unit, rounded half away from zero to a hundredth:
 * price (hundredths) × quantity (thousandths) / 1000.
 */
export function lineAmount(price: Money, quantity: Quantity): Money {
  return divRound(price * quantity, 10n ** BigInt(QUANTITY.scale)) as Money;
}
