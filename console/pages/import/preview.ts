/**
 * Turns a file's table (./parse.ts) into the rows the service's import takes, with every problem the browser can
 * see before sending: a bad number, an unknown unit or warehouse, a barcode or name repeated in the file, a
 * missing name. Problems are codes with parameters; ./messages.ts says them in the user's language. The service
 * checks everything again (the preview is a courtesy, not the guard).
 *
 * Columns are found by their header in English, Russian or Uzbek (case and spaces ignored). Opening stock is one
 * column per warehouse, headed by the warehouse's name, optionally after "stock:" ("остаток:", "qoldiq:").
 */
import { parseDecimal, MONEY, QUANTITY, type DecimalKind } from '../../../shared/decimal.js';
import type { Table } from './parse.js';

export type Field = 'name' | 'barcode' | 'group' | 'unit' | 'price' | 'cost';

export interface NamedRecord {
  readonly id: string;
  readonly name: string;
}

export type ProblemCode =
  | 'required'
  | 'badNumber'
  | 'tooManyDecimals'
  | 'tooLarge'
  | 'negative'
  | 'unknownUnit'
  | 'duplicateBarcode'
  | 'duplicateName'
  | 'tooLong';

export interface Problem {
  /** The field, or `stock:<warehouse name>` for an opening stock cell. */
  readonly field: string;
  readonly code: ProblemCode;
  /** The cell's text, and for duplicates the first row that has it. */
  readonly value?: string;
  readonly otherLine?: number;
}

/** One row as the service's `ImportItemRowDto` takes it (amounts as decimal text). */
export interface ImportRow {
  readonly line: number;
  readonly name: string;
  readonly barcode?: string;
  readonly group?: string;
  readonly unit: string;
  readonly price: string;
  readonly cost?: string;
  readonly stock?: { warehouseId: string; quantity: string }[];
}

export interface PreviewRow {
  /** The row's number in the file (the header is 1). */
  readonly line: number;
  readonly row: ImportRow;
  readonly problems: readonly Problem[];
}

export interface Preview {
  readonly columns: Partial<Record<Field, number>>;
  /** Warehouse columns: the column index and the warehouse. */
  readonly stockColumns: readonly { index: number; warehouse: NamedRecord }[];
  /** Headers nothing reads (shown to the user, so a misspelt column is noticed). */
  readonly ignored: readonly string[];
  /** Required columns the header lacks: without them nothing can be imported. */
  readonly missing: readonly Field[];
  readonly rows: readonly PreviewRow[];
}

const HEADERS: Record<Field, readonly string[]> = {
  name: ['name', 'item', 'product', 'наименование', 'название', 'товар', 'nomi', 'nom', 'mahsulot', 'tovar'],
  barcode: ['barcode', 'ean', 'shtrix', 'штрихкод', 'штрих-код', 'штрих код', 'shtrixkod', 'shtrix-kod', 'shtrix kod'],
  group: ['group', 'category', 'группа', 'категория', 'guruh', 'kategoriya'],
  unit: ['unit', 'measurement', 'единица', 'ед.', 'ед. изм.', 'единица измерения', 'birlik', "o'lchov", 'oʻlchov', "o'lchov birligi"],
  price: ['price', 'цена', 'narx', 'narxi', 'sotish narxi'],
  cost: ['cost', 'себестоимость', 'закупочная цена', 'tannarx', 'kelish narxi'],
};
const STOCK_PREFIXES = ['stock', 'остаток', 'qoldiq', 'opening stock', 'начальный остаток'];
const REQUIRED: readonly Field[] = ['name', 'unit', 'price'];

const key = (text: string) => text.trim().toLocaleLowerCase().replace(/\s+/g, ' ');

/** The warehouse a header names: "Main", "stock: Main", "остаток Main". */
function stockWarehouse(header: string, warehouses: readonly NamedRecord[]): NamedRecord | undefined {
  const text = key(header);
  const byName = (name: string) => warehouses.find((warehouse) => key(warehouse.name) === name);
  for (const prefix of STOCK_PREFIXES) {
    if (text.startsWith(prefix)) {
      const rest = text.slice(prefix.length).replace(/^[\s:(-]+/, '').replace(/\)$/, '').trim();
      const found = byName(rest);
      if (found) return found;
    }
  }
  return byName(text);
}

/**
 * A number cell as canonical decimal text, or the problem. Accepts what people type in a spreadsheet: spaces as
 * thousands separators, and a decimal comma when the cell has no point ("12 500,50").
 */
export function decimalCell(cell: string, kind: DecimalKind): { text: string } | { problem: ProblemCode } {
  let text = cell.replace(/[\s\u00a0\u202f]/g, '');
  if (/^-?\d+,\d+$/.test(text)) text = text.replace(',', '.');
  const parsed = parseDecimal(text, kind);
  if (!parsed.ok) {
    if (/decimal places/.test(parsed.problem)) return { problem: 'tooManyDecimals' };
    if (/digits before/.test(parsed.problem)) return { problem: 'tooLarge' };
    return { problem: 'badNumber' };
  }
  if (parsed.units < 0n) return { problem: 'negative' };
  return { text };
}

const MAX_TEXT = { name: 500, barcode: 200, group: 500, unit: 200 } as const;

/** Builds the preview of a table against the business's units and warehouses. */
export function buildPreview(table: Table, units: readonly NamedRecord[], warehouses: readonly NamedRecord[]): Preview {
  const [header = [], ...body] = table;
  const columns: Partial<Record<Field, number>> = {};
  const stockColumns: { index: number; warehouse: NamedRecord }[] = [];
  const ignored: string[] = [];
  header.forEach((title, index) => {
    if (title.trim() === '') return;
    const field = (Object.keys(HEADERS) as Field[]).find((candidate) => HEADERS[candidate].includes(key(title)));
    if (field && columns[field] === undefined) columns[field] = index;
    else {
      const warehouse = stockWarehouse(title, warehouses);
      if (warehouse && !stockColumns.some((column) => column.warehouse.id === warehouse.id)) stockColumns.push({ index, warehouse });
      else ignored.push(title);
    }
  });
  const missing = REQUIRED.filter((field) => columns[field] === undefined);
  const unitNames = new Set(units.flatMap((unit) => [key(unit.name), unit.id]));
  const barcodeAt = new Map<string, number>();
  const nameAt = new Map<string, number>();
  const rows: PreviewRow[] = [];
  body.forEach((cells, index) => {
    const line = index + 2;
    if (cells.every((cell) => cell.trim() === '')) return;
    const cell = (field: Field) => (columns[field] === undefined ? '' : (cells[columns[field]!] ?? '').trim());
    const problems: Problem[] = [];
    const text = (field: keyof typeof MAX_TEXT, required: boolean) => {
      const value = cell(field);
      if (required && value === '') problems.push({ field, code: 'required' });
      else if (value.length > MAX_TEXT[field]) problems.push({ field, code: 'tooLong', value: value.slice(0, 40) });
      return value;
    };
    const name = text('name', true);
    const barcode = text('barcode', false);
    const group = text('group', false);
    const unit = text('unit', true);
    if (unit !== '' && !unitNames.has(key(unit)) && !unitNames.has(unit)) problems.push({ field: 'unit', code: 'unknownUnit', value: unit });
    const amount = (field: 'price' | 'cost', required: boolean): string | undefined => {
      const value = cell(field);
      if (value === '') {
        if (required) problems.push({ field, code: 'required' });
        return undefined;
      }
      const result = decimalCell(value, MONEY);
      if ('problem' in result) problems.push({ field, code: result.problem, value });
      return 'text' in result ? result.text : undefined;
    };
    const price = amount('price', true);
    const cost = amount('cost', false);
    const stock: { warehouseId: string; quantity: string }[] = [];
    for (const { index: column, warehouse } of stockColumns) {
      const value = (cells[column] ?? '').trim();
      if (value === '') continue;
      const result = decimalCell(value, QUANTITY);
      if ('problem' in result) problems.push({ field: `stock:${warehouse.name}`, code: result.problem, value });
      else stock.push({ warehouseId: warehouse.id, quantity: result.text });
    }
    if (barcode !== '') {
      const first = barcodeAt.get(barcode);
      if (first !== undefined) problems.push({ field: 'barcode', code: 'duplicateBarcode', value: barcode, otherLine: first });
      else barcodeAt.set(barcode, line);
    } else if (name !== '') {
      const first = nameAt.get(name);
      if (first !== undefined) problems.push({ field: 'name', code: 'duplicateName', value: name, otherLine: first });
      else nameAt.set(name, line);
    }
    const row: ImportRow = {
      line,
      name,
      unit,
      price: price ?? '',
      ...(barcode ? { barcode } : {}),
      ...(group ? { group } : {}),
      ...(cost !== undefined ? { cost } : {}),
      ...(stock.length > 0 ? { stock } : {}),
    };
    rows.push({ line, row, problems });
  });
  return { columns, stockColumns, ignored, missing, rows };
}

/** The rows that can be sent, cut into batches of the service's size. */
export function batchesOf(rows: readonly PreviewRow[], size = 1000): ImportRow[][] {
  const sendable = rows.filter((row) => row.problems.length === 0).map((row) => row.row);
  const batches: ImportRow[][] = [];
  for (let start = 0; start < sendable.length; start += size) batches.push(sendable.slice(start, start + size));
  return batches;
}
