/**
 * The fallback for a printer without any Cyrillic code page (type `latin`, printer-settings.ts): the laid-out
 * document is transliterated to Latin letters — Uzbek Cyrillic by the official Uzbek Latin alphabet, Russian by the
 * usual scheme a reader in Uzbekistan expects (ш sh, ч ch, ж j, ц ts, я ya…) — and every line fitted to the paper
 * again, since a transliterated word can be longer ("Щи" → "Shchi"). Why not a raster image of the text: nothing in
 * the terminal rasterises fonts, and an image prints many times slower; plain ASCII prints on every ESC/POS printer.
 */
import { wrapText } from './line-fitting.js';
import type { PrintBlock, PrintDocument } from './print-document.js';
import { printableText } from './printable-text.js';

const LETTERS: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'j', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'x', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: "'", ы: 'i', ь: '', э: 'e', ю: 'yu', я: 'ya', ў: "o'", қ: 'q', ғ: "g'", ҳ: 'h', '№': 'No',
};

const isCapital = (character: string | undefined) => character !== undefined && character !== character.toLowerCase();

/** A capital becomes "Ch" in a word ("Чай" → "Chay") and "CH" in a word in capitals ("ЧЕК" → "CHEK"). */
function latinLetter(letter: string, offset: number, text: string): string {
  const lower = letter.toLowerCase();
  const latin = LETTERS[lower];
  if (latin === undefined) return letter;
  if (lower === letter || latin === '') return latin;
  if (isCapital(text[offset + 1]) || (isCapital(text[offset - 1]) && !/\p{L}/u.test(text[offset + 1] ?? ''))) return latin.toUpperCase();
  return latin.charAt(0).toUpperCase() + latin.slice(1);
}

/** `text` in ASCII Latin letters (Cyrillic transliterated, the rest as printable-text.ts makes it). */
export function latinText(text: string): string {
  const normalised = text.normalize('NFC');
  const transliterated = normalised.replace(/[\u0400-\u04FF№]/g, (letter, offset: number) => latinLetter(letter, offset, normalised));
  // Whatever is still not ASCII (a letter of another script) would print as "?": say so plainly.
  return printableText(transliterated).replace(/[^\x20-\x7E]/g, '?');
}

/** A "label ...... value" line with its padding (the longest run of 2+ spaces inside it) fitted to `columns`. */
function refitPair(text: string, columns: number): string | undefined {
  const padding = [...text.matchAll(/\S( {2,})\S/g)].sort((a, b) => (b[1]?.length ?? 0) - (a[1]?.length ?? 0))[0];
  if (padding?.index === undefined) return undefined;
  const start = padding.index + 1;
  const left = text.slice(0, start);
  const right = text.slice(start + (padding[1]?.length ?? 0));
  const room = columns - left.length - right.length;
  return room >= 1 ? `${left}${' '.repeat(room)}${right}` : undefined;
}

/** Layouts indent by exactly two spaces; more (or one) leading spaces on a line without padding is centring. */
function recentred(original: string, text: string, columns: number): string {
  const lead = /^ */.exec(original)?.[0].length ?? 0;
  if (lead === 0 || lead === 2) return text;
  const body = text.trim();
  return ' '.repeat(Math.max(0, Math.floor((columns - body.length) / 2))) + body;
}

function latinBlock(block: PrintBlock, columns: number): PrintBlock[] {
  if (block.kind !== 'line') return [block];
  const text = latinText(block.text);
  if (text.length === block.text.length) return [{ ...block, text }];
  const pair = /\S {2,}\S/.test(block.text) ? refitPair(text, columns) : undefined;
  if (pair) return [{ ...block, text: pair }];
  if (text.length <= columns) return [{ ...block, text: recentred(block.text, text, columns) }];
  return wrapText(text, columns).map((line) => ({ ...block, text: line }));
}

/** `document` with every line in ASCII Latin, fitted to its columns again. */
export function latinDocument(document: PrintDocument): PrintDocument {
  return { columns: document.columns, blocks: document.blocks.flatMap((block) => latinBlock(block, document.columns)) };
}
