/**
 * The sale receipt: what the client takes home and brings back for a refund (hence the order code at the bottom).
 * A pure function of the sale's data; a cash payment adds the drawer pulse at the top so the drawer opens while the
 * paper prints.
 */
import type { SaleReceiptData } from '../document-data.js';
import { centredLines, pairLines } from '../line-fitting.js';
import { printedDeduction } from '../money-text.js';
import type { PrintBlock, PrintDocument } from '../print-document.js';
import { printedTime } from '../printed-time.js';
import { RECEIPT_LABELS } from '../receipt-labels.js';
import { amountBlocks, headingBlocks, itemLineBlocks, namedAmountBlocks, numberBarcodeBlocks, refundCodeBlock } from './layout-parts.js';

export function saleReceiptDocument(sale: SaleReceiptData, columns: number): PrintDocument {
  const labels = RECEIPT_LABELS[sale.language];
  const pulse = sale.openDrawer ?? sale.payments.some((payment) => payment.kind === 'CASH');
  const blocks: PrintBlock[] = [
    ...(pulse ? [{ kind: 'drawer-pulse' } as const] : []),
    ...headingBlocks(sale.heading, labels.saleTitle, labels, columns),
    ...pairLines(labels.order, sale.orderNumber, columns),
    ...pairLines(`${labels.time}:`, printedTime(sale.soldAt, 'soldAt'), columns),
    { kind: 'rule', style: 'single' },
    ...sale.lines.flatMap((line, index) => itemLineBlocks(line, labels, columns, index)),
    { kind: 'rule', style: 'single' },
    ...amountBlocks(labels.subtotal, sale.subtotal, columns, 'subtotal'),
    ...sale.discounts.flatMap((discount, index) =>
      pairLines(`${labels.discount}: ${discount.name}`, printedDeduction(discount.amount, `discounts[${index}].amount`), columns),
    ),
    ...amountBlocks(labels.total, sale.total, columns, 'total', true),
    ...namedAmountBlocks(sale.taxes.map((tax) => ({ ...tax, name: `  ${labels.taxIncluded} ${tax.name}` })), columns, 'taxes'),
    { kind: 'rule', style: 'single' },
    ...centredLines(labels.payments, columns),
    ...namedAmountBlocks(sale.payments, columns, 'payments'),
    ...amountBlocks(labels.change, sale.change, columns, 'change', true),
    { kind: 'rule', style: 'double' },
    refundCodeBlock(sale.orderId, sale.refundCode ?? 'qr', columns),
    ...(sale.barcode !== undefined ? numberBarcodeBlocks(sale.barcode, columns) : []),
    ...centredLines(labels.thankYou, columns),
    ...(sale.footer ? centredLines(sale.footer, columns) : []),
    { kind: 'cut' },
  ];
  return { columns, blocks };
}
