import { describe, expect, it } from 'vitest';
import { layoutDocument, previewPrintable, type PrintableDocument } from '../../../main/printing/printable-document.js';
import { sampleCreditSlip, sampleRefund, sampleSale, sampleShift, sampleZReport } from './sample-documents.js';

const sale = (overrides: Parameters<typeof sampleSale>[0] = {}): PrintableDocument => ({ type: 'sale-receipt', data: sampleSale(overrides) });
const kinds = (printable: PrintableDocument, columns = 32) => layoutDocument(printable, columns).blocks.map((block) => block.kind);

describe('the sale receipt layout', () => {
  it('previews every part of the sale on 58 mm paper, in Uzbek', () => {
    expect(previewPrintable(sale(), '58mm')).toEqual([
      "     O'zbekiston Savdo MChJ",
      '       Chilonzor filiali',
      '================================',
      '          SOTUV CHEKI',
      '--------------------------------',
      'Kassa:                   Kassa 2',
      "Kassir:           G'ulom Qodirov",
      'Buyurtma №                000123',
      'Vaqt:        25.11.2026 14:05:09',
      '--------------------------------',
      'Non "Samarqand"',
      '  2 x 4 500                9 000',
      'Кофе капучино',
      '  1 x 18 000              21 000',
      '  + Каймок                 3 000',
      '  + Без сахара',
      'Olma (kg)',
      '  1.375 x 12 000          16 500',
      '--------------------------------',
      'Oraliq jami               46 500',
      'Chegirma: Doimiy mijoz    -1 500',
      'JAMI                      45 000',
      '  shu jumladan QQS 12%  4 821.43',
      '--------------------------------',
      "           To'lovlar",
      'Naqd                      50 000',
      'Qaytim                     5 000',
      '================================',
      '              [QR]',
      '0193f1c2-7a4b-7c3d-8e5f-12345...',
      '    Xaridingiz uchun rahmat!',
    ]);
  });

  it('keeps every line within 32 columns on 58 mm and 48 on 80 mm', () => {
    const longNames = sampleSale({
      lines: [{ name: 'Очень длинное название товара, которое не влезает в одну строку чека', quantity: '1000', unitPrice: '999999999.99', total: '999999999990' }],
    });
    for (const [paper, columns] of [['58mm', 32], ['80mm', 48]] as const) {
      const lines = previewPrintable({ type: 'sale-receipt', data: longNames }, paper);
      expect(lines.every((line) => line.length <= columns)).toBe(true);
      expect(lines.some((line) => line.length === columns)).toBe(true);
      expect(lines.join('\n')).toContain('999 999 999 990');
    }
  });

  it('prints labels in the language of the receipt', () => {
    const russian = previewPrintable(sale({ language: 'ru' }), '80mm').join('\n');
    expect(russian).toContain('КАССОВЫЙ ЧЕК');
    expect(russian).toMatch(/Сдача +5 000/);
    const english = previewPrintable(sale({ language: 'en' }), '80mm').join('\n');
    expect(english).toMatch(/Change +5 000/);
    expect(english).toMatch(/TOTAL +45 000/);
  });

  it('opens the cash drawer first on a cash sale, and not on a card sale', () => {
    expect(kinds(sale())[0]).toBe('drawer-pulse');
    const byCard = sale({ payments: [{ name: 'Uzcard', kind: 'CARD', amount: '45000' }], change: '0' });
    expect(kinds(byCard)).not.toContain('drawer-pulse');
  });

  it('ends with the order code for refunds and a cut', () => {
    const blocks = layoutDocument(sale(), 32).blocks;
    expect(blocks).toContainEqual({ kind: 'qr', value: '0193f1c2-7a4b-7c3d-8e5f-123456789abc' });
    expect(blocks[blocks.length - 1]).toEqual({ kind: 'cut' });
  });

  it('prints a Code 128 barcode when asked and the id is short enough for the paper, a QR otherwise', () => {
    expect(layoutDocument(sale({ refundCode: 'barcode', orderId: 'K2-000123' }), 32).blocks).toContainEqual({ kind: 'barcode', value: 'K2-000123' });
    expect(kinds(sale({ refundCode: 'barcode' }))).not.toContain('barcode');
    expect(layoutDocument(sale({ refundCode: 'barcode', orderId: 'K2-000123-0045678' }), 32).blocks.some((b) => b.kind === 'barcode')).toBe(false);
    expect(layoutDocument(sale({ refundCode: 'barcode', orderId: 'K2-000123-0045678' }), 48).blocks.some((b) => b.kind === 'barcode')).toBe(true);
  });

  it('refuses to lay out a malformed amount, naming the field', () => {
    const bad = sale({ lines: [{ name: 'Non', quantity: '1', unitPrice: '4500', total: '4 500' }] });
    expect(() => layoutDocument(bad, 32)).toThrow(/lines\[0\]\.total "4 500"/);
  });
});

describe('the refund, report and credit slip layouts', () => {
  it('prints the refund against its original order and opens the drawer to pay cash back', () => {
    const refund: PrintableDocument = { type: 'refund-receipt', data: sampleRefund('ru') };
    const text = previewPrintable(refund, '58mm').join('\n');
    expect(text).toContain('ЧЕК ВОЗВРАТА');
    expect(text).toMatch(/Исходный заказ № +000123/);
    expect(text).toMatch(/ВОЗВРАЩЕНО +18 000/);
    expect(text).toMatch(/Наличные +18 000/);
    expect(kinds(refund)[0]).toBe('drawer-pulse');
  });

  it('prints the X report with totals by payment method, sales, refunds, discounts and taxes, and no cash count', () => {
    const lines = previewPrintable({ type: 'x-report', data: sampleShift('ru') }, '58mm');
    const text = lines.join('\n');
    expect(text).toContain('X-ОТЧЁТ');
    expect(text).toMatch(/Продажи \(57\) +3 250 000/);
    expect(text).toMatch(/Возвраты \(1\) +-18 000/);
    expect(text).toMatch(/Скидки +41 500/);
    expect(text).toMatch(/НДС 12% +346 285.71/);
    expect(text).toMatch(/Наличные +1 232 000\n {2}Продажи +1 250 000\n {2}Возвраты +-18 000/);
    expect(text).toMatch(/Uzcard +1 800 000\n {2}Продажи +1 800 000\n {2}Возвраты +0\n/);
    expect(text).toMatch(/Ожидается наличных +1 732 000/);
    expect(text).not.toContain('Пересчитано');
  });

  it('prints the Z report with the counted cash and whether the drawer is over or short', () => {
    const short = previewPrintable({ type: 'z-report', data: sampleZReport('1727000') }, '58mm').join('\n');
    expect(short).toContain('Z REPORT');
    expect(short).toMatch(/Closed: +25.11.2026 21:00:00/);
    expect(short).toMatch(/Counted cash +1 727 000/);
    expect(short).toMatch(/Over\(\+\)\/short\(-\) +-5 000/);
    const over = previewPrintable({ type: 'z-report', data: sampleZReport('1732000.5') }, '80mm').join('\n');
    expect(over).toMatch(/Over\(\+\)\/short\(-\) +\+0.50/);
    const exact = previewPrintable({ type: 'z-report', data: sampleZReport('1732000') }, '80mm').join('\n');
    expect(exact).toMatch(/Over\(\+\)\/short\(-\) +0$/);
  });

  it('prints the credit slip noting the signature on file with its reference, and no drawer pulse', () => {
    const slip: PrintableDocument = { type: 'credit-slip', data: sampleCreditSlip() };
    const text = previewPrintable(slip, '58mm').join('\n');
    expect(text).toContain('SALE ON ACCOUNT');
    expect(text).toMatch(/Client: +Alisher Navoiy/);
    expect(text).toMatch(/On account +200 000/);
    expect(text).toMatch(/Client owes +350 000/);
    expect(text).toContain("Client's signature on file");
    expect(text).toContain('Signature: sig-7f3a');
    expect(kinds(slip)).not.toContain('drawer-pulse');
  });
});
