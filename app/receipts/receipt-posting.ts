/**
 * Keeps a receipt's ledger entries equal to what the receipt currently stands for (the common stock-document
 * posting: app/stock-documents/posting.ts). Entries carry the reasons 'receipt' and 'receipt_reversal'.
 */
import type { Db, OperationContext } from '../context.js';
import type { StockMove } from '../stock/ledger.js';
import { postDocumentEffect } from '../stock-documents/posting.js';

export const RECEIPT_DOC = 'receipt';

export async function postReceiptEffect(
  db: Db,
  ctx: OperationContext,
  receiptId: string,
  target: readonly StockMove[],
  postedBefore = true,
): Promise<void> {
  await postDocumentEffect(db, ctx, { docType: RECEIPT_DOC, docId: receiptId }, target, postedBefore);
}
