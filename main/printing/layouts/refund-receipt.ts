/**
 * The refund receipt: which lines of which order came back and how the money went back. Laid out like the sale so
 * the two compare line by line; a cash refund opens the drawer, since the cashier pays the money out of it.
 */
import type { RefundReceiptData } from '../document-data.js';
import { leftLines, pairLines } from '../line-fitting.js';
import type { PrintBlock, PrintDocument } from '../print-document.js';
import { printedTime } from '../printed-time.js';
import { RECEIPT_LABELS } from '../receipt-labels.js';
import { amountBlocks, headingBlocks, itemLineBlocks, namedAmountBlocks, refundCodeBlock } from './layout-parts.js';

export function refundReceiptDocument(refund: RefundReceiptData, columns: number): PrintDocument {
  const labels = RECEIPT_LABELS[refund.language];
  const paidBackInCash = refund.payments.some((payment) => payment.kind === 'CASH');
  const blocks: PrintBlock[] = [
    ...(paidBackInCash ? [{ kind: 'drawer-pulse' } as const] : []),
    ...headingBlocks(refund.heading, labels.refundTitle, labels, columns),
    ...pairLines(labels.order, refund.refundNumber, columns),
    ...pairLines(labels.refundOfOrder, refund.originalOrderNumber, columns),
    ...pairLines(`${labels.time}:`, printedTime(refund.refundedAt, 'refundedAt'), columns),
    { kind: 'rule', style: 'single' },
    ...refund.lines.flatMap((line, index) => itemLineBlocks(line, labels, columns, index)),
    { kind: 'rule', style: 'single' },
    ...amountBlocks(labels.refundTotal, refund.total, columns, 'total', true),
    ...namedAmountBlocks(refund.taxes.map((tax) => ({ ...tax, name: `  ${labels.taxIncluded} ${tax.name}` })), columns, 'taxes'),
    { kind: 'rule', style: 'single' },
    ...leftLines(labels.paidBack, columns),
    ...namedAmountBlocks(refund.payments, columns, 'payments'),
    { kind: 'rule', style: 'double' },
    refundCodeBlock(refund.refundId, 'qr', columns),
    { kind: 'cut' },
  ];
  return { columns, blocks };
}
