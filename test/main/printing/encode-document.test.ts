import { describe, expect, it } from 'vitest';
import { drawerPulseBytes, encodeDocument } from '../../../main/printing/encode-document.js';
import type { PrintDocument } from '../../../main/printing/print-document.js';
import { layoutDocument } from '../../../main/printing/printable-document.js';
import { previewDocument } from '../../../main/printing/preview-document.js';
import type { PrinterProfile } from '../../../main/printing/printer-profile.js';
import { sampleSale } from './sample-documents.js';

const cp866Epson: PrinterProfile = { paperWidth: '58mm', codePage: 'cp866', codePageMapping: 'epson' };
const windows1251Epson: PrinterProfile = { paperWidth: '58mm', codePage: 'windows1251', codePageMapping: 'epson' };

/** Index of `needle` in `haystack`, -1 if absent. */
function indexOfBytes(haystack: Uint8Array, needle: readonly number[]): number {
  return Buffer.from(haystack).indexOf(Buffer.from(needle));
}

const oneLine = (text: string): PrintDocument => ({ columns: 32, blocks: [{ kind: 'line', text }] });

describe('encoding a print document to ESC/POS', () => {
  it('initialises the printer and selects cp866 (ESC t 17 on Epson-compatible printers) before any text', () => {
    const bytes = encodeDocument(oneLine('ИТОГО'), cp866Epson);
    expect([...bytes.slice(0, 2)]).toEqual([0x1b, 0x40]);
    const codePageSwitch = indexOfBytes(bytes, [0x1b, 0x74, 17]);
    expect(codePageSwitch).toBeGreaterThan(0);
    expect(codePageSwitch).toBeLessThan(indexOfBytes(bytes, [0x88, 0x92, 0x8e, 0x83, 0x8e]));
  });

  it('encodes a Cyrillic line with Uzbek letters to the expected cp866 bytes', () => {
    const bytes = encodeDocument(oneLine('ИТОГО Қаймоқ ўрик'), cp866Epson);
    const expected = [0x88, 0x92, 0x8e, 0x83, 0x8e, 0x20, 0x8a, 0xa0, 0xa9, 0xac, 0xae, 0xaa, 0x20, 0xf7, 0xe0, 0xa8, 0xaa];
    expect(indexOfBytes(bytes, expected)).toBeGreaterThan(0);
    expect(indexOfBytes(bytes, [0x3f])).toBe(-1); // no "?" for a character the table lacks
  });

  it('encodes the same line to windows-1251 bytes after ESC t 46 on a windows-1251 profile', () => {
    const bytes = encodeDocument(oneLine('ИТОГО Қаймоқ ўрик'), windows1251Epson);
    expect(indexOfBytes(bytes, [0x1b, 0x74, 46])).toBeGreaterThan(0);
    const expected = [0xc8, 0xd2, 0xce, 0xc3, 0xce, 0x20, 0xca, 0xe0, 0xe9, 0xec, 0xee, 0xea, 0x20, 0xa2, 0xf0, 0xe8, 0xea];
    expect(indexOfBytes(bytes, expected)).toBeGreaterThan(0);
  });

  it("uses the printer's own table number for the code page (windows-1251 is 23 on Xprinter)", () => {
    const bytes = encodeDocument(oneLine('Итого'), { ...windows1251Epson, codePageMapping: 'xprinter' });
    expect(indexOfBytes(bytes, [0x1b, 0x74, 23])).toBeGreaterThan(0);
  });

  it("prints the Uzbek Latin ʻ as an apostrophe, not as a question mark", () => {
    const bytes = encodeDocument(oneLine('Oʻzbekiston'), cp866Epson);
    expect(indexOfBytes(bytes, [...Buffer.from("O'zbekiston", 'ascii')])).toBeGreaterThan(0);
  });

  it('encodes the drawer pulse as ESC p, emphasis as ESC E, the cut as GS V, and the QR as GS ( k', () => {
    const bytes = encodeDocument(layoutDocument({ type: 'sale-receipt', data: sampleSale() }, 32), cp866Epson);
    expect(indexOfBytes(bytes, [0x1b, 0x70, 0x00])).toBeGreaterThan(0);
    expect(indexOfBytes(bytes, [0x1b, 0x45, 0x01])).toBeGreaterThan(0);
    expect(indexOfBytes(bytes, [0x1d, 0x56])).toBeGreaterThan(0);
    expect(indexOfBytes(bytes, [0x1d, 0x28, 0x6b])).toBeGreaterThan(0);
  });

  it('encodes a Code 128 barcode as GS k 73 with the value', () => {
    const document: PrintDocument = { columns: 32, blocks: [{ kind: 'barcode', value: 'K2-000123' }] };
    const bytes = encodeDocument(document, cp866Epson);
    const at = indexOfBytes(bytes, [0x1d, 0x6b, 73]);
    expect(at).toBeGreaterThan(0);
    expect(Buffer.from(bytes).subarray(at).toString('latin1')).toContain('K2-000123');
  });

  it('prints every text line the preview shows, in the same order', () => {
    for (const language of ['uz', 'ru', 'en'] as const) {
      const document = layoutDocument({ type: 'sale-receipt', data: sampleSale({ language }) }, 32);
      const decoded = new TextDecoder('ibm866').decode(encodeDocument(document, cp866Epson));
      let searchFrom = 0;
      for (const line of previewDocument({ ...document, blocks: document.blocks.filter((block) => block.kind === 'line' || block.kind === 'rule') })) {
        const at = decoded.indexOf(line, searchFrom);
        expect(at, `"${line}" (${language})`).toBeGreaterThanOrEqual(searchFrom);
        searchFrom = at + line.length;
      }
    }
  });

  it('refuses a document laid out for another paper width', () => {
    expect(() => encodeDocument(oneLine('x'), { ...cp866Epson, paperWidth: '80mm' })).toThrow(/32 columns, the printer has 48/);
  });

  it('opens the drawer alone with ESC p and prints nothing', () => {
    const bytes = drawerPulseBytes(cp866Epson);
    expect(indexOfBytes(bytes, [0x1b, 0x70, 0x00])).toBeGreaterThan(0);
    expect(indexOfBytes(bytes, [0x1d, 0x56])).toBe(-1);
  });
});
