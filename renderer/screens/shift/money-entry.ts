/**
 * The shift screens' money entry, kept pure so it is tested without a screen: what a keypad key does to the typed
 * text (never more than two decimals, one decimal sign, no leading zeros), and the over/short of a count against
 * what the shift expects — exact, in bigint units (shared/decimal.ts), never a float.
 */
import { formatMoney, MONEY, parseDecimal } from '../../../shared/decimal.js';

export type KeypadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '00' | 'decimal' | 'back' | 'clear';

/** The text after pressing `key` on `text`; `sign` is the language's decimal sign ("," or "."). */
export function pressKey(text: string, key: KeypadKey, sign: string): string {
  if (key === 'clear') return '';
  if (key === 'back') return text.slice(0, -1);
  const decimalAt = Math.max(text.indexOf(','), text.indexOf('.'));
  if (key === 'decimal') return decimalAt >= 0 ? text : `${text === '' ? '0' : text}${sign}`;
  if (decimalAt >= 0) {
    const room = 2 - (text.length - decimalAt - 1);
    return room <= 0 ? text : text + key.slice(0, room);
  }
  const next = text + key;
  // "0" then "5" is "5"; "0" then "00" stays "0".
  return next.replace(/^0+(?=\d)/, '');
}

export type Tone = 'over' | 'short' | 'exact';

/** counted − expected as canonical money text and its tone; undefined when either is not money. */
export function overShort(counted: string | undefined, expected: string): { amount: string; tone: Tone } | undefined {
  if (counted === undefined) return undefined;
  const have = parseDecimal(counted, MONEY);
  const want = parseDecimal(expected, MONEY);
  if (!have.ok || !want.ok) return undefined;
  const difference = have.units - want.units;
  return { amount: formatMoney(difference), tone: difference > 0n ? 'over' : difference < 0n ? 'short' : 'exact' };
}

/** The tone of stored over/short text ("-39.5" short, "0.01" over, "0" exact). */
export function toneOf(amount: string): Tone {
  if (amount.startsWith('-')) return 'short';
  return /[1-9]/.test(amount) ? 'over' : 'exact';
}
