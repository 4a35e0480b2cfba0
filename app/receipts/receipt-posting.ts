/**
 * Keeps a receipt's ledger entries equal to what the receipt currently stands for. Conducting posts its moves;
 * editing a conducted receipt reverses what changed and posts it anew; un-conducting or deleting reverses
 * everything. Nothing is overwritten: every change is a new ledger row (the reference never reversed, D3).
 */
import type { Quantity } from '../../shared/decimal.js';
import type { Db, OperationContext } from '../context.js';
import { netMoves, postStockEntries, postedByDocument, type StockMove } from '../stock/ledger.js';

export const RECEIPT_DOC = 'receipt';

const pairKey = (move: StockMove) => `${move.warehouseId}\u0000${move.itemId}`;

/**
 * Brings the ledger from what the receipt has posted so far to `target`. Only pairs whose quantity changes get
 * entries: a 'receipt_reversal' of the old quantity and a 'receipt' posting of the new one, so the history reads
 * plainly. `postedBefore: false` skips reading the ledger for a receipt that cannot have posted yet.
 */
export async function postReceiptEffect(
  db: Db,
  ctx: OperationContext,
  receiptId: string,
  target: readonly StockMove[],
  postedBefore = true,
): Promise<void> {
  const posted = postedBefore ? await postedByDocument(db, ctx, RECEIPT_DOC, receiptId) : [];
  const wanted = netMoves(target);
  const postedBy = new Map(posted.map((move) => [pairKey(move), move.delta]));
  const wantedBy = new Map(wanted.map((move) => [pairKey(move), move.delta]));
  const changed = (move: StockMove) => (postedBy.get(pairKey(move)) ?? 0n) !== (wantedBy.get(pairKey(move)) ?? 0n);
  const source = { docType: RECEIPT_DOC, docId: receiptId };
  await postStockEntries(db, ctx, [
    {
      moves: posted.filter(changed).map((move) => ({ ...move, delta: -move.delta as Quantity })),
      source: { ...source, reason: 'receipt_reversal' },
    },
    { moves: wanted.filter(changed), source: { ...source, reason: 'receipt' } },
  ]);
}
