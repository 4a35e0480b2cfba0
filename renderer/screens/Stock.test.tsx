// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rowWindow } from '../components/VirtualList.js';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith, rpcError } from '../test-support.js';
import { filterLines, narrowLines, Stock, stockLines } from './Stock.js';
import { localDay, startOfLocalDay } from './stock/dates.js';

type StockRowInput = Parameters<typeof stockLines>[0][number];

afterEach(cleanup);

const ROWS = 100_000;

function bigStock() {
  const items = Array.from({ length: ROWS }, (_, index) => ({
    id: `i-${index}`,
    name: `Item ${String(index).padStart(6, '0')}`,
    shtrix: `478${String(index).padStart(10, '0')}`,
  }));
  const rows = items.map((item, index) => ({
    id: `s-${index}`,
    itemId: item.id,
    warehouseId: index % 2 === 0 ? 'w-1' : 'w-2',
    stock_quantity: index === 4 ? '-1.5' : '12.25',
    price: '1000',
  }));
  return { items, rows };
}

describe('stock', () => {
  it('renders only the rows in view of 100,000, per warehouse', async () => {
    const { items, rows } = bigStock();
    const bridge = fakeBridge({
      WarehouseController_findAll: [
        { id: 'w-1', name: 'Shop floor' },
        { id: 'w-2', name: 'Back room' },
      ],
      StockQuantityController_findAll: rows,
      ItemModifierController_findAllItems: items,
    });
    const rendered = renderWith(bridge, <Stock />);
    act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
    await act(async () => {});
    expect(screen.getByTestId('stock-count').textContent).toBe('50,000 rows');
    const shown = screen.getAllByRole('row');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(60);
    expect(shown[2]?.textContent).toContain('−1.5');
  });

  it('finds rows by barcode and adjusts a quantity, showing before → after', async () => {
    const bridge = fakeBridge({
      WarehouseController_findAll: [{ id: 'w-1', name: 'Shop floor' }],
      StockQuantityController_findAll: [
        { id: 's-1', itemId: 'i-1', warehouseId: 'w-1', stock_quantity: '40', price: '12000' },
        { id: 's-2', itemId: 'i-2', warehouseId: 'w-1', stock_quantity: '3', price: '500' },
      ],
      ItemModifierController_findAllItems: [
        { id: 'i-1', name: 'Green tea', shtrix: '4780000000017' },
        { id: 'i-2', name: 'Bread', shtrix: null },
      ],
      StockQuantityController_update: { id: 's-1', stock_quantity: '37.5' },
    });
    const rendered = renderWith(bridge, <Stock />);
    act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
    await act(async () => {});
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '0017' } });
    await act(async () => {});
    expect(screen.getAllByRole('row')).toHaveLength(1);
    fireEvent.click(screen.getByRole('row'));
    fireEvent.click(screen.getByRole('button', { name: 'Adjust quantity' }));
    fireEvent.change(screen.getByLabelText('New quantity'), { target: { value: '37,5' } });
    expect(screen.getByTestId('before-after').textContent).toBe('40 → 37.5');
    // The reason starts as a count correction; the cashier chooses damage.
    expect((screen.getByLabelText('Reason') as HTMLSelectElement).value).toBe('count_correction');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'damage' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(bridge.calls).toContainEqual([
      'StockQuantityController_update',
      { params: { id: 's-1' }, body: { stock_quantity: '37.5', adjustment_reason: 'damage' } },
    ]);
    expect(screen.getByText('Adjusted.')).toBeTruthy();
    // The next action (choosing a row) clears the answer to the last one.
    fireEvent.click(screen.getAllByRole('row')[0]!);
    expect(screen.queryByText('Adjusted.')).toBeNull();
  });

  it('moves from the search box into the list with ↓ and says what the keys do', async () => {
    const bridge = fakeBridge({
      WarehouseController_findAll: [{ id: 'w-1', name: 'Shop floor' }],
      StockQuantityController_findAll: [
        { id: 's-1', itemId: 'i-1', warehouseId: 'w-1', stock_quantity: '40', price: '12000' },
        { id: 's-2', itemId: 'i-2', warehouseId: 'w-1', stock_quantity: '3', price: '500' },
      ],
      ItemModifierController_findAllItems: [
        { id: 'i-1', name: 'Green tea', shtrix: '4780000000017' },
        { id: 'i-2', name: 'Bread', shtrix: null },
      ],
    });
    const rendered = renderWith(bridge, <Stock />);
    act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
    await act(async () => {});
    expect(screen.getByTestId('key-hints').textContent).toBe(
      '↓ from the search goes to the list; ↑ ↓ move; Enter: adjust the quantity; Esc goes back to the search. Shift+Enter: edit details.',
    );
    const search = screen.getByLabelText('Search');
    search.focus();
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('grid'));
    expect(screen.getAllByRole('row')[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('grid'), { key: 'Enter' });
    expect(screen.getByLabelText('New quantity')).toBeTruthy();
  });

  it('says when a search matches nothing, and when a warehouse has no rows', async () => {
    const bridge = fakeBridge({
      WarehouseController_findAll: [
        { id: 'w-1', name: 'Shop floor' },
        { id: 'w-2', name: 'Back room' },
      ],
      StockQuantityController_findAll: [{ id: 's-1', itemId: 'i-1', warehouseId: 'w-1', stock_quantity: '40', price: '12000' }],
      ItemModifierController_findAllItems: [{ id: 'i-1', name: 'Green tea', shtrix: '4780000000017' }],
    });
    const rendered = renderWith(bridge, <Stock />);
    act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
    await act(async () => {});
    expect(screen.queryByTestId('stock-empty')).toBeNull();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'coffee' } });
    await act(async () => {});
    expect(screen.queryAllByRole('row')).toHaveLength(0);
    expect(screen.getByTestId('stock-empty').textContent).toBe('No stock row matches “coffee”.');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Warehouse'), { target: { value: 'w-2' } });
    await act(async () => {});
    expect(screen.getByTestId('stock-empty').textContent).toBe('This warehouse has no stock rows.');
  });

  it('shows each row’s unit, and the selected row’s adjustments with their reasons, newest first', async () => {
    const bridge = fakeBridge({
      WarehouseController_findAll: [{ id: 'w-1', name: 'Shop floor' }],
      StockQuantityController_findAll: [
        { id: 's-1', itemId: 'i-1', warehouseId: 'w-1', stock_quantity: '40', price: '12000', measureId: 'm-kg' },
        { id: 's-2', itemId: 'i-2', warehouseId: 'w-1', stock_quantity: '3', price: '500', measureId: 'gone' },
      ],
      ItemModifierController_findAllItems: [
        { id: 'i-1', name: 'Green tea', shtrix: '4780000000017' },
        { id: 'i-2', name: 'Bread', shtrix: null },
      ],
      MeasurementController_findAllMeasurements: [{ id: 'm-kg', name: 'kg' }],
      StockQuantityController_history: [
        { id: 'a-2', change: '-2.5', adjustment_reason: 'expiry', actor_id: 'u', dt_created: '2026-03-02T10:00:00.000Z' },
        { id: 'a-1', change: '1000', adjustment_reason: null, actor_id: 'u', dt_created: '2026-03-01T10:00:00.000Z' },
      ],
    });
    const rendered = renderWith(bridge, <Stock />);
    act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
    await act(async () => {});
    const units = screen.getAllByRole('row').map((row) => row.querySelector('.cell-unit')?.textContent);
    expect(units).toEqual(['', 'kg']);
    fireEvent.click(screen.getAllByRole('row')[1]!);
    await act(async () => {});
    expect(bridge.calls).toContainEqual(['StockQuantityController_history', { params: { id: 's-1' } }]);
    const entries = [...screen.getByTestId('stock-history').querySelectorAll('li')].map((entry) => entry.textContent);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatch(/Expired−2\.5$/);
    expect(entries[1]).toMatch(/No reason given\+1,000$/);
  });

  it('opens the adjustment from the keyboard: arrows, then Enter', async () => {
    const bridge = fakeBridge({
      WarehouseController_findAll: [{ id: 'w-1', name: 'Shop floor' }],
      StockQuantityController_findAll: [{ id: 's-1', itemId: 'i-1', warehouseId: 'w-1', stock_quantity: '1', price: '1' }],
      ItemModifierController_findAllItems: [{ id: 'i-1', name: 'Salt' }],
    });
    const rendered = renderWith(bridge, <Stock />);
    act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
    await act(async () => {});
    const list = screen.getByTestId('virtual-list');
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(screen.getByRole('heading', { name: 'Adjust quantity: Salt' })).toBeTruthy();
  });

  it('computes the row window with overscan, clamped to the list', () => {
    expect(rowWindow(0, 440, 44, 100_000, 8)).toEqual([0, 18]);
    expect(rowWindow(44 * 50_000, 440, 44, 100_000, 8)).toEqual([49_992, 50_018]);
    expect(rowWindow(44 * 99_995, 440, 44, 100_000, 8)).toEqual([99_987, 100_000]);
    expect(rowWindow(0, 440, 44, 0, 8)).toEqual([0, 0]);
  });

  it('joins items to rows and filters by warehouse and search', () => {
    const lines = stockLines(
      [
        { id: 's-1', itemId: 'i-1', warehouseId: 'w-1', stock_quantity: '1', price: '1' },
        { id: 's-2', itemId: 'gone', warehouseId: 'w-2', stock_quantity: '2', price: '1' },
      ],
      [{ id: 'i-1', name: 'Tea', shtrix: '123' }],
      'Unknown item',
      'mon',
    );
    expect(lines.map((line) => line.name)).toEqual(['Tea', 'Unknown item']);
    expect(filterLines(lines, 'w-1', '').map((line) => line.id)).toEqual(['s-1']);
    expect(filterLines(lines, null, 'unknown').map((line) => line.id)).toEqual(['s-2']);
  });

  it('narrows the previous answer while a query grows, and always answers as a full filter would', () => {
    const rows = Array.from({ length: 300 }, (_, index) => ({
      id: `s-${index}`,
      itemId: `i-${index % 150}`,
      warehouseId: index < 150 ? 'w-1' : 'w-2',
      stock_quantity: '1',
      price: '1',
    }));
    const items = Array.from({ length: 150 }, (_, index) => ({ id: `i-${index}`, name: `Tea ${index}`, shtrix: `478${index}` }));
    const lines = stockLines(rows, items, 'Unknown item', 'mon');
    const steps: [string | null, string][] = [
      ['w-1', 'T'],
      ['w-1', 'Tea 1'],
      ['w-1', 'Tea 12'],
      ['w-1', 'Tea 1'],
      ['w-2', 'Tea 1'],
      [null, 'Tea 1'],
      [null, '4781'],
      [null, '47814'],
      [null, ''],
    ];
    let previous = null;
    for (const [warehouse, query] of steps) {
      previous = narrowLines(previous, lines, warehouse, query);
      expect(previous.result.map((line) => line.id), `${warehouse} ${query}`).toEqual(filterLines(lines, warehouse, query).map((line) => line.id));
    }
    // New data is filtered in full, never narrowed from the old answer.
    const fresh = stockLines(rows.slice(0, 10), items, 'Unknown item', 'mon');
    expect(narrowLines(previous, fresh, null, '').result).toHaveLength(10);
  });
});

// Wednesday 4 and Thursday 5 March 2026 on the terminal's local calendar (the clock the screen reads "today" from).
const WEDNESDAY = () => new Date(2026, 2, 4, 10, 30);
const THURSDAY = () => new Date(2026, 2, 5, 10, 30);

const PARS = { mon: '0', tue: '0', wed: '0', thu: '0', fri: '0', sat: '0', sun: '0' };

function shop(rows: Record<string, unknown>[]) {
  return fakeBridge({
    WarehouseController_findAll: [{ id: 'w-1', name: 'Shop floor' }],
    StockQuantityController_findAll: rows,
    ItemModifierController_findAllItems: [
      { id: 'i-1', name: 'Green tea', shtrix: '4780000000017' },
      { id: 'i-2', name: 'Rice', shtrix: null },
      { id: 'i-3', name: 'Salt', shtrix: null },
      { id: 'i-4', name: 'Sugar', shtrix: null },
    ],
  });
}

const TEA = {
  id: 's-1',
  itemId: 'i-1',
  warehouseId: 'w-1',
  stock_quantity: '3',
  price: '12000',
  measureId: 'm-1',
  // Midday UTC: 15 January on every local calendar from UTC−9 to UTC+14.
  dateFrom: '2026-01-15T09:00:00.000Z',
  ...PARS,
  wed: '5',
  thu: '0',
};

async function openStock(bridge: ReturnType<typeof shop>, clock = WEDNESDAY) {
  const rendered = renderWith(bridge, <Stock clock={clock} />);
  act(() => rendered.store.setState({ phase: 'app', employee: EMPLOYEE, sync: ONLINE }));
  await act(async () => {});
  return rendered;
}

const rowOf = (name: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(name))!;
const errorOf = (field: string) => screen.getByTestId(`${field}-error`).textContent;

async function editTea(bridge: ReturnType<typeof shop>) {
  await openStock(bridge);
  fireEvent.click(rowOf('Green tea'));
  fireEvent.click(screen.getByRole('button', { name: 'Edit details' }));
}

describe('stock row details', () => {
  it('shows the selected row’s price, date from, today’s par level and status beside the list', async () => {
    await openStock(shop([TEA]));
    fireEvent.click(rowOf('Green tea'));
    const details = screen.getByRole('region', { name: 'Green tea' });
    expect(details.textContent).toContain('Price12,000');
    expect(details.textContent).toContain('Par level today (Wednesday)');
    expect(screen.getByTestId('today-par').textContent).toBe('5');
    expect(screen.getByTestId('stock-status').textContent).toBe('Low: below today’s par level');
    expect(details.textContent).toContain('Date from15/01/2026');
    expect(screen.getByRole('button', { name: 'Adjust quantity' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit details' })).toBeTruthy();
  });

  it('opens the editor with the row’s values: price, the date on the local calendar and the seven weekday quantities', async () => {
    await editTea(shop([TEA]));
    expect(screen.getByRole('heading', { name: 'Edit details: Green tea' })).toBeTruthy();
    expect((screen.getByLabelText('Price') as HTMLInputElement).value).toBe('12000');
    expect((screen.getByLabelText('Date from') as HTMLInputElement).value).toBe('2026-01-15');
    expect((screen.getByLabelText('Wednesday') as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText('Sunday') as HTMLInputElement).value).toBe('0');
  });

  it('sends exactly the changed fields: price with a decimal comma, the day’s start with its offset, and two weekdays', async () => {
    const bridge = shop([TEA]);
    bridge.answer('StockQuantityController_update', { id: 's-1' });
    await editTea(bridge);
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '12500,5' } });
    fireEvent.change(screen.getByLabelText('Date from'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText('Monday'), { target: { value: '2,25' } });
    fireEvent.change(screen.getByLabelText('Wednesday'), { target: { value: '8' } });
    // Typed differently but the same quantity: not a change, so not sent.
    fireEvent.change(screen.getByLabelText('Sunday'), { target: { value: '0,000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    const updates = bridge.calls.filter(([operation]) => operation === 'StockQuantityController_update');
    expect(updates).toEqual([
      [
        'StockQuantityController_update',
        { params: { id: 's-1' }, body: { price: '12500.5', dateFrom: startOfLocalDay('2026-05-01'), mon: '2.25', wed: '8' } },
      ],
    ]);
    const sentDate = (updates[0]![1] as { body: { dateFrom: string } }).body.dateFrom;
    expect(sentDate).toMatch(/^2026-05-01T00:00:00[+-]\d{2}:\d{2}$/);
    expect(localDay(sentDate)).toBe('2026-05-01');
    expect(screen.getByText('Saved.')).toBeTruthy();
    // The list is read again, so the row shows what was saved.
    expect(bridge.calls.filter(([operation]) => operation === 'StockQuantityController_findAll')).toHaveLength(2);
  });

  it('refuses bad money and bad quantities on screen, next to their fields, and sends nothing', async () => {
    const bridge = shop([TEA]);
    bridge.answer('StockQuantityController_update', { id: 's-1' });
    await editTea(bridge);
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '12.345' } });
    fireEvent.change(screen.getByLabelText('Monday'), { target: { value: '-1' } });
    fireEvent.change(screen.getByLabelText('Friday'), { target: { value: '1.2345' } });
    fireEvent.change(screen.getByLabelText('Saturday'), { target: { value: 'ten' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(errorOf('price')).toBe('Enter a price of 0 or more, with at most 2 decimals.');
    expect(errorOf('mon')).toBe('Enter a quantity of 0 or more, with at most 3 decimals.');
    expect(errorOf('fri')).toBe('Enter a quantity of 0 or more, with at most 3 decimals.');
    expect(errorOf('sat')).toBe('Enter a quantity of 0 or more, with at most 3 decimals.');
    expect(screen.getByLabelText('Price').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Tuesday').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Price'));
    expect(screen.getByRole('alert').textContent).toBe('Check the marked fields.');
    expect(bridge.calls.some(([operation]) => operation === 'StockQuantityController_update')).toBe(false);
  });

  it('refuses a negative price and an emptied date', async () => {
    const bridge = shop([TEA]);
    await editTea(bridge);
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '-5' } });
    fireEvent.change(screen.getByLabelText('Date from'), { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(errorOf('price')).toBe('Enter a price of 0 or more, with at most 2 decimals.');
    expect(errorOf('dateFrom')).toBe('Choose a date.');
    expect(bridge.calls.some(([operation]) => operation === 'StockQuantityController_update')).toBe(false);
  });

  it('shows the service’s 400 lines next to the fields they name, and the rest above the buttons', async () => {
    const bridge = shop([TEA]);
    bridge.answer('StockQuantityController_update', () => {
      throw rpcError(400, ['price must have at most 15 digits before the decimal point', 'tue must not be negative', 'Stock item not found']);
    });
    await editTea(bridge);
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Tuesday'), { target: { value: '1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(errorOf('price')).toBe('price must have at most 15 digits before the decimal point');
    expect(errorOf('tue')).toBe('tue must not be negative');
    expect(screen.getByRole('alert').textContent).toBe('Stock item not found');
    expect(screen.queryByText('Saved.')).toBeNull();
  });

  it('says so when nothing was changed, without sending', async () => {
    const bridge = shop([TEA]);
    await editTea(bridge);
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '12000,00' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.getByRole('status').textContent).toBe('Nothing has changed.');
    expect(bridge.calls.some(([operation]) => operation === 'StockQuantityController_update')).toBe(false);
  });

  it('edits details from the keyboard: arrows, Shift+Enter, type, Enter to save; Escape goes back to the list', async () => {
    const bridge = shop([TEA]);
    bridge.answer('StockQuantityController_update', { id: 's-1' });
    await openStock(bridge);
    const list = screen.getByTestId('virtual-list');
    list.focus();
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    fireEvent.keyDown(list, { key: 'Enter', shiftKey: true });
    expect(screen.getByRole('heading', { name: 'Edit details: Green tea' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Adjust quantity/ })).toBeNull();
    const price = screen.getByLabelText('Price');
    expect(document.activeElement).toBe(price);
    fireEvent.keyDown(price, { key: 'Escape' });
    expect(screen.queryByRole('form', { name: 'Edit details' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('virtual-list'));
    fireEvent.keyDown(screen.getByTestId('virtual-list'), { key: 'Enter', shiftKey: true });
    fireEvent.change(screen.getByLabelText('Thursday'), { target: { value: '4' } });
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Edit details' })));
    expect(bridge.calls).toContainEqual(['StockQuantityController_update', { params: { id: 's-1' }, body: { thu: '4' } }]);
    expect(document.activeElement).toBe(screen.getByTestId('virtual-list'));
  });
});

describe('stock levels', () => {
  const rows = [
    TEA,
    { ...TEA, id: 's-2', itemId: 'i-2', stock_quantity: '0' },
    { ...TEA, id: 's-3', itemId: 'i-3', stock_quantity: '5' },
    { ...TEA, id: 's-4', itemId: 'i-4', stock_quantity: '-2' },
  ];

  it('highlights and labels a row below today’s par as low, keeping negative red and zero amber', async () => {
    await openStock(shop(rows), WEDNESDAY);
    const tea = rowOf('Green tea');
    expect(tea.querySelector('.stock-low')).not.toBeNull();
    expect(tea.querySelector('.stock-badge')?.textContent).toBe('low');
    expect(tea.textContent).toContain('low 3');
    // At the par exactly is not low; zero and negative keep their own styles and are not called low.
    expect(rowOf('Salt').querySelector('.stock-low, .stock-badge')).toBeNull();
    expect(rowOf('Rice').querySelector('.amount.zero')?.textContent).toBe('0');
    expect(rowOf('Rice').querySelector('.stock-badge')).toBeNull();
    expect(rowOf('Sugar').querySelector('.amount.negative')?.textContent).toBe('−2');
    expect(rowOf('Sugar').querySelector('.stock-badge')).toBeNull();
    fireEvent.click(rowOf('Rice'));
    expect(screen.getByTestId('stock-status').textContent).toBe('Out of stock');
    fireEvent.click(rowOf('Sugar'));
    expect(screen.getByTestId('stock-status').textContent).toBe('Negative stock');
  });

  it('calls nothing low on a day whose par is 0', async () => {
    await openStock(shop(rows), THURSDAY);
    expect(document.querySelector('.stock-low, .stock-badge')).toBeNull();
    expect(rowOf('Rice').querySelector('.amount.zero')).not.toBeNull();
    expect(rowOf('Sugar').querySelector('.amount.negative')).not.toBeNull();
    fireEvent.click(rowOf('Green tea'));
    expect(screen.getByText('Par level today (Thursday)')).toBeTruthy();
    expect(screen.getByTestId('today-par').textContent).toBe('0');
    expect(screen.getByTestId('stock-status').textContent).toBe('In stock');
  });

  it('works the level out when the lines are built, so filtering only returns those same lines', () => {
    const lines = stockLines(rows as StockRowInput[], [{ id: 'i-1', name: 'Green tea' }], 'Unknown item', 'wed');
    expect(lines.map((line) => line.level)).toEqual(['low', 'zero', 'ok', 'negative']);
    const found = filterLines(lines, 'w-1', 'green');
    expect(found).toHaveLength(1);
    expect(found[0]).toBe(lines[0]);
  });
});
