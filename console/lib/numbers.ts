/**
 * Money and percentages as the console shows and reads them — always decimal strings, never JS numbers: the
 * service sends "12500.5", the page shows "12 500,5" in uz and ru and "12,500.5" in en, and what the owner types
 * ("1 200,50") goes back as "1200.50" for the service to validate. The same conventions as the terminal's
 * renderer/lib/format.ts (no-break-space groups and a decimal comma in uz and ru), written as plain string work so
 * the console does not import the renderer.
 */
import type { Language } from '../i18n/index.js';

const GROUP: Record<Language, string> = { uz: '\u00a0', ru: '\u00a0', en: ',' };
const DECIMAL_SIGN: Record<Language, string> = { uz: ',', ru: ',', en: '.' };

/** "12500.5" → "12 500,5" (uz, ru) or "12,500.5" (en); anything that is not a decimal string is shown as it is. */
export function showDecimal(text: string | null | undefined, language: Language): string {
  if (text === null || text === undefined || text === '') return '';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP[language]);
  return `${sign}${grouped}${fraction === undefined ? '' : `${DECIMAL_SIGN[language]}${fraction}`}`;
}

/**
 * What the owner typed, as the service's decimal string, by the conventions of the language on screen: spaces (also
 * no-break and thin ones) and apostrophes between digit groups removed; in en a comma groups digits ("1,250.5"), in
 * uz and ru a comma is the decimal sign ("1 250,5") — and a point is accepted there too, as people type it. Not
 * validated here: the service names the field if it is not a number.
 */
export function readDecimal(typed: string, language: Language): string {
  const compact = typed.trim().replace(/[\s\u00a0\u202f'’]/g, '');
  if (language !== 'en') return compact.replace(',', '.');
  // In en a comma only groups thousands ("1,250.5"); "12,5" is not read as 125 but left for the service to refuse.
  return /^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(compact) ? compact.replace(/,/g, '') : compact;
}

/** A stored decimal for an input the language's way ("1250.5" → "1 250,5"), so an edit starts from what the table shows. */
export function decimalForInput(stored: string | null | undefined, language: Language): string {
  return showDecimal(stored, language);
}

/**
 * What was typed in one language, re-written for another (the language switched while a form is open), so it is
 * never read by the wrong conventions ("1 250,5" typed in ru must not become 12505 in en). Text that is not a number
 * in the language it was typed in is left as typed.
 */
export function retypeDecimal(typed: string, from: Language, to: Language): string {
  if (from === to || typed.trim() === '') return typed;
  const read = readDecimal(typed, from);
  return /^-?\d+(?:\.\d+)?$/.test(read) ? showDecimal(read, to) : typed;
}

/** A percentage and/or a fixed amount in one cell: "12,5 %", "1 250,5", or "12,5 % + 1 250,5". */
export function showRate(percent: string | null | undefined, amount: string | null | undefined, language: Language): string {
  const parts = [percent ? `${showDecimal(percent, language)}\u00a0%` : '', amount ? showDecimal(amount, language) : ''].filter(Boolean);
  return parts.join(' + ');
}
