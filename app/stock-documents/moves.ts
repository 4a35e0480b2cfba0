/**
 * The pure stock rules of inventories, write-offs and movements (and the line warehouses of receipts): what a document in a given state stands for. No
 * database here, so the rules are unit-tested directly (moves.test.ts) and shared by create and update.
 */
import type { Quantity } from '../../shared/decimal.js';
import type { StockMove } from '../stock/ledger.js';
import type { StockCount } from './kind.js';
import type { DocumentLine } from './lines.js';

export type MovePlan = { ok: true; moves: StockMove[] } | { ok: false; problems: string[] };

/** A level row a document creates starts with the line's price and measure; existing rows keep theirs (D4). */
const move = (line: DocumentLine, warehouseId: string, delta: bigint): StockMove => ({
  itemId: line.itemId,
  warehouseId,
  delta: delta as Quantity,
  initial: { price: line.price, measureId: line.measureId },
});

/**
 * The one warehouse each line concerns: its own, else the document's single warehouse. The reference applied
 * the line to every listed warehouse (D1); a line with no single warehouse is refused, naming the line.
 */
export function lineWarehouses(
  lines: readonly { readonly warehouseId: string | null }[],
  headerWarehouses: readonly string[],
  noun: string,
): { ok: true; warehouses: string[] } | { ok: false; problems: string[] } {
  const distinct = [...new Set(headerWarehouses)];
  const fallback = distinct.length === 1 ? distinct[0] : undefined;
  const warehouses: string[] = [];
  const problems: string[] = [];
  lines.forEach((line, index) => {
    const warehouse = line.warehouseId ?? fallback;
    if (warehouse !== undefined) warehouses.push(warehouse);
    else {
      problems.push(
        `items.${index}.warehouseId is required: a conducted ${noun} must name exactly one warehouse or one per line (it names ${distinct.length})`,
      );
    }
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, warehouses };
}

/**
 * A conducted write-off takes each line's quantity out of its one warehouse. Negative stock is allowed: the
 * goods are gone, whatever the books said.
 */
export function writeOffMoves(lines: readonly DocumentLine[], headerWarehouses: readonly string[], conducted: boolean): MovePlan {
  if (!conducted) return { ok: true, moves: [] };
  const resolved = lineWarehouses(lines, headerWarehouses, 'write-off');
  if (!resolved.ok) return resolved;
  return { ok: true, moves: lines.map((line, index) => move(line, resolved.warehouses[index] ?? '', -line.quantity)) };
}

export type CountPlan = { ok: true; counts: StockCount[] } | { ok: false; problems: string[] };

/**
 * The counts a conducted inventory sets, one per (item, warehouse). Two lines counting the same pair are
 * refused: which of them would be the level is not a question the server should guess.
 */
export function inventoryCounts(
  lines: readonly DocumentLine[],
  headerWarehouses: readonly string[],
  conducted: boolean,
): CountPlan {
  if (!conducted) return { ok: true, counts: [] };
  const resolved = lineWarehouses(lines, headerWarehouses, 'inventory');
  if (!resolved.ok) return resolved;
  const firstLine = new Map<string, number>();
  const counts: StockCount[] = [];
  const problems: string[] = [];
  lines.forEach((line, index) => {
    const warehouseId = resolved.warehouses[index] ?? '';
    const key = `${warehouseId}\u0000${line.itemId}`;
    const first = firstLine.get(key);
    if (first !== undefined) {
      problems.push(`items.${index} counts the same item in the same warehouse as items.${first}`);
      return;
    }
    firstLine.set(key, index);
    const { delta: _delta, ...pair } = move(line, warehouseId, 0n);
    counts.push({ pair, counted: line.quantity });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, counts };
}

/**
 * A movement takes each line out of `from` and puts it into `to`: the sum over warehouses never changes.
 * Moving within one warehouse is refused (it would post nothing and hide a mistake).
 */
export function movementMoves(lines: readonly DocumentLine[], from: string, to: string): MovePlan {
  if (from === to) return { ok: false, problems: ['toWarehouseId must differ from warehouseId'] };
  return { ok: true, moves: lines.flatMap((line) => [move(line, from, -line.quantity), move(line, to, line.quantity)]) };
}
