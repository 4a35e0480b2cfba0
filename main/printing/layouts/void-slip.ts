/**
 * The void slip: an open order taken back whole, printed like its refund would be so the two read alike — which
 * order, when it was opened and voided, its lines, what it came to, the money going back (if it had taken any; cash
 * opens the drawer), and who approved it and why. It carries no order code: a voided order cannot be refunded.
 */
import type { VoidSlipData } from '../document-data.js';
import { leftLines, pairLines } from '../line-fitting.js';
import type { PrintBlock, PrintDocument } from '../print-document.js';
import { printedTime } from '../printed-time.js';
import { RECEIPT_LABELS } from '../receipt-labels.js';
import { amountBlocks, headingBlocks, itemLineBlocks, namedAmountBlocks } from './layout-parts.js';

export function voidSlipDocument(slip: VoidSlipData, columns: number): PrintDocument {
  const labels = RECEIPT_LABELS[slip.language];
  const paidBackInCash = slip.payments.some((payment) => payment.kind === 'CASH');
  const blocks: PrintBlock[] = [
    ...(paidBackInCash ? [{ kind: 'drawer-pulse' } as const] : []),
    ...headingBlocks(slip.heading, labels.voidTitle, labels, columns),
    ...pairLines(labels.order, slip.orderNumber, columns),
    ...pairLines(`${labels.time}:`, printedTime(slip.orderedAt, 'orderedAt'), columns),
    ...pairLines(`${labels.voidedAt}:`, printedTime(slip.voidedAt, 'voidedAt'), columns),
    { kind: 'rule', style: 'single' },
    ...slip.lines.flatMap((line, index) => itemLineBlocks(line, labels, columns, index)),
    { kind: 'rule', style: 'single' },
    ...amountBlocks(labels.voidTotal, slip.total, columns, 'total', true),
    ...(slip.payments.length > 0
      ? [{ kind: 'rule', style: 'single' } as const, ...leftLines(labels.paidBack, columns), ...namedAmountBlocks(slip.payments, columns, 'payments')]
      : []),
    ...(slip.approvedBy || slip.reason ? [{ kind: 'rule', style: 'single' } as const] : []),
    ...(slip.approvedBy ? pairLines(`${labels.approvedBy}:`, slip.approvedBy, columns) : []),
    ...(slip.reason ? leftLines(`${labels.reason}: ${slip.reason}`, columns) : []),
    { kind: 'rule', style: 'double' },
    { kind: 'cut' },
  ];
  return { columns, blocks };
}
