/**
 * A print document → ESC/POS bytes for one printer profile, through the kept encoder library. The code page is
 * selected once after ESC @ (ESC t n, with n from the profile's mapping), every line is already printable in it
 * (printable-text.ts, applied again here for hand-built documents), so the printer never meets a character it
 * would print as "?".
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { PrintBlock, PrintDocument } from './print-document.js';
import { printableText } from './printable-text.js';
import type { PrinterProfile } from './printer-profile.js';
import { columnsOf } from './printer-profile.js';

function ruleText(style: 'single' | 'double', columns: number): string {
  return (style === 'double' ? '=' : '-').repeat(columns);
}

function encodeBlock(encoder: ReceiptPrinterEncoder, block: PrintBlock, columns: number): void {
  switch (block.kind) {
    case 'line': {
      const text = printableText(block.text); // layouts already did; a hand-built document may not have
      if (block.emphasis) encoder.bold(true).line(text).bold(false);
      else encoder.line(text);
      return;
    }
    case 'rule':
      encoder.line(ruleText(block.style, columns));
      return;
    case 'barcode':
      encoder.align('center').barcode(block.value, 'code128', { height: 60, width: 2, text: 'below' }).align('left');
      return;
    case 'qr':
      encoder.align('center').qrcode(block.value, { model: 2, size: 6, errorlevel: 'm' }).align('left');
      return;
    case 'drawer-pulse':
      encoder.pulse(0, 100, 500);
      return;
    case 'cut':
      encoder.cut('partial');
      return;
  }
}

/** ESC/POS bytes of `document` for a printer with `profile`. Throws if the profile's code page is not on its mapping. */
export function encodeDocument(document: PrintDocument, profile: PrinterProfile): Uint8Array {
  const columns = columnsOf(profile.paperWidth);
  if (document.columns !== columns) {
    throw new Error(`the document was laid out for ${document.columns} columns, the printer has ${columns}`);
  }
  const encoder = new ReceiptPrinterEncoder({ columns, codepageMapping: profile.codePageMapping, feedBeforeCut: 4 });
  encoder.initialize().codepage(profile.codePage === 'latin' ? 'cp437' : profile.codePage);
  for (const block of document.blocks) encodeBlock(encoder, block, columns);
  return encoder.encode();
}

/** ESC/POS bytes that open the cash drawer and print nothing (the "open drawer" button, a reprint without a pulse). */
export function drawerPulseBytes(profile: PrinterProfile): Uint8Array {
  return new ReceiptPrinterEncoder({ columns: columnsOf(profile.paperWidth), codepageMapping: profile.codePageMapping })
    .initialize()
    .pulse(0, 100, 500)
    .encode();
}
