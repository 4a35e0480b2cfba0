/**
 * The stock list's lines: stock rows joined with their items' names and barcodes, each with its level for today
 * worked out once, when the lines are built — never per keypress: filtering 100,000 lines only compares strings.
 *
 * The weekday quantities `mon`…`sun` of a stock row are its par levels: the quantity the shop wants on hand on
 * that weekday. A row is **low** when its quantity is above zero but below today's par (and today's par is above
 * zero); zero and negative stock are their own, stronger states.
 */
import { parseDecimal, QUANTITY } from '../../../shared/decimal.js';
import type { OperationRecord } from '../../../shared/catalogue/wire-types.js';
import { searchKey } from '../../lib/format.js';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

type StockRowWire = OperationRecord<'StockQuantityController_findAll'>;
type ItemWire = OperationRecord<'ItemModifierController_findAllItems'>;

/** The weekday quantities of a stock row ("0" by default; tolerated missing or null in older data). */
export type WeekdayQuantities = { readonly [day in Weekday]?: StockRowWire[day] | null };

/** What the lines read of a stock row (the catalogue's record); the unit, the date and the weekdays may be absent. */
export type StockRow = Pick<StockRowWire, 'id' | 'itemId' | 'warehouseId' | 'stock_quantity' | 'price'> &
  Partial<Pick<StockRowWire, 'measureId' | 'dateFrom'>> &
  WeekdayQuantities;

/** What the lines read of an item: its name and barcode. */
export type Item = Pick<ItemWire, 'id' | 'name'> & Partial<Pick<ItemWire, 'shtrix'>>;

export type StockLevel = 'negative' | 'zero' | 'low' | 'ok';

export interface StockLine {
  readonly id: string;
  readonly warehouseId: string;
  readonly name: string;
  readonly barcode: string;
  readonly quantity: string;
  /** The name of the row's unit of measurement ('' when unknown). */
  readonly unit: string;
  readonly price: string;
  /** The stored instant (ISO, UTC) or '' when the row has none. */
  readonly dateFrom: string;
  /** The row's own weekday quantities (the row object itself: no copy per line). */
  readonly weekdays: WeekdayQuantities;
  /** Today's par ("0" when none), as of the day the lines were built for. */
  readonly todayPar: string;
  readonly level: StockLevel;
  readonly key: string;
}

// Date#getDay() counts from Sunday.
const BY_JS_DAY: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** The weekday of an instant on the terminal's local calendar. */
export function weekdayOf(date: Date): Weekday {
  return BY_JS_DAY[date.getDay()]!;
}

/** A weekday quantity as shown and compared: missing or empty counts as "0" (the service's default). */
export function parOf(weekdays: WeekdayQuantities, day: Weekday): string {
  const value = weekdays[day];
  return value === undefined || value === null || value === '' ? '0' : value;
}

// Zero written canonically ("0") or padded ("0.000"): a text test, cheaper than parsing.
const ZERO = /^0(?:\.0*)?$/;

const unitsOrNull = (text: string): bigint | null => {
  const parsed = parseDecimal(text, QUANTITY);
  return parsed.ok ? parsed.units : null;
};

/**
 * A quantity's level against a par. The common cases (a minus sign, "0", a zero par) are decided on the text, so
 * building 100,000 lines parses decimals only for rows that have a par today.
 */
export function stockLevel(quantity: string, par: string): StockLevel {
  if (quantity.startsWith('-')) return 'negative';
  if (ZERO.test(quantity)) return 'zero';
  if (ZERO.test(par)) return 'ok';
  const have = unitsOrNull(quantity);
  const want = unitsOrNull(par);
  if (have === null || want === null) return 'ok';
  if (have < 0n) return 'negative';
  if (have === 0n) return 'zero';
  return want > 0n && have < want ? 'low' : 'ok';
}

/** Stock rows joined with their items' names and barcodes, sorted by name, with each row's level on `today`. */
export function stockLines(
  rows: readonly StockRow[],
  items: readonly Item[],
  unknownItem: string,
  today: Weekday,
  unitNames: ReadonlyMap<string, string> = new Map(),
): StockLine[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return rows
    .map((row) => {
      const item = byId.get(row.itemId);
      const name = item?.name ?? unknownItem;
      const barcode = item?.shtrix ?? '';
      const todayPar = parOf(row, today);
      return {
        id: row.id,
        warehouseId: row.warehouseId,
        name,
        barcode,
        quantity: row.stock_quantity,
        unit: (row.measureId && unitNames.get(row.measureId)) || '',
        price: row.price,
        dateFrom: row.dateFrom ?? '',
        weekdays: row,
        todayPar,
        level: stockLevel(row.stock_quantity, todayPar),
        key: `${searchKey(name)} ${searchKey(barcode)}`,
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Lines of one warehouse that match a search (name or barcode, case and separators ignored). */
export function filterLines(lines: readonly StockLine[], warehouseId: string | null, query: string): StockLine[] {
  const key = searchKey(query);
  return lines.filter(
    (line) => (warehouseId === null || line.warehouseId === warehouseId) && (key === '' || line.key.includes(key)),
  );
}

export interface Filtered {
  readonly lines: readonly StockLine[];
  readonly warehouseId: string | null;
  readonly key: string;
  readonly result: StockLine[];
}

/**
 * `filterLines`, narrowing the previous answer when the query only grew (the usual case while typing): each
 * keypress then scans the rows that still match instead of all 100,000.
 */
export function narrowLines(
  previous: Filtered | null,
  lines: readonly StockLine[],
  warehouseId: string | null,
  query: string,
): Filtered {
  const key = searchKey(query);
  const narrows =
    previous !== null && previous.lines === lines && previous.warehouseId === warehouseId && key.startsWith(previous.key);
  const result = narrows ? filterLines(previous.result, warehouseId, query) : filterLines(lines, warehouseId, query);
  return { lines, warehouseId, key, result };
}
