/**
 * Display formatting. Money and quantities arrive as canonical decimal strings and are shown by rewriting the
 * text (grouping digits, padding money to 2 places): no number ever passes through a JS float here. Arithmetic
 * goes through shared/decimal.ts (bigint units).
 */
import { formatDecimal, MONEY, parseDecimal, QUANTITY, type DecimalKind } from '../../shared/decimal.js';
import { LOCALES, type Language } from '../i18n/index.js';

const THIN_SPACE = '\u202f';

/** "1234567.5" → "1 234 567.50" (money) or "1 234 567.5" (quantity); text that is not a decimal is shown as is. */
function grouped(text: string, kind: DecimalKind, fixedScale: boolean): string {
  const parsed = parseDecimal(text, kind);
  if (!parsed.ok) return text;
  const canonical = formatDecimal(parsed.units, kind);
  const negative = canonical.startsWith('-');
  const [integer = '0', fraction = ''] = (negative ? canonical.slice(1) : canonical).split('.');
  const groups = integer.replace(/\B(?=(\d{3})+(?!\d))/g, THIN_SPACE);
  const shownFraction = fixedScale ? fraction.padEnd(kind.scale, '0') : fraction;
  return `${negative ? '−' : ''}${groups}${shownFraction ? `.${shownFraction}` : ''}`;
}

export const showMoney = (text: string): string => grouped(text, MONEY, true);
export const showQuantity = (text: string): string => grouped(text, QUANTITY, false);

/** Units of a decimal string, or undefined when it is not one (e.g. a half-typed input). */
export function unitsOrUndefined(text: string, kind: DecimalKind): bigint | undefined {
  const parsed = parseDecimal(text.trim().replace(',', '.'), kind);
  return parsed.ok ? parsed.units : undefined;
}

/** A date and time in the employee's language, or "" for a missing or unparseable value. */
export function showDateTime(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** A time of day ("14:05"), for the sync status. */
export function showTime(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[language], { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(date);
}

/** Lower-case text without separators, for matching a search against names and phone numbers. */
export function searchKey(text: string | null | undefined): string {
  return (text ?? '').toLocaleLowerCase().replace(/[\s()+\-.]/g, '');
}
