/**
 * A print document as plain text lines, for the on-screen print preview. It renders the very blocks the printer
 * gets (encode-document.ts), so what the cashier sees is what the paper shows; codes are shown as a labelled
 * placeholder and machine commands (drawer pulse, cut) print nothing.
 */
import type { PrintBlock, PrintDocument } from './print-document.js';
import { printableText } from './printable-text.js';

function previewBlock(block: PrintBlock, columns: number): string[] {
  const centred = (text: string) => ' '.repeat(Math.max(0, Math.floor((columns - text.length) / 2))) + text;
  switch (block.kind) {
    case 'line':
      return [printableText(block.text)];
    case 'rule':
      return [(block.style === 'double' ? '=' : '-').repeat(columns)];
    case 'barcode':
      return [centred('||| ||||| || ||| |||| ||'), centred(block.value)];
    case 'qr':
      return [centred('[QR]'), centred(block.value.length > columns ? `${block.value.slice(0, columns - 3)}...` : block.value)];
    case 'drawer-pulse':
    case 'cut':
      return [];
  }
}

/** The document's lines, each at most `document.columns` characters. */
export function previewDocument(document: PrintDocument): string[] {
  return document.blocks.flatMap((block) => previewBlock(block, document.columns));
}
