/**
 * The one module screens call to show and read numbers, money and dates, in the employee's language (uz-Latn, ru,
 * en) through Intl. Money and quantities arrive as canonical decimal strings and never pass through a JS float: the
 * integer part is formatted by Intl.NumberFormat on a bigint (exact at any size) and the fraction digits are the
 * string's own, joined with the language's decimal sign. Arithmetic goes through shared/decimal.ts (bigint units).
 *
 * Every function takes the language as its last argument. Components get them bound to the language on screen from
 * `useFormat()` (renderer/lib/use-format.ts); a call without a language uses the language the app root last
 * rendered (`setDisplayLanguage`, called by the IntlRoot in state/context.tsx) — right for calls made while
 * rendering a component that re-renders when the language changes, which is why `useFormat()` is preferred.
 */
import { formatDecimal, MONEY, parseDecimal, QUANTITY, type DecimalKind } from '../../shared/decimal.js';
import { LOCALES, type Language } from '../i18n/index.js';

let displayLanguage: Language = 'uz';

/**
 * The locale Intl formats numbers and dates with for a language. Chromium's trimmed ICU data has no Uzbek (Node's
 * full ICU has): Intl still "supports" uz there, but formats with the root locale's data ("12,000.5",
 * "2026-11-25", month "M11"). Uzbek's CLDR conventions are the same as Russian's for numbers (no-break-space groups,
 * decimal comma) and as British English's for numeric dates (dd/MM/yyyy, 24-hour time), so those stand in when the
 * runtime lacks Uzbek's data — detected by a month name that comes out as the root locale's "M01".
 */
const hasData = new Map<string, boolean>();
function hasLocaleData(locale: string): boolean {
  let known = hasData.get(locale);
  if (known === undefined) {
    known = !/^M?0?1$/.test(new Intl.DateTimeFormat(locale, { month: 'long' }).format(new Date(2026, 0, 15)));
    hasData.set(locale, known);
  }
  return known;
}

/** The locale to format with; `hasData` is the runtime check, passed in by tests. */
export function formatLocale(
  language: Language,
  kind: 'number' | 'date',
  hasData: (locale: string) => boolean = hasLocaleData,
): string {
  const wanted = LOCALES[language];
  if (language !== 'uz' || hasData(wanted)) return wanted;
  return kind === 'number' ? LOCALES.ru : LOCALES.en;
}

/** Called by the app root when it renders: the language used by calls that do not pass one. */
export function setDisplayLanguage(language: Language): void {
  displayLanguage = language;
}

const integerFormats = new Map<Language, Intl.NumberFormat>();
function integerFormat(language: Language): Intl.NumberFormat {
  let format = integerFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(formatLocale(language, 'number'), { maximumFractionDigits: 0, useGrouping: true });
    integerFormats.set(language, format);
  }
  return format;
}

/** The language's decimal sign ("," in uz and ru, "." in en). */
const decimalSigns = new Map<Language, string>();
export function decimalSign(language: Language = displayLanguage): string {
  const known = decimalSigns.get(language);
  if (known !== undefined) return known;
  const parts = new Intl.NumberFormat(formatLocale(language, 'number'), { minimumFractionDigits: 1 }).formatToParts(1.5);
  const sign = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  decimalSigns.set(language, sign);
  return sign;
}

/**
 * Formats a signed integer part and fraction digits in the language: the sign and grouping are Intl's, from a
 * bigint (exact); the fraction digits are appended after the language's decimal sign.
 */
function formatExact(negative: boolean, integer: bigint, fraction: string, language: Language): string {
  const format = integerFormat(language);
  // A negative zero integer ("-0.50") cannot be a bigint: format -1 for the sign's place and swap the digit.
  const parts =
    negative && integer === 0n
      ? format.formatToParts(-1n).map((part) => (part.type === 'integer' ? { ...part, value: '0' } : part))
      : format.formatToParts(negative ? -integer : integer);
  // The typographic minus (U+2212), as the screens showed before: a hyphen is easy to miss in a column of amounts.
  const signed = parts.map((part) => (part.type === 'minusSign' ? { ...part, value: '\u2212' } : part));
  const text = signed.map((part) => part.value).join('');
  if (!fraction) return text;
  let lastNumberPart = -1;
  signed.forEach((part, index) => {
    if (part.type === 'integer' || part.type === 'group') lastNumberPart = index;
  });
  const before = signed
    .slice(0, lastNumberPart + 1)
    .map((part) => part.value)
    .join('');
  const after = signed
    .slice(lastNumberPart + 1)
    .map((part) => part.value)
    .join('');
  return `${before}${decimalSign(language)}${fraction}${after}`;
}

/** Splits canonical decimal text; undefined when the text is not a decimal of `kind`. */
function split(text: string, kind: DecimalKind): { negative: boolean; integer: bigint; fraction: string } | undefined {
  const parsed = parseDecimal(text, kind);
  if (!parsed.ok) return undefined;
  const canonical = formatDecimal(parsed.units, kind);
  const negative = canonical.startsWith('-');
  const [integer = '0', fraction = ''] = (negative ? canonical.slice(1) : canonical).split('.');
  return { negative, integer: BigInt(integer), fraction };
}

/**
 * Money in so'm: "12000.00" → "12 000" (uz, ru) / "12,000" (en); an amount with a fraction shows two places
 * ("12000.5" → "12 000,50" / "12,000.50"). Text that is not a decimal is shown as it is.
 */
export function showMoney(text: string, language: Language = displayLanguage): string {
  const value = split(text, MONEY);
  if (!value) return text;
  return formatExact(value.negative, value.integer, value.fraction ? value.fraction.padEnd(MONEY.scale, '0') : '', language);
}

/** A quantity with only the decimals it has: "1000" → "1 000", "37.5" → "37,5" (uz, ru) / "37.5" (en). */
export function showQuantity(text: string, language: Language = displayLanguage): string {
  const value = split(text, QUANTITY);
  if (!value) return text;
  return formatExact(value.negative, value.integer, value.fraction, language);
}

/** Spaces a display may group digits with: space, no-break space, narrow no-break space, thin space. */
const GROUP_SPACES = /[\s\u00a0\u202f\u2009\u2007]/g;
const EN_GROUPED = /^-?\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * Typed text as canonical decimal text ("-1234.5"), accepting what the display shows in the language: digits
 * grouped by spaces (any kind), a "−" or "-" sign, and the decimal sign — "," or "." in uz and ru (where "." is
 * never a group separator), "." in en, where "," groups thousands ("12,000.50") and a lone comma not followed by
 * groups of three is taken as a decimal comma ("125000,50"). Undefined when it is not a number.
 */
export function normaliseNumber(text: string, language: Language = displayLanguage): string | undefined {
  let value = text
    .trim()
    .replace(/\u2212/g, '-')
    .replace(GROUP_SPACES, '');
  if (value === '') return undefined;
  if (language === 'en') {
    if (EN_GROUPED.test(value)) value = value.replace(/,/g, '');
    else if (/^-?\d*,\d*$/.test(value)) value = value.replace(',', '.');
  } else if (/^-?\d*,\d*$/.test(value)) value = value.replace(',', '.');
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value);
  if (!match || (!match[2] && !match[3])) return undefined;
  const [, sign = '', integer = '', fraction = ''] = match;
  return `${sign}${integer || '0'}${fraction ? `.${fraction}` : ''}`;
}

/** Units of typed or stored decimal text, or undefined when it is not one (e.g. a half-typed input). */
export function unitsOrUndefined(text: string, kind: DecimalKind, language: Language = displayLanguage): bigint | undefined {
  const normalised = normaliseNumber(text, language);
  if (normalised === undefined) return undefined;
  const parsed = parseDecimal(normalised, kind);
  return parsed.ok ? parsed.units : undefined;
}

function toDate(value: string | Date | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const CLOCK_OPTIONS: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(language: Language, kind: 'date' | 'dateTime' | 'time'): Intl.DateTimeFormat {
  const key = `${language}:${kind}`;
  let format = dateFormats.get(key);
  if (!format) {
    const options =
      kind === 'date'
        ? DATE_OPTIONS
        : kind === 'dateTime'
          ? { ...DATE_OPTIONS, ...CLOCK_OPTIONS }
          : { ...CLOCK_OPTIONS, second: '2-digit' as const };
    format = new Intl.DateTimeFormat(formatLocale(language, 'date'), options);
    dateFormats.set(key, format);
  }
  return format;
}

/** A calendar day in the language's one date format (uz/en "25/11/2026", ru "25.11.2026"); "" for none. */
export function showDate(value: string | Date | null | undefined, language: Language = displayLanguage): string {
  const date = toDate(value);
  return date ? dateFormat(language, 'date').format(date) : '';
}

/** The same date format followed by the 24-hour time ("25.11.2026, 14:05"); "" for a missing or unparseable value. */
export function showDateTime(value: string | Date | null | undefined, language: Language = displayLanguage): string {
  const date = toDate(value);
  return date ? dateFormat(language, 'dateTime').format(date) : '';
}

/** A time of day with seconds ("14:05:09"), for the sync status. */
export function showTime(value: string | Date | null | undefined, language: Language = displayLanguage): string {
  const date = toDate(value);
  return date ? dateFormat(language, 'time').format(date) : '';
}

/** Lower-case text without separators, for matching a search against names and phone numbers. */
export function searchKey(text: string | null | undefined): string {
  return (text ?? '').toLocaleLowerCase().replace(/[\s()+\-.]/g, '');
}
