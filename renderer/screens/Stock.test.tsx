// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rowWindow } from '../components/VirtualList.js';
import { EMPLOYEE, fakeBridge, ONLINE, renderWith } from '../test-support.js';
import { filterLines, Stock, stockLines } from './Stock.js';

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
    expect(screen.getByTestId('stock-count').textContent).toBe('50000 rows');
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
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(bridge.calls).toContainEqual([
      'StockQuantityController_update',
      { params: { id: 's-1' }, body: { stock_quantity: '37.5' } },
    ]);
    expect(screen.getByText('Adjusted.')).toBeTruthy();
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
    );
    expect(lines.map((line) => line.name)).toEqual(['Tea', 'Unknown item']);
    expect(filterLines(lines, 'w-1', '').map((line) => line.id)).toEqual(['s-1']);
    expect(filterLines(lines, null, 'unknown').map((line) => line.id)).toEqual(['s-2']);
  });
});
