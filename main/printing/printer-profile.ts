/**
 * What a printer can do, as far as layouts and encoding care: paper width (columns) and which code page carries its
 * Cyrillic. Why a profile and not `codepage: 'auto'`: "auto" switches to whatever table holds a character (e.g. the
 * Kazakh rk1048 for "қ"), and many cheap printers sold here do not have those tables — they print garbage. One
 * known table per printer, plus our own replacements for what it lacks (printable-text.ts), prints the same on all.
 */

export type PaperWidth = '58mm' | '80mm';

/** The code pages we print Cyrillic with; both hold Ў/ў, neither holds Қ/Ғ/Ҳ. */
export type CyrillicCodePage = 'cp866' | 'windows1251';

/** The encoder's codepage-number tables we accept (same names as @point-of-sale/receipt-printer-encoder). */
export type CodePageMapping = 'epson' | 'xprinter' | 'pos-8360' | 'bixolon' | 'citizen' | 'hp' | 'mpt';

export interface PrinterProfile {
  readonly paperWidth: PaperWidth;
  /** `latin`: the printer has no Cyrillic table; documents are transliterated to ASCII (latin-fallback.ts). */
  readonly codePage: CyrillicCodePage | 'latin';
  readonly codePageMapping: CodePageMapping;
}

/** Characters per line in font A: 58 mm paper prints 32, 80 mm prints 48. */
export function columnsOf(width: PaperWidth): number {
  return width === '58mm' ? 32 : 48;
}

/** Most ESC/POS printers sold in Uzbekistan (Xprinter, Epson clones) carry cp866 at table 17. */
export const DEFAULT_PRINTER_PROFILE: PrinterProfile = { paperWidth: '80mm', codePage: 'cp866', codePageMapping: 'epson' };
