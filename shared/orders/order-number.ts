/**
 * A sale's short number, one a cashier can say and a client can read off the receipt: the till's letters, a dash,
 * and the till's own sale counter — "A-17", "B-3", "AA-120". The letters spell the workplace's number in the
 * business (migration 0029: 1 → A, 26 → Z, 27 → AA, never reused); the counter is kept by the till in the
 * transaction that stores the sale (main/terminal/order-number.ts). The number travels as the reference's own
 * `order_id`, so the sales list, the refund search and the printed receipt (its number and its Code 128) show it
 * without a new field. Shared by the till and the service.
 *
 * Two more parts keep numbers apart where letters and a counter cannot:
 * - an install tag, "B-17.K7Q": a copy of a till's data opened by another install (another computer or folder)
 *   counts in a series of its own, which the original never produces;
 * - a suffix, "B-17/2": the service gives it to a till's sale that arrives with a number another sale already holds
 *   (two terminals on one workplace, a till put back to an old copy of itself). No till makes one.
 * The service holds every sale number once per business (app/orders/sale-number-claim.ts).
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

/** The till number the letters spell ("AA" → 27): the inverse of `tillLetters`. */
export function tillNumberOf(letters: string): number {
  if (!/^[A-Z]{1,3}$/.test(letters)) throw new RangeError(`"${letters}" are not a till's letters`);
  let number = 0;
  for (const letter of letters) number = number * 26 + (letter.charCodeAt(0) - 64);
  return number;
}

/** ZZZ: the most tills a business numbers with three letters. */
export const MAX_TILL_NUMBER = 18_278;

/** The largest counter a number carries (nine digits: a till selling every second for thirty years). */
export const MAX_SALE_COUNTER = 999_999_999;

/** An install tag: three of 0–9 and A–Z. */
export const INSTALL_TAG = /^[0-9A-Z]{3}$/;

const WELL_FORMED = /^([A-Z]{1,3})-([1-9][0-9]{0,8})(?:\.([0-9A-Z]{3}))?(?:\/([2-9]|[1-9][0-9]{1,8}))?$/;
/** Anything shaped like a till's number — letters, a dash, digits, perhaps a tag — which must then be well formed. */
const TILL_SHAPED = /^[A-Za-z]+-[0-9]+(?:\.[0-9A-Za-z]+)?$/;

export interface OrderNumber {
  readonly letters: string;
  readonly counter: number;
  /** The install tag of a copied till's series ("K7Q" in "B-17.K7Q"); absent in the till's own. */
  readonly tag?: string;
  /** The service's suffix for a sale whose number was taken ("2" in "B-17/2"); absent otherwise. */
  readonly suffix?: number;
}

export const formatOrderNumber = (letters: string, counter: number, tag?: string | null): string =>
  tag ? `${letters}-${counter}.${tag}` : `${letters}-${counter}`;

/** A sale number with the service's suffix: the number a sale gets when the one it was printed with is taken. */
export const withSuffix = (number: string, suffix: number): string => `${number}/${suffix}`;

/** The parts of a well-formed sale number ("A-17", "A-17.K7Q", "A-17/2"), or null. */
export function parseOrderNumber(text: string): OrderNumber | null {
  const match = WELL_FORMED.exec(text);
  if (!match) return null;
  const [, letters, counter, tag, suffix] = match as unknown as [string, string, string, string | undefined, string | undefined];
  return {
    letters,
    counter: Number(counter),
    ...(tag ? { tag } : {}),
    ...(suffix ? { suffix: Number(suffix) } : {}),
  };
}

/** Does this `order_id` claim to be a till's sale number (and so must be well formed and the till's own)? */
export const isTillShaped = (text: string): boolean => TILL_SHAPED.test(text);
