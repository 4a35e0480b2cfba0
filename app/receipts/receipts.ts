/**
 * Goods receipts (stock coming in): the reference's ReceiptController, with its stock bugs fixed, as a kind of
 * stock document (app/stock-documents/document.ts does the create / update / delete). A conducted receipt posts
 * one ledger entry per line into exactly one warehouse (D1); edits, un-conducting and deleting post reversing
 * entries (D3); the server computes the totals and refuses ones that disagree; every id a receipt names must exist
 * in the caller's business, and each line's unit must be its item's; a retried create with the same guid changes
 * nothing. What only receipts do — the lines' new selling prices, set and taken back — is in the hooks below.
 * Behaviour and decisions: docs/api/receipts-and-stock.md.
 */
import type { Money } from '../../shared/decimal.js';
import type { CreateReceiptDto, ReceiptItemDto, UpdateReceiptDto } from '../../shared/catalogue/receipt.js';
import { flag, jsonList } from '../../db/values.js';
import { stockDocumentHandlers } from '../stock-documents/document.js';
import type { DocumentPlan, DocumentWrite, StockDocumentKind } from '../stock-documents/kind.js';
import { listedOnCreate, listedOnUpdate, type ListedHeader } from '../stock-documents/listed-warehouses.js';
import { restating } from '../stock-documents/posting.js';
import { given } from '../stock-documents/problems.js';
import { conductPlan, receiptTotals, totalProblems, type ReceiptLine, type ReplacedPrices } from './receipt-lines.js';
import { applyNewPrices, pricesToReplace, rememberReplacedPrices, restoreReplacedPrices } from './receipt-prices.js';
import { receiptLines, receiptWire, type ReceiptLineRow, type ReceiptRow } from './receipt-store.js';
import { lineUnitProblems } from './receipt-units.js';

/** A receipt's plan also names the selling prices its lines set (empty unless conducted). */
interface ReceiptPlan extends DocumentPlan<ReceiptRow> {
  readonly prices: ReadonlyMap<string, Money>;
  /** The warehouse each line goes into (when conducted). */
  readonly lineWarehouses: readonly string[];
}

function plan(
  lines: readonly ReceiptLine[],
  header: ListedHeader,
  body: { total?: Money | null; totalPlanned?: Money | null; totalDiff?: Money | null },
  client: { stored: string; named: string | undefined },
): ReceiptPlan {
  const totals = receiptTotals(lines);
  const conduct = conductPlan(lines, header.warehouses, header.conducted);
  return {
    ...header,
    problems: [...totalProblems(body, totals), ...conduct.problems],
    effect: { moves: conduct.moves },
    prices: conduct.prices,
    lineWarehouses: conduct.moves.map((move) => move.warehouseId),
    columns: {
      ...header.columns,
      client_id: client.stored,
      total: totals.total,
      total_planned: totals.totalPlanned,
      total_diff: totals.totalDiff,
    },
    references: { ...header.references, clientId: client.named },
  };
}

/** The warehouse each stored line went into: its own, else the receipt's single warehouse (undefined: none). */
function storedWarehouses(rows: readonly ReceiptLineRow[], headerWarehouses: readonly string[]): (string | undefined)[] {
  const distinct = [...new Set(headerWarehouses)];
  return rows.map((row) => row.warehouse_id ?? (distinct.length === 1 ? distinct[0] : undefined));
}

type ReceiptWrite = DocumentWrite<ReceiptRow, ReceiptLine, ReceiptLineRow, ReceiptPlan>;

/** The lines' new prices apply when the receipt is conducted now, or stays conducted with new lines or warehouses. */
const setsPrices = ({ plan: { conducted, moved }, wasConducted, newLines }: ReceiptWrite) =>
  conducted && (!wasConducted || newLines || moved);

/** Takes back the prices a conducted receipt's stored lines set. */
async function restorePrices(...[db, ctx, current, storedLines]: Parameters<NonNullable<ReceiptKind['beforeRemove']>>) {
  const rows = await storedLines();
  await restoreReplacedPrices(db, ctx, rows, storedWarehouses(rows, jsonList(current.warehouse_ids)));
}

type ReceiptKind = StockDocumentKind<
  ReceiptRow,
  ReceiptItemDto,
  ReceiptLine,
  ReceiptLineRow,
  CreateReceiptDto,
  UpdateReceiptDto,
  ReceiptPlan,
  ReplacedPrices
>;

export const receiptKind: ReceiptKind = {
  table: 'receipts',
  lines: receiptLines,
  ledger: restating('receipt'),
  missing: 'Receipt not found',
  beingWritten: 'A receipt with this guid is being written; retry',
  createAction: 'CREATE_RECEIPT',
  wire: receiptWire,
  conducted: (row) => flag(row.conducted),
  planCreate: (body, lines) => plan(lines, listedOnCreate(body), body, { stored: body.clientId, named: body.clientId }),
  planUpdate: (current, body, lines) => {
    const clientId = given(body.clientId);
    return plan(lines, listedOnUpdate(current, body), body, { stored: clientId ?? current.client_id, named: clientId });
  },
  lineProblems: lineUnitProblems,
  /**
   * Prices the receipt set are taken back when it stops standing for them (un-conducted, lines or warehouses
   * replaced), then the prices its lines will replace are read — the restored ones, so a later restore is exact.
   */
  async beforeWrite(db, ctx, write) {
    const { plan, current } = write;
    if (current && write.wasConducted && (!plan.conducted || write.newLines || plan.moved)) {
      await restorePrices(db, ctx, current, write.storedLines);
    }
    return setsPrices(write) ? pricesToReplace(db, ctx, write.lines, plan.lineWarehouses) : [];
  },
  /** Sets the new prices; stored lines (a draft being conducted) keep the prices replaced, for a later restore. */
  async afterWrite(db, ctx, write, replaced) {
    if (!setsPrices(write)) return;
    if (!write.newLines) await rememberReplacedPrices(db, ctx, await write.storedLines(), replaced);
    await applyNewPrices(db, ctx, write.plan.prices, write.lines, write.plan.lineWarehouses);
  },
  async beforeRemove(db, ctx, current, storedLines) {
    if (flag(current.conducted)) await restorePrices(db, ctx, current, storedLines);
  },
};

export const receiptHandlers = stockDocumentHandlers(
  receiptKind,
  {
    create: 'ReceiptController_create',
    findAll: 'ReceiptController_findAll',
    findOne: 'ReceiptController_findOne',
    update: 'ReceiptController_update',
    remove: 'ReceiptController_remove',
  },
  {
    update: { type: 'SYSTEM', action: 'UPDATE_RECEIPT' },
    remove: { type: 'SYSTEM', action: 'DELETE_RECEIPT' },
  },
);
