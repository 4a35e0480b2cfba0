/**
 * The GS1 check digit shared by EAN-13, EAN-8 and UPC-A (all are GTINs): weights 3,1,3,1… from the rightmost data
 * digit. A keyboard-wedge scanner usually verifies it, but a code typed by hand or a label re-encoded as Code 128
 * does not, and a misread weight label would put the wrong quantity on a receipt — so the till checks it again.
 */

const DIGITS_ONLY = /^\d+$/;

/** The check digit (0–9) for the data digits of a GTIN (the code without its last digit). */
export function gtinCheckDigit(dataDigits: string): number {
  let total = 0;
  for (let fromRight = 0; fromRight < dataDigits.length; fromRight += 1) {
    const digit = dataDigits.charCodeAt(dataDigits.length - 1 - fromRight) - 48;
    total += fromRight % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (total % 10)) % 10;
}

/** Whether `code` is all digits, `length` long, and ends with its correct check digit. Never throws. */
function isValidGtin(code: string, length: number): boolean {
  if (code.length !== length || !DIGITS_ONLY.test(code)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === code.charCodeAt(length - 1) - 48;
}

export const isValidEan13 = (code: string): boolean => isValidGtin(code, 13);
export const isValidEan8 = (code: string): boolean => isValidGtin(code, 8);
export const isValidUpcA = (code: string): boolean => isValidGtin(code, 12);

/** `dataDigits` followed by its check digit: how tests and label printers build a code. */
export const withCheckDigit = (dataDigits: string): string => `${dataDigits}${gtinCheckDigit(dataDigits)}`;
