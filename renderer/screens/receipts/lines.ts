/**
 * The editor's lines: what the cashier typed (text, so a half-typed "12," stays on screen) plus, computed once when
 * a line changes, its exact units, amounts and problems. Adding or editing one line builds one new line object and
 * leaves the others as they are, so the table re-renders only that row and nothing is parsed again.
 */
import { formatQuantity, MONEY, QUANTITY, type DecimalKind, type Money, type Quantity } from '../../../shared/decimal.js';
import {
  lineDifference,
  receiptTotals,
  receivedAmount,
  type PricedLine,
  type ReceiptTotals,
} from '../../../shared/receipt-totals.js';
import { unitsOrUndefined } from '../../lib/format.js';
import type { IndexedItem } from './catalogue.js';
import type { ReceiptLineWire } from './types.js';

/** The inputs of a line the cashier edits (also the fields the service's messages name). */
export type EditableField = 'quantity' | 'price' | 'plannedQuantity' | 'newPrice' | 'measureId';

export type LineProblem = 'quantity' | 'price' | 'plannedQuantity' | 'newPrice' | 'measureId';

export interface LineInput {
  /** Stable identity for React and for placing problems; never sent. */
  readonly key: string;
  readonly itemId: string;
  readonly name: string;
  readonly measureId: string;
  readonly quantity: string;
  readonly price: string;
  readonly plannedQuantity: string;
  /** The planned quantity follows the quantity until the cashier types one of its own. */
  readonly plannedFollows: boolean;
  readonly newPrice: string;
  /** Kept from a stored line (not edited here): the supplier invoice's rounding, canonical money text. */
  readonly rounding: string | null;
  /** Kept from a stored line: its own warehouse. */
  readonly warehouseId: string | null;
}

export interface LineDraft extends LineInput {
  /** Exact units when every number of the line is valid, else null. */
  readonly priced: (PricedLine & { readonly newPrice: Money | null }) | null;
  readonly amount: Money | null;
  readonly difference: Money | null;
  readonly problems: readonly LineProblem[];
}

const ONE: Quantity = 1000n as Quantity;

function nonNegative(text: string, kind: DecimalKind): bigint | undefined {
  const units = unitsOrUndefined(text, kind);
  return units !== undefined && units >= 0n ? units : undefined;
}

/** Parses a line once: its units, received amount and difference, or the fields that are wrong. */
export function evaluateLine(input: LineInput): LineDraft {
  const quantity = nonNegative(input.quantity, QUANTITY);
  const plannedQuantity = nonNegative(input.plannedQuantity, QUANTITY);
  const price = nonNegative(input.price, MONEY);
  const newPrice = input.newPrice.trim() === '' ? null : nonNegative(input.newPrice, MONEY);
  const problems: LineProblem[] = [];
  if (input.measureId === '') problems.push('measureId');
  if (quantity === undefined) problems.push('quantity');
  if (price === undefined) problems.push('price');
  // A planned quantity that only follows a bad quantity is the same typo: said once, at the quantity.
  if (plannedQuantity === undefined && !(input.plannedFollows && quantity === undefined)) problems.push('plannedQuantity');
  if (newPrice === undefined) problems.push('newPrice');
  if (quantity === undefined || plannedQuantity === undefined || price === undefined || newPrice === undefined) {
    return { ...input, priced: null, amount: null, difference: null, problems };
  }
  const priced = {
    quantity: quantity as Quantity,
    plannedQuantity: plannedQuantity as Quantity,
    price: price as Money,
    rounding: input.rounding === null ? null : ((unitsOrUndefined(input.rounding, MONEY) ?? 0n) as Money),
    newPrice: newPrice as Money | null,
  };
  return { ...input, priced, amount: receivedAmount(priced), difference: lineDifference(priced), problems };
}

/** A new line for an item: one piece at its cost (or price), planned as received. */
export function lineForItem(item: IndexedItem, key: string): LineDraft {
  return evaluateLine({
    key,
    itemId: item.id,
    name: item.name,
    measureId: item.measureId,
    quantity: '1',
    price: item.defaultPrice,
    plannedQuantity: '1',
    plannedFollows: true,
    newPrice: '',
    rounding: null,
    warehouseId: null,
  });
}

/** A stored line, as the editor shows it (the item's name from the catalogue, or `unknownName`). */
export function lineFromWire(line: ReceiptLineWire, key: string, name: string): LineDraft {
  return evaluateLine({
    key,
    itemId: line.itemId,
    name,
    measureId: line.measureId,
    quantity: line.quantity,
    price: line.price,
    plannedQuantity: line.plannedQuantity,
    plannedFollows: line.plannedQuantity === line.quantity,
    newPrice: line.newPrice ?? '',
    rounding: line.rounding === null || line.rounding === '0' ? null : line.rounding,
    warehouseId: line.warehouseId,
  });
}

/** Sets one field of a line; while the planned quantity follows, a new quantity is also the planned one. */
export function editLine(line: LineDraft, field: EditableField, value: string): LineDraft {
  if (field === 'quantity') {
    return evaluateLine({ ...line, quantity: value, plannedQuantity: line.plannedFollows ? value : line.plannedQuantity });
  }
  if (field === 'plannedQuantity') return evaluateLine({ ...line, plannedQuantity: value, plannedFollows: false });
  return evaluateLine({ ...line, [field]: value });
}

export interface Added {
  readonly lines: readonly LineDraft[];
  /** The key of the line that was added or whose quantity went up. */
  readonly key: string;
  readonly incremented: boolean;
}

/**
 * Adds an item: one more piece on its existing line (the last one for that item without a warehouse of its own),
 * else a new line at the end. Other line objects are kept as they are.
 */
export function addItem(lines: readonly LineDraft[], item: IndexedItem, newKey: string): Added {
  let at = -1;
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = lines[index]!;
    if (line.itemId === item.id && line.warehouseId === null) {
      at = index;
      break;
    }
  }
  const existing = lines[at];
  if (!existing) return { lines: [...lines, lineForItem(item, newKey)], key: newKey, incremented: false };
  const quantity = unitsOrUndefined(existing.quantity, QUANTITY);
  // A quantity the cashier left half-typed is not guessed at: the line keeps showing its problem.
  if (quantity === undefined) return { lines, key: existing.key, incremented: false };
  const next = [...lines];
  next[at] = editLine(existing, 'quantity', formatQuantity(quantity + ONE));
  return { lines: next, key: existing.key, incremented: true };
}

export const replaceLine = (lines: readonly LineDraft[], key: string, change: (line: LineDraft) => LineDraft): LineDraft[] =>
  lines.map((line) => (line.key === key ? change(line) : line));

export const removeLine = (lines: readonly LineDraft[], key: string): LineDraft[] => lines.filter((line) => line.key !== key);

/** The receipt's totals over its valid lines, by the service's own rule (shared/receipt-totals.ts). */
export function draftTotals(lines: readonly LineDraft[]): ReceiptTotals {
  const priced: PricedLine[] = [];
  for (const line of lines) if (line.priced) priced.push(line.priced);
  return receiptTotals(priced);
}
