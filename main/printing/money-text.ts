/**
 * Money and quantities as printed on paper. Amounts arrive as canonical decimal strings (shared/decimal.ts) and are
 * reformatted textually, never through a JS number: "1250000" prints "1 250 000", "12500.5" prints "12 500.50".
 * So'm amounts are whole in practice, so decimals appear only when an amount really has a fraction.
 */
import { MONEY, QUANTITY, parseDecimal } from '../../shared/decimal.js';

/** Thrown by a layout given a malformed amount; the print queue turns it into an "invalid_document" outcome. */
export class UnprintableValueError extends Error {
  constructor(field: string, value: string, problem: string) {
    super(`${field} "${value}" ${problem}`);
    this.name = 'UnprintableValueError';
  }
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** "-1250000.5" → "-1 250 000.50"; "300" → "300". */
export function printedMoney(amount: string, field = 'amount'): string {
  const parsed = parseDecimal(amount, MONEY);
  if (!parsed.ok) throw new UnprintableValueError(field, amount, parsed.problem);
  const negative = parsed.units < 0n;
  const units = negative ? -parsed.units : parsed.units;
  const whole = groupThousands((units / 100n).toString());
  const cents = units % 100n;
  const body = cents === 0n ? whole : `${whole}.${cents.toString().padStart(2, '0')}`;
  return negative ? `-${body}` : body;
}

/** An amount taken away (discount, refund): "1500" → "-1 500", but "0" stays "0". */
export function printedDeduction(amount: string, field = 'amount'): string {
  const printed = printedMoney(amount, field);
  return printed === '0' || printed.startsWith('-') ? printed : `-${printed}`;
}

/** Whether a valid amount is zero ("0", "0.00"); malformed amounts are not zero (they fail when printed). */
export function isZeroAmount(amount: string): boolean {
  const parsed = parseDecimal(amount, MONEY);
  return parsed.ok && parsed.units === 0n;
}

/** A quantity as the cashier entered it: "2" → "2", "0.375" → "0.375", "1500" → "1 500". */
export function printedQuantity(quantity: string, field = 'quantity'): string {
  const parsed = parseDecimal(quantity, QUANTITY);
  if (!parsed.ok) throw new UnprintableValueError(field, quantity, parsed.problem);
  const [whole = '0', fraction] = quantity.replace(/^-/, '').split('.');
  const trimmedWhole = groupThousands(whole.replace(/^0+(?=\d)/, ''));
  const trimmedFraction = fraction?.replace(/0+$/, '');
  const body = trimmedFraction ? `${trimmedWhole}.${trimmedFraction}` : trimmedWhole;
  return parsed.units < 0n ? `-${body}` : body;
}
