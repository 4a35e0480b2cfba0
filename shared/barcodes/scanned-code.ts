/**
 * What a keyboard-wedge scanner typed. A scanner "types" the code and then a suffix (Enter, Tab, sometimes CR LF);
 * some add a prefix (an AIM symbology identifier such as "]E0", when so configured) or send GS1 separators. The
 * till sees only text, so this decides which symbology the text is: a GTIN (EAN-13, EAN-8, UPC-A) when it is all
 * digits of that length with a correct check digit, else free text as Code 128 carries it. Digits of a GTIN length
 * with a wrong check digit stay free text (a shop may print its own Code 128 labels that happen to be 13 digits),
 * but carry the hint so the till can say "misread" rather than "unknown" when nothing matches. Never throws.
 */
import { isValidEan13, isValidEan8, isValidUpcA } from './check-digit.js';

export type GtinSymbology = 'ean13' | 'ean8' | 'upca';

export type ScannedCode =
  | { readonly kind: 'empty' }
  /** `text` is the code as scanned; `ean13` is its 13-digit form (UPC-A with a leading 0) when it has one. */
  | { readonly kind: GtinSymbology; readonly text: string; readonly ean13: string | null; readonly upcA: string | null }
  | { readonly kind: 'code128'; readonly text: string; readonly badCheckDigitFor: GtinSymbology | null };

/** Longest text treated as one scan: a till never scans a page of text, and lookups stay cheap. */
export const MAX_SCANNED_LENGTH = 128;

// Whitespace and ASCII control characters (CR, LF, Tab, GS, NUL…) that scanners put around a code.
// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const EDGE_NOISE = /^[\s\u0000-\u001f\u007f]+|[\s\u0000-\u001f\u007f]+$/g;
const DIGITS_ONLY = /^\d+$/;
// "]" + symbology letter + modifier character (ISO/IEC 15424), e.g. "]E0" EAN-13, "]E4" EAN-8, "]C1" GS1-128.
const AIM_IDENTIFIER = /^\][A-Za-z][0-9A-Za-z](?=.)/s;

/**
 * The scanned text without the scanner's leading and trailing whitespace and control characters, and without an
 * AIM symbology identifier in front (scanners send one only when configured to; no product code starts with "]").
 */
export function trimScannerNoise(raw: string): string {
  return raw.replace(EDGE_NOISE, '').replace(AIM_IDENTIFIER, '').replace(EDGE_NOISE, '');
}

function gtinLengthSymbology(digits: string): GtinSymbology | null {
  if (digits.length === 13) return 'ean13';
  if (digits.length === 12) return 'upca';
  if (digits.length === 8) return 'ean8';
  return null;
}

/** Classifies one scan. `raw` is whatever the scanner typed, suffix included; non-strings count as empty. */
export function classifyScannedCode(raw: unknown): ScannedCode {
  if (typeof raw !== 'string') return { kind: 'empty' };
  // Trimmed again after cutting, so a cut never leaves trailing whitespace.
  const text = trimScannerNoise(trimScannerNoise(raw).slice(0, MAX_SCANNED_LENGTH));
  if (text === '') return { kind: 'empty' };
  if (!DIGITS_ONLY.test(text)) return { kind: 'code128', text, badCheckDigitFor: null };
  if (isValidEan13(text)) {
    return { kind: 'ean13', text, ean13: text, upcA: text.startsWith('0') ? text.slice(1) : null };
  }
  if (isValidUpcA(text)) return { kind: 'upca', text, ean13: `0${text}`, upcA: text };
  if (isValidEan8(text)) return { kind: 'ean8', text, ean13: null, upcA: null };
  return { kind: 'code128', text, badCheckDigitFor: gtinLengthSymbology(text) };
}

/** Every spelling under which a catalogue may hold this code (UPC-A is stored either way round). */
export function barcodeSpellings(code: ScannedCode): string[] {
  if (code.kind === 'empty') return [];
  if (code.kind === 'code128' || code.kind === 'ean8') return [code.text];
  return [...new Set([code.text, code.ean13, code.upcA].filter((spelling): spelling is string => spelling !== null))];
}
