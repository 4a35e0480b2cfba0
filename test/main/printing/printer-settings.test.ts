/** Which of the business's printers print a point's receipts, and how, read from the printer rows the till holds. */
import { describe, expect, it } from 'vitest';
import { receiptPrinterOf, receiptPrintersOf, type PrinterRow } from '../../../main/printing/printer-settings.js';

const row = (overrides: Partial<PrinterRow> = {}): PrinterRow => ({ id: 'p1', name: 'Kassa', ip_address: '192.168.1.50', port: '9100', provider: null, type: null, ...overrides });

describe('the receipt printers of a point', () => {
  it('takes a printer with an address as an 80 mm cp866 Epson-table receipt printer on port 9100 by default', () => {
    expect(receiptPrinterOf(row({ port: null }), 'point-a')).toEqual({
      id: 'p1',
      name: 'Kassa',
      host: '192.168.1.50',
      port: 9100,
      profile: { paperWidth: '80mm', codePage: 'cp866', codePageMapping: 'epson' },
    });
  });

  it('reads paper width, code page, code-page table and status support from the type, and the table from the provider too', () => {
    expect(receiptPrinterOf(row({ type: 'Receipt, 58mm windows1251 no-status' , provider: 'Xprinter' }), 'point-a')).toMatchObject({
      profile: { paperWidth: '58mm', codePage: 'windows1251', codePageMapping: 'xprinter' },
      confirm: 'none',
    });
  });

  it('serves only the points the type names, and every point when it names none', () => {
    const rows = [row({ id: 'a', type: 'point=POINT-A' }), row({ id: 'b', type: 'point=point-b' }), row({ id: 'all' })];
    expect(receiptPrintersOf(rows, 'point-a').map((printer) => printer.id)).toEqual(['a', 'all']);
    expect(receiptPrintersOf(rows, 'point-b').map((printer) => printer.id)).toEqual(['b', 'all']);
  });

  it('serves the point its automated_point_id column names, before and instead of the type’s point= words', () => {
    const rows = [
      row({ id: 'column-a', automated_point_id: 'point-a' }),
      // The column decides alone: old text naming another point does not add it there.
      row({ id: 'column-b-text-a', automated_point_id: 'point-b', type: 'receipt point=point-a' }),
      row({ id: 'text-a', automated_point_id: null, type: 'receipt point=point-a' }),
      row({ id: 'all', automated_point_id: null }),
    ];
    expect(receiptPrintersOf(rows, 'point-a').map((printer) => printer.id)).toEqual(['column-a', 'text-a', 'all']);
    expect(receiptPrintersOf(rows, 'point-b').map((printer) => printer.id)).toEqual(['column-b-text-a', 'all']);
    expect(receiptPrintersOf(rows, 'point-c').map((printer) => printer.id)).toEqual(['all']);
  });

  it('leaves out kitchen and label printers, printers without an address, and deleted ones', () => {
    const rows = [row({ id: 'k', type: 'kitchen' }), row({ id: 'l', type: 'label 58mm' }), row({ id: 'n', ip_address: null }), row({ id: 'e', ip_address: '  ' }), row({ id: 'd', is_deleted: true })];
    expect(receiptPrintersOf(rows, 'point-a')).toEqual([]);
  });

  it('falls back to 9100 for a port that is not a port', () => {
    expect(receiptPrinterOf(row({ port: '70000' }), 'x')?.port).toBe(9100);
    expect(receiptPrinterOf(row({ port: 'abc' }), 'x')?.port).toBe(9100);
    expect(receiptPrinterOf(row({ port: '9101' }), 'x')?.port).toBe(9101);
  });
});
