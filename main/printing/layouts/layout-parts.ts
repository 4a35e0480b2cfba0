/**
 * Pieces every document shares: the heading (business, point, till, cashier), item lines with their modifiers
 * printed under them, labelled amounts, and the order code for refunds. Why shared: a sale and its refund must look
 * alike on paper so a cashier can compare them line by line.
 */
import type { DocumentHeading, NamedAmount, ReceiptLine, RefundCodeKind } from '../document-data.js';
import { centredLines, leftLines, pairLines } from '../line-fitting.js';
import { isZeroAmount, printedDeduction, printedMoney, printedQuantity } from '../money-text.js';
import type { PrintBlock } from '../print-document.js';
import type { ReceiptLabels } from '../receipt-labels.js';

export function headingBlocks(heading: DocumentHeading, title: string, labels: ReceiptLabels, columns: number): PrintBlock[] {
  return [
    ...centredLines(heading.business, columns, true),
    ...centredLines(heading.point, columns),
    { kind: 'rule', style: 'double' },
    ...centredLines(title, columns, true),
    { kind: 'rule', style: 'single' },
    ...pairLines(`${labels.till}:`, heading.till, columns),
    ...pairLines(`${labels.cashier}:`, heading.cashier, columns),
  ];
}

/** "Name" then "  2 x 12 500        25 000", modifiers and the line's discount indented under it. */
export function itemLineBlocks(line: ReceiptLine, labels: ReceiptLabels, columns: number, index: number): PrintBlock[] {
  const field = `lines[${index}]`;
  const blocks: PrintBlock[] = [
    ...leftLines(line.name, columns),
    ...pairLines(
      `  ${printedQuantity(line.quantity, `${field}.quantity`)} x ${printedMoney(line.unitPrice, `${field}.unitPrice`)}`,
      printedMoney(line.total, `${field}.total`),
      columns,
    ),
  ];
  (line.modifiers ?? []).forEach((modifier, modifierIndex) => {
    const text = `  + ${modifier.name}`;
    blocks.push(
      ...(modifier.amount === undefined
        ? leftLines(text, columns)
        : pairLines(text, printedMoney(modifier.amount, `${field}.modifiers[${modifierIndex}].amount`), columns)),
    );
  });
  if (line.discount !== undefined && !isZeroAmount(line.discount)) {
    blocks.push(...pairLines(`  ${labels.discount}`, printedDeduction(line.discount, `${field}.discount`), columns));
  }
  return blocks;
}

export function amountBlocks(label: string, amount: string, columns: number, field: string, emphasis = false): PrintBlock[] {
  return pairLines(label, printedMoney(amount, field), columns, emphasis);
}

export function namedAmountBlocks(amounts: readonly NamedAmount[], columns: number, field: string, sign = ''): PrintBlock[] {
  return amounts.flatMap((entry, index) => pairLines(entry.name, sign + printedMoney(entry.amount, `${field}[${index}].amount`), columns));
}

/**
 * Code 128 modules are 2 dots wide on our printers: a symbol (11 modules per character, plus start, check and stop)
 * fits 384 dots (58 mm) up to about 12 characters and 576 dots (80 mm) up to about 20. A UUID never fits: QR.
 */
export function refundCodeBlock(orderId: string, preferred: RefundCodeKind, columns: number): PrintBlock {
  return preferred === 'barcode' && fitsBarcode(orderId, columns) ? { kind: 'barcode', value: orderId } : { kind: 'qr', value: orderId };
}

function fitsBarcode(value: string, columns: number): boolean {
  const barcodeLimit = columns <= 32 ? 12 : 20;
  return /^[\x20-\x7E]+$/.test(value) && value.length <= barcodeLimit;
}

/** A Code 128 of the order's number when it fits the paper; nothing otherwise (the QR above carries the order). */
export function numberBarcodeBlocks(value: string, columns: number): PrintBlock[] {
  return value !== '' && fitsBarcode(value, columns) ? [{ kind: 'barcode', value }] : [];
}
