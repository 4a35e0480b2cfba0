/**
 * The documents a caller can ask to print, as plain data (it crosses the bridge from the sales screen), and the
 * one switch that lays each out for a given paper width. Why the layout happens at print time: the printer's
 * profile decides the columns, and the caller should not need to know which printer it goes to.
 */
import type { CreditSlipData, RefundReceiptData, SaleReceiptData, ShiftReportData, VoidSlipData, ZReportData } from './document-data.js';
import { creditSlipDocument } from './layouts/credit-slip.js';
import { refundReceiptDocument } from './layouts/refund-receipt.js';
import { saleReceiptDocument } from './layouts/sale-receipt.js';
import { voidSlipDocument } from './layouts/void-slip.js';
import { xReportDocument, zReportDocument } from './layouts/shift-report.js';
import type { PrintDocument } from './print-document.js';
import { latinDocument } from './latin-fallback.js';
import { previewDocument } from './preview-document.js';
import { columnsOf, type PaperWidth } from './printer-profile.js';

export type PrintableDocument =
  | { readonly type: 'sale-receipt'; readonly data: SaleReceiptData }
  | { readonly type: 'refund-receipt'; readonly data: RefundReceiptData }
  | { readonly type: 'x-report'; readonly data: ShiftReportData }
  | { readonly type: 'z-report'; readonly data: ZReportData }
  | { readonly type: 'credit-slip'; readonly data: CreditSlipData }
  | { readonly type: 'void-slip'; readonly data: VoidSlipData };

/** The print program of `printable` for paper of `columns` characters. Throws UnprintableValueError on bad data. */
export function layoutDocument(printable: PrintableDocument, columns: number): PrintDocument {
  switch (printable.type) {
    case 'sale-receipt':
      return saleReceiptDocument(printable.data, columns);
    case 'refund-receipt':
      return refundReceiptDocument(printable.data, columns);
    case 'x-report':
      return xReportDocument(printable.data, columns);
    case 'z-report':
      return zReportDocument(printable.data, columns);
    case 'credit-slip':
      return creditSlipDocument(printable.data, columns);
    case 'void-slip':
      return voidSlipDocument(printable.data, columns);
  }
}

/** The on-screen print preview: the same lines the paper of `paperWidth` will show (in Latin letters on a `latin` printer). */
export function previewPrintable(printable: PrintableDocument, paperWidth: PaperWidth, latin = false): string[] {
  const document = layoutDocument(printable, columnsOf(paperWidth));
  return previewDocument(latin ? latinDocument(document) : document);
}
