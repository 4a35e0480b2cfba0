/**
 * A read-only table whose columns sort by a click on their header (again: the other way) and that exports what it
 * shows to CSV (components/csv.ts). Each column says what it sorts by — text by the language's collation, amounts
 * as exact decimals (never floats: "10.5" sorts after "9.75", "119999999999999.93" after "119999999999999.92") —
 * how a cell looks and what goes into the CSV. Wide tables scroll inside their own box, never the page. A footer
 * row (totals) stays last whatever the order and is exported last.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { parseDecimal } from '../../shared/decimal.js';
import { useLanguage, useT } from '../context.js';
import { LOCALES, type Language } from '../i18n/index.js';
import { toCsv, type CsvCell } from './csv.js';
import { downloadCsv } from './csv-download.js';

/** What a column sorts by: text, a whole number, an exact decimal (bigint units) or nothing (sorted last). */
export type SortKey = string | number | bigint | null;

export interface Column<Row> {
  readonly key: string;
  readonly label: string;
  readonly sortKey: (row: Row) => SortKey;
  /** The cell on screen; by default the sort key as text. */
  readonly render?: (row: Row) => ReactNode;
  /** The cell in the CSV file; by default the sort key (text as text, a number as a number). */
  readonly csv?: (row: Row) => CsvCell;
  /** Right-aligned and on one line (amounts, counts, dates). */
  readonly numeric?: boolean;
  /** On one line (codes, phone numbers); other text wraps when the table is narrow. */
  readonly nowrap?: boolean;
  /** Only in the CSV file (on screen another column shows it, e.g. a phone under the name). */
  readonly csvOnly?: boolean;
}

export type SortState = { readonly key: string; readonly direction: 'asc' | 'desc' } | null;

/** Decimal text as a sort key: exact units at six decimal places (a quantity has three, money two). */
const SORT_SCALE = { name: 'sort', scale: 6, maxIntegerDigits: 40 };
export function decimalKey(text: string | null | undefined): bigint | null {
  if (text === null || text === undefined) return null;
  const parsed = parseDecimal(text, SORT_SCALE);
  return parsed.ok ? parsed.units : null;
}

/** Compares two sort keys: numbers with numbers (exactly), text by `locale`, nothing after everything. */
export function compareKeys(a: SortKey, b: SortKey, locale: string): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b, locale, { numeric: true, sensitivity: 'base' });
  if (typeof a !== 'string' && typeof b !== 'string') {
    const x = typeof a === 'bigint' ? a : BigInt(a);
    const y = typeof b === 'bigint' ? b : BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return typeof a === 'string' ? 1 : -1;
}

/** `rows` in the order of `sort` (stable: equal rows keep their order; nothing sorts last either way). */
export function sortRows<Row>(rows: readonly Row[], columns: readonly Column<Row>[], sort: SortState, language: Language): Row[] {
  const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
  if (!sort || !column) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: column.sortKey(row) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) return compareKeys(a.key, b.key, LOCALES[language]) || a.index - b.index;
      return sign * compareKeys(a.key, b.key, LOCALES[language]) || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** The next sort after a click on `key`: ascending, then descending, then ascending again. */
export function nextSort(current: SortState, key: string, numeric: boolean): SortState {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  // Amounts are read largest first; names from A.
  return { key, direction: numeric ? 'desc' : 'asc' };
}

const keyText = (key: SortKey): string => (key === null ? '' : String(key));

/** A sort key as a CSV cell: text as text, a number as a number (so `-5` is not neutralised like a formula). */
const keyCell = (key: SortKey): CsvCell => (key === null ? null : typeof key === 'string' ? key : { decimal: String(key) });

/** The CSV of `rows` (and `footer`) as the columns show them. */
export function tableCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[], footer: Row | undefined, language: Language): string {
  const cells = (row: Row) => columns.map((column) => (column.csv ? column.csv(row) : keyCell(column.sortKey(row))));
  return toCsv(
    columns.map((column) => column.label),
    [...rows, ...(footer ? [footer] : [])].map(cells),
    language,
  );
}

export interface SortableTableProps<Row> {
  readonly columns: readonly Column<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string;
  /** The CSV file's name, without ".csv". */
  readonly fileName: string;
  readonly footer?: Row;
  readonly initialSort?: SortState;
  readonly caption?: string;
  /** A class for a row (e.g. a warning colour). */
  readonly rowClass?: (row: Row) => string | undefined;
}

export function SortableTable<Row>({ columns: allColumns, rows, rowKey, fileName, footer, initialSort = null, caption, rowClass }: SortableTableProps<Row>) {
  const t = useT();
  const columns = useMemo(() => allColumns.filter((column) => !column.csvOnly), [allColumns]);
  const { language } = useLanguage();
  const [sort, setSort] = useState<SortState>(initialSort);
  const sorted = useMemo(() => sortRows(rows, allColumns, sort, language), [rows, allColumns, sort, language]);
  const cell = (column: Column<Row>, row: Row) => (column.render ? column.render(row) : keyText(column.sortKey(row)));
  return (
    <section className="sortable-table">
      <div className="sortable-table-head">
        {caption ? <h3>{caption}</h3> : <span />}
        <button type="button" className="small" onClick={() => downloadCsv(`${fileName}.csv`, tableCsv(allColumns, sorted, footer, language))}>
          {t('table.exportCsv')}
        </button>
      </div>
      <div className="table-scroll">
        <table className="records">
          <thead>
            <tr>
              {columns.map((column) => {
                const active = sort?.key === column.key;
                return (
                  <th
                    key={column.key}
                    className={column.numeric ? 'number' : undefined}
                    aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <button type="button" className="sort" onClick={() => setSort(nextSort(sort, column.key, column.numeric ?? false))}>
                      {column.label}
                      <span aria-hidden="true">{active ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr key={rowKey(row)} className={rowClass?.(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={column.numeric ? 'number' : column.nowrap ? 'nowrap' : undefined}>
                    {cell(column, row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {footer ? (
            <tfoot>
              <tr className="total">
                {columns.map((column) => (
                  <td key={column.key} className={column.numeric ? 'number' : undefined}>
                    {cell(column, footer)}
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
    </section>
  );
}
