/**
 * EAN-13 check digits (GS1 General Specifications §7.9.1): digits weighted 1, 3, 1, 3, … from the left over the
 * first twelve, and the check digit brings the weighted sum up to a multiple of ten. A scanner refuses a code whose
 * last digit is wrong, so the demo's barcodes must be right for a real scanner to find them.
 */

const TWELVE_DIGITS = /^[0-9]{12}$/;
const THIRTEEN_DIGITS = /^[0-9]{13}$/;

/** The check digit of an EAN-13 whose first twelve digits are `body`. */
export function ean13CheckDigit(body: string): number {
  if (!TWELVE_DIGITS.test(body)) throw new Error(`an EAN-13 body is twelve digits, got "${body}"`);
  let weighted = 0;
  for (let index = 0; index < 12; index += 1) weighted += Number(body[index]) * (index % 2 === 0 ? 1 : 3);
  return (10 - (weighted % 10)) % 10;
}

/** True when `code` is thirteen digits whose last one is the right check digit. */
export function isValidEan13(code: string): boolean {
  return THIRTEEN_DIGITS.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}
