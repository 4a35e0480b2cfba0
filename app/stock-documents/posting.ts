/**
 * Keeps a stock document's ledger entries equal to what the document currently stands for, whatever its kind
 * (receipt, write-off, movement). Conducting posts its moves; editing reverses what changed and posts it anew;
 * un-conducting or deleting reverses everything. Reversals come from what the ledger says the document posted,
 * never from its current lines, so they undo exactly that (the reference never reversed, D3).
 */
import type { Quantity } from '../../shared/decimal.js';
import type { Db, OperationContext } from '../context.js';
import { netMoves, postStockEntries, postedByDocument, type StockMove } from '../stock/ledger.js';

const pairKey = (move: StockMove) => `${move.warehouseId}\u0000${move.itemId}`;

/**
 * Brings the ledger from what document `docType`/`docId` has posted so far to `target`. Only pairs whose
 * quantity changes get entries: a `<docType>_reversal` of the old quantity and a `<docType>` posting of the new
 * one, so the history reads plainly. `postedBefore: false` skips reading the ledger for a new document.
 */
export async function postDocumentEffect(
  db: Db,
  ctx: OperationContext,
  document: { readonly docType: string; readonly docId: string },
  target: readonly StockMove[],
  postedBefore = true,
): Promise<void> {
  const posted = postedBefore ? await postedByDocument(db, ctx, document.docType, document.docId) : [];
  const wanted = netMoves(target);
  const postedBy = new Map(posted.map((move) => [pairKey(move), move.delta]));
  const wantedBy = new Map(wanted.map((move) => [pairKey(move), move.delta]));
  const changed = (move: StockMove) => (postedBy.get(pairKey(move)) ?? 0n) !== (wantedBy.get(pairKey(move)) ?? 0n);
  await postStockEntries(db, ctx, [
    {
      moves: posted.filter(changed).map((move) => ({ ...move, delta: -move.delta as Quantity })),
      source: { ...document, reason: `${document.docType}_reversal` },
    },
    { moves: wanted.filter(changed), source: { ...document, reason: document.docType } },
  ]);
}
