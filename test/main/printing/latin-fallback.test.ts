/**
 * Printers without any Cyrillic table (`latin` in the printer's type): documents go out in ASCII Latin letters,
 * transliterated as a reader in Uzbekistan expects, every line still fitted to the paper with amounts on the right.
 */
import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../../main/printing/encode-document.js';
import { latinDocument, latinText } from '../../../main/printing/latin-fallback.js';
import { layoutDocument } from '../../../main/printing/printable-document.js';
import { previewDocument } from '../../../main/printing/preview-document.js';
import { receiptPrinterOf } from '../../../main/printing/printer-settings.js';
import { parseEscPos } from '../../helpers/fake-printer.js';
import { sampleSale } from './sample-documents.js';

describe('the Latin fallback', () => {
  it('transliterates Russian and Uzbek Cyrillic, keeping capitals', () => {
    expect(latinText('Щи, Чай, ЁЛКА, ЧЕК, Ўрик, Қовун, Ғишт, Ҳалва, №5')).toBe("Shchi, Chay, YOLKA, CHEK, O'rik, Qovun, G'isht, Halva, No5");
    expect(latinText('Oʻzbekiston — Café')).toBe("O'zbekiston - Cafe");
    expect(latinText('漢字')).toBe('??');
  });

  it('lays a Russian receipt out on 58 mm paper in ASCII, with every line fitted and amounts on the right edge', () => {
    const document = latinDocument(layoutDocument({ type: 'sale-receipt', data: sampleSale({ language: 'ru' }) }, 32));
    const lines = previewDocument(document);
    expect(lines.every((line) => line.length <= 32 && /^[\x20-\x7E]*$/.test(line))).toBe(true);
    // Re-centred: one letter longer than "КАССОВЫЙ ЧЕК".
    expect(lines).toContain('         KASSOVIY CHEK');
    expect(lines).toContain('  + Kaymok                 3 000');
    expect(lines.find((line) => line.startsWith('ITOGO'))).toMatch(/^ITOGO +45 000$/);
    expect(lines.find((line) => line.startsWith('Sdacha'))?.length).toBe(32);
  });

  it('prints in the printer’s default table on a printer whose type says latin', () => {
    const printer = receiptPrinterOf({ id: 'p', name: 'Old', ip_address: '10.0.0.9', port: null, provider: null, type: 'latin 58mm' }, 'x');
    expect(printer?.profile.codePage).toBe('latin');
    const document = latinDocument(layoutDocument({ type: 'sale-receipt', data: sampleSale({ language: 'ru' }) }, 32));
    const paper = parseEscPos(encodeDocument(document, printer!.profile));
    expect(paper.problems).toEqual([]);
    expect(paper.codePageSwitches.every((table) => table === 0)).toBe(true);
    expect(paper.lines.join('\n')).toContain('Kofe kapuchino');
  });
});
