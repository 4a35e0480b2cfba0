/**
 * The pure rules of a goods receipt's lines: the check of the totals a client sends (the totals rule itself is
 * shared/receipt-totals.ts, re-exported here), the warehouse each line goes into, the stock moves a conducted
 * receipt posts and the selling prices it sets. No database here, so the rules are unit-tested directly
 * (receipt-lines.test.ts) and shared by create and update.
 */
import { formatMoney, type Money, type Quantity } from '../../shared/decimal.js';
import type { ReceiptTotals } from '../../shared/receipt-totals.js';
import type { StockMove } from '../stock/ledger.js';
import { lineWarehouses as documentLineWarehouses } from '../stock-documents/moves.js';

// The totals rule lives in shared/ so the terminal's screen computes the very figures this service checks.
export { plannedAmount, receiptTotals, receivedAmount, type ReceiptTotals } from '../../shared/receipt-totals.js';

/** One line as the operations see it, whether it came from a request or from storage. */
export interface ReceiptLine {
  readonly itemId: string;
  readonly quantity: Quantity;
  readonly price: Money;
  readonly plannedQuantity: Quantity;
  readonly measureId: string;
  /** The supplier invoice's signed rounding of the line, stored as sent and in no total; or null. */
  readonly rounding: Money | null;
  readonly newPrice: Money | null;
  /** The line's own warehouse, or null to use the receipt's single warehouse. */
  readonly warehouseId: string | null;
}

/** What a line's newPrice replaced: the item's price and its stock row's (null when the row did not exist). */
export interface ReplacedPrices {
  readonly price: Money | null;
  readonly stockPrice: Money | null;
}

const TOTAL_RULES: Record<keyof ReceiptTotals, string> = {
  total: 'the sum of the lines',
  totalPlanned: 'the sum of the planned lines',
  totalDiff: 'total - totalPlanned',
};

/** One message line per total the client sent that disagrees with the lines (absent totals are not checked). */
export function totalProblems(
  given: Partial<Record<keyof ReceiptTotals, Money | null | undefined>>,
  expected: ReceiptTotals,
): string[] {
  const problems: string[] = [];
  for (const field of Object.keys(TOTAL_RULES) as (keyof ReceiptTotals)[]) {
    const value = given[field];
    if (value === undefined || value === null || value === expected[field]) continue;
    problems.push(`${field} must equal ${TOTAL_RULES[field]}: expected "${formatMoney(expected[field])}"`);
  }
  return problems;
}

export type LineWarehouses = { ok: true; warehouses: string[] } | { ok: false; problems: string[] };

/**
 * The one warehouse each line goes into: its own, else the receipt's single warehouse. The reference added the
 * full quantity to every listed warehouse (D1); a line with no single warehouse is refused instead (the rule of
 * every stock document, app/stock-documents/moves.ts).
 */
export const lineWarehouses = (lines: readonly ReceiptLine[], headerWarehouses: readonly string[]): LineWarehouses =>
  documentLineWarehouses(lines, headerWarehouses, 'receipt');

/** The moves a conducted receipt stands for: each line's quantity into its warehouse. */
export function receiptMoves(lines: readonly ReceiptLine[], warehouses: readonly string[]): StockMove[] {
  return lines.map((line, index) => ({
    itemId: line.itemId,
    warehouseId: warehouses[index] ?? '',
    delta: line.quantity,
    // A level row created by this receipt starts with the line's cost and measure; existing rows keep theirs.
    initial: { price: line.price, measureId: line.measureId },
  }));
}

export type NewPrices = { ok: true; prices: Map<string, Money> } | { ok: false; problems: string[] };

/** The selling price each item gets from the lines' `newPrice`; two different prices for one item are refused. */
export function newPrices(lines: readonly ReceiptLine[]): NewPrices {
  const prices = new Map<string, Money>();
  const firstLine = new Map<string, number>();
  const problems: string[] = [];
  lines.forEach((line, index) => {
    if (line.newPrice === null) return;
    const previous = prices.get(line.itemId);
    if (previous !== undefined && previous !== line.newPrice) {
      problems.push(`items.${index}.newPrice conflicts with items.${firstLine.get(line.itemId)}.newPrice for the same item`);
      return;
    }
    prices.set(line.itemId, line.newPrice);
    if (!firstLine.has(line.itemId)) firstLine.set(line.itemId, index);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, prices };
}

export interface ConductPlan {
  readonly problems: string[];
  /** The moves the receipt stands for (empty when it is not conducted). */
  readonly moves: StockMove[];
  /** Selling prices to set (empty when it is not conducted). */
  readonly prices: Map<string, Money>;
}

/** Everything a receipt in this state implies for stock and prices, or the problems that forbid it. */
export function conductPlan(lines: readonly ReceiptLine[], headerWarehouses: readonly string[], conducted: boolean): ConductPlan {
  const prices = newPrices(lines);
  const problems = prices.ok ? [] : [...prices.problems];
  if (!conducted || !prices.ok) return { problems, moves: [], prices: new Map() };
  const resolved = lineWarehouses(lines, headerWarehouses);
  if (!resolved.ok) return { problems: [...problems, ...resolved.problems], moves: [], prices: new Map() };
  return { problems, moves: receiptMoves(lines, resolved.warehouses), prices: prices.prices };
}
