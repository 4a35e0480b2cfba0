/**
 * The credit slip: proof that part of a sale went on a client's account, kept by the shop. It notes that the
 * client's signature is on file (captured on screen and stored with the debt) and prints the signature's id so a
 * dispute can find it (the id of the debt entry that keeps it), instead of asking for a second signature on paper;
 * a sale on account with no signature on file says so.
 */
import type { CreditSlipData } from '../document-data.js';
import { centredLines, pairLines } from '../line-fitting.js';
import type { PrintBlock, PrintDocument } from '../print-document.js';
import { printedTime } from '../printed-time.js';
import { RECEIPT_LABELS } from '../receipt-labels.js';
import { amountBlocks, headingBlocks, refundCodeBlock } from './layout-parts.js';

export function creditSlipDocument(slip: CreditSlipData, columns: number): PrintDocument {
  const labels = RECEIPT_LABELS[slip.language];
  const blocks: PrintBlock[] = [
    ...headingBlocks(slip.heading, labels.creditSlipTitle, labels, columns),
    ...pairLines(labels.order, slip.orderNumber, columns),
    ...pairLines(`${labels.time}:`, printedTime(slip.soldAt, 'soldAt'), columns),
    { kind: 'rule', style: 'single' },
    ...pairLines(`${labels.client}:`, slip.clientName, columns),
    ...(slip.clientPhone ? pairLines('', slip.clientPhone, columns) : []),
    ...amountBlocks(labels.onAccount, slip.amountOnAccount, columns, 'amountOnAccount', true),
    ...(slip.balanceAfter !== undefined ? amountBlocks(labels.clientBalance, slip.balanceAfter, columns, 'balanceAfter') : []),
    { kind: 'rule', style: 'single' },
    ...(slip.signatureId === null
      ? centredLines(labels.signatureMissing, columns, true)
      : [...centredLines(labels.signatureOnFile, columns, true), ...centredLines(`${labels.signatureReference}: ${slip.signatureId}`, columns)]),
    { kind: 'rule', style: 'double' },
    refundCodeBlock(slip.orderId, 'qr', columns),
    { kind: 'cut' },
  ];
  return { columns, blocks };
}
