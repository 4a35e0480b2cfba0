/**
 * Keeps a stock document's ledger entries equal to what the document currently stands for, whatever its kind
 * (receipt, write-off, movement, inventory, order). Conducting posts its moves; editing posts what changed;
 * un-conducting or deleting reverses everything. Reversals come from what the ledger says the document posted,
 * never from its current lines, so they undo exactly that (the reference never reversed, D3).
 */
import type { Quantity } from '../../shared/decimal.js';
import type { Db, OperationContext } from '../context.js';
import { netMoves, postStockEntries, postedByDocument, type StockBatch, type StockMove } from '../stock/ledger.js';

/**
 * How a kind of document writes its ledger entries (`doc_type` and the reasons). A changed (warehouse, item) pair
 * is written in one of two ways, chosen once per kind so each history reads as it always has:
 * - `restate` (stock documents): a `reverse` entry of the old quantity and a `post` entry of the new one;
 * - `difference` (orders): one entry of the change, `out` where more stock leaves, `back` where stock returns.
 */
export type DocumentLedger = RestatingLedger | DifferenceLedger;
export type RestatingLedger = { readonly docType: string; readonly style: 'restate'; readonly post: string; readonly reverse: string };
export type DifferenceLedger = { readonly docType: string; readonly style: 'difference'; readonly out: string; readonly back: string };

/** The usual ledger of a stock document: entries `<docType>` and `<docType>_reversal`. */
export const restating = (docType: string): RestatingLedger => ({
  docType,
  style: 'restate',
  post: docType,
  reverse: `${docType}_reversal`,
});

const pairKey = (move: StockMove) => `${move.warehouseId}\u0000${move.itemId}`;
const negated = (move: StockMove): StockMove => ({ ...move, delta: -move.delta as Quantity });

/**
 * Brings the ledger from what document `docId` has posted so far to `target`. Only pairs whose quantity changes
 * get entries. `postedBefore: false` skips reading the ledger for a new document.
 */
export async function postDocumentEffect(
  db: Db,
  ctx: OperationContext,
  ledger: DocumentLedger,
  docId: string,
  target: readonly StockMove[],
  postedBefore = true,
): Promise<void> {
  const posted = postedBefore ? await postedByDocument(db, ctx, ledger.docType, docId) : [];
  const wanted = netMoves(target);
  const postedBy = new Map(posted.map((move) => [pairKey(move), move.delta]));
  const wantedBy = new Map(wanted.map((move) => [pairKey(move), move.delta]));
  const changed = (move: StockMove) => (postedBy.get(pairKey(move)) ?? 0n) !== (wantedBy.get(pairKey(move)) ?? 0n);
  const source = (reason: string) => ({ docType: ledger.docType, docId, reason });
  let batches: StockBatch[];
  if (ledger.style === 'restate') {
    batches = [
      { moves: posted.filter(changed).map(negated), source: source(ledger.reverse) },
      { moves: wanted.filter(changed), source: source(ledger.post) },
    ];
  } else {
    const differences = [
      ...posted.filter((move) => !wantedBy.has(pairKey(move))).map(negated),
      ...wanted
        .filter(changed)
        .map((move) => ({ ...move, delta: (move.delta - (postedBy.get(pairKey(move)) ?? 0n)) as Quantity })),
    ];
    batches = [
      { moves: differences.filter((move) => move.delta < 0n), source: source(ledger.out) },
      { moves: differences.filter((move) => move.delta > 0n), source: source(ledger.back) },
    ];
  }
  await postStockEntries(db, ctx, batches);
}
