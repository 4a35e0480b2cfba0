/**
 * Turns any text a receipt may carry (item names typed by a manager, Uzbek Latin labels, Uzbek Cyrillic) into
 * characters that exist in the printer's Cyrillic code page. Why here and not in the encoder: the encoder prints
 * "?" for a character its table lacks, and Uzbek text is full of them — the Uzbek Latin "ʻ" (U+02BB, Oʻzbekiston)
 * and its stand-ins "‘ ’ ` ´ ʼ", and the Uzbek Cyrillic Қ, Ғ, Ҳ, which neither cp866 nor windows-1251 holds.
 * A cashier reads "O'zbekiston" and "Кулупнай" without effort; "O?zbekiston" and "?улупнай" look broken.
 */

/** Uzbek apostrophes and typographic marks → ASCII; Uzbek Cyrillic letters missing in cp866/1251 → nearest Russian. */
const REPLACEMENTS: Readonly<Record<string, string>> = {
  '\u02BB': "'", // ʻ modifier letter turned comma (oʻ, gʻ)
  '\u02BC': "'", // ʼ modifier letter apostrophe (tutuq belgisi)
  '\u2018': "'", // ‘
  '\u2019': "'", // ’
  '\u0060': "'", // `
  '\u00B4': "'", // ´
  '\u201C': '"', // “
  '\u201D': '"', // ”
  '\u00AB': '"', // «  (absent from cp866)
  '\u00BB': '"', // »
  '\u2013': '-', // –
  '\u2014': '-', // —
  '\u2212': '-', // − minus sign
  '\u00A0': ' ', // no-break space
  '\u202F': ' ', // narrow no-break space (some number formatters group with it)
  '\u2026': '...', // …
  '\u049A': 'К', // Қ
  '\u049B': 'к', // қ
  '\u0492': 'Г', // Ғ
  '\u0493': 'г', // ғ
  '\u04B2': 'Х', // Ҳ
  '\u04B3': 'х', // ҳ
};

const REPLACEABLE = new RegExp(`[${Object.keys(REPLACEMENTS).join('')}]`, 'gu');

/** Control characters in a name would reach the printer as commands (ESC, GS, DLE…): a space is printed instead. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/g;

/**
 * Accented Latin letters (é in "Café", ü, ñ…) are in neither cp866 nor windows-1251: their base letter is printed
 * ("Cafe", not "Caf?"). Only Latin ones: Cyrillic й and ё must stay whole.
 */
const ACCENTED_LATIN = /[\u00C0-\u024F\u1E00-\u1EFF]/gu;
const COMBINING_MARKS = /[\u0300-\u036F]/g;

/** Text with every character replaced by one the receipt's code pages (cp866, windows-1251) can print. */
export function printableText(text: string): string {
  return text
    .normalize('NFC')
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(REPLACEABLE, (character) => REPLACEMENTS[character] ?? character)
    .replace(ACCENTED_LATIN, (character) => character.normalize('NFD').replace(COMBINING_MARKS, ''));
}
