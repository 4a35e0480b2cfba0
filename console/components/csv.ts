/**
 * Tables exported as CSV files that open correctly in Excel, by double-click, in the owner's language:
 * - UTF-8 with a byte-order mark, so Excel reads Cyrillic and o‘/g‘ as written (without it, it guesses a code page);
 * - the delimiter Excel expects in that language's regional settings: ";" in uz and ru (where "," is the decimal
 *   sign), "," in en; and amounts written with that language's decimal sign and no digit grouping ("1250,5" in uz
 *   and ru, "1250.5" in en), so Excel reads them as numbers, not text. No "sep=" line: with one, Excel ignores
 *   the byte-order mark.
 * Cells are written by papaparse's `unparse` (quotes where a cell holds the delimiter, a quote or a line break; its
 * own `escapeFormulae` is off because it cannot tell a negative number from text). Text cells that a spreadsheet
 * would run as a formula get a leading apostrophe; numbers stay numbers. Money stays a decimal string all the way:
 * only its decimal point is swapped.
 */
import Papa from 'papaparse';
import { neutraliseFormula } from '../../shared/spreadsheet-text.js';
import type { Language } from '../i18n/index.js';

export const BOM = '\uFEFF';

export const CSV_DELIMITER: Record<Language, string> = { uz: ';', ru: ';', en: ',' };

/**
 * A cell: text (neutralised when a spreadsheet would run it, shared/spreadsheet-text.ts), or a number — a decimal
 * string, written with the language's decimal sign and never neutralised, since `-5` is a number, not a formula.
 */
export type CsvCell = string | { readonly decimal: string | null } | null;

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** "1250.5" → "1250,5" in uz and ru; anything that is not a decimal string is left as it is. */
export function csvDecimal(value: string, language: Language): string {
  return language !== 'en' && /^-?\d+\.\d+$/.test(value) ? value.replace('.', ',') : value;
}

/** The CSV text (with the byte-order mark) of a header row and data rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], language: Language): string {
  const cell = (value: CsvCell): string => {
    if (value === null) return '';
    if (typeof value === 'string') return neutraliseFormula(value);
    if (value.decimal === null) return '';
    // A "number" that is not one is text after all, and treated as text.
    return PLAIN_NUMBER.test(value.decimal) ? csvDecimal(value.decimal, language) : neutraliseFormula(value.decimal);
  };
  const body = Papa.unparse(
    { fields: header.map(neutraliseFormula), data: rows.map((row) => row.map(cell)) },
    { delimiter: CSV_DELIMITER[language], newline: '\r\n', quotes: false, escapeFormulae: false },
  );
  return `${BOM}${body}\r\n`;
}
