/**
 * Text that a spreadsheet opens as text, never runs (CSV / formula injection, OWASP): Excel, LibreOffice and Google
 * Sheets read a cell beginning with `=`, `+`, `-` or `@` — or a tab or carriage return before one — as a formula,
 * so an item or client named `=HYPERLINK("http://…")` imported from a file, kept as it was typed, would run in the
 * owner's spreadsheet when a report is exported. Imports store such text verbatim (it is the name the owner gave);
 * every export writes its text cells through here. Numbers are not text: an export writes them as numbers
 * (a negative amount `-5` stays a number), only text cells are neutralised.
 */

/** The first characters OWASP lists as starting a formula: = + - @, tab (0x09), carriage return (0x0D). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** True when a spreadsheet would read `text`, written as a cell, as a formula. */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/**
 * `text` for a spreadsheet's text cell: with a leading apostrophe when it starts like a formula (OWASP's
 * recommendation; Excel shows the text and hides nothing but the apostrophe), unchanged otherwise.
 */
export function neutraliseFormula(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text;
}
