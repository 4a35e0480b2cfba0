/**
 * A sale's short number, one a cashier can say and a client can read off the receipt: the till's letters, a dash,
 * and the till's own sale counter — "A-17", "B-3", "AA-120". The letters spell the workplace's number in the
 * business (migration 0029: 1 → A, 26 → Z, 27 → AA, never reused), so two tills never make the same number even
 * offline; the counter is kept by the till in the transaction that stores the sale (main/terminal/order-number.ts).
 * The number travels as the reference's own `order_id`, so the sales list, the refund search and the printed
 * receipt (its number and its Code 128) show it without a new field. Shared by the till and the service.
 */

/** Letters (1–3) for a till number from 1 to 18 278; a bijective base 26, so there is no "zero" letter. */
export function tillLetters(number: number): string {
  if (!Number.isInteger(number) || number < 1 || number > MAX_TILL_NUMBER)
    throw new RangeError(`till number ${number} out of range`);
  let rest = number;
  let letters = '';
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    letters = String.fromCharCode(65 + digit) + letters;
    rest = Math.floor((rest - 1) / 26);
  }
  return letters;
}

/** ZZZ: the most tills a business numbers with three letters. */
export const MAX_TILL_NUMBER = 18_278;

/** The largest counter a number carries (nine digits: a till selling every second for thirty years). */
export const MAX_SALE_COUNTER = 999_999_999;

const WELL_FORMED = /^([A-Z]{1,3})-([1-9][0-9]{0,8})$/;
/** Anything shaped like a till's number — letters, a dash, digits — which must then be well formed. */
const TILL_SHAPED = /^[A-Za-z]+-[0-9]+$/;

export interface OrderNumber {
  readonly letters: string;
  readonly counter: number;
}

export const formatOrderNumber = (letters: string, counter: number): string => `${letters}-${counter}`;

/** The parts of a well-formed till number ("A-17"), or null. */
export function parseOrderNumber(text: string): OrderNumber | null {
  const match = WELL_FORMED.exec(text);
  return match ? { letters: match[1] as string, counter: Number(match[2]) } : null;
}

/** Does this `order_id` claim to be a till's sale number (and so must be well formed and the till's own)? */
export const isTillShaped = (text: string): boolean => TILL_SHAPED.test(text);
