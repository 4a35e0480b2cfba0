import { describe, expect, it } from 'vitest';
import { filterReceipts, localDay, NO_FILTER, receiptRows } from './list.js';
import type { ReceiptHeader } from './types.js';

const header = (overrides: Partial<ReceiptHeader>): ReceiptHeader => ({
  id: 'r',
  guid: null,
  name: 'Receipt',
  description: null,
  warehouseId: ['w-1'],
  organizationId: 'p-1',
  total: '0',
  totalPlanned: '0',
  totalDiff: '0',
  employeeId: 'emp-1',
  clientId: 's-1',
  note: null,
  conducted: false,
  is_deleted: false,
  dt_created: '2026-03-01T09:00:00',
  dt_updated: '2026-03-01T09:00:00',
  ...overrides,
});

const ROWS = receiptRows(
  [
    header({ id: 'r-1', name: 'Tea delivery', dt_created: '2026-03-01T09:00:00', conducted: true }),
    header({
      id: 'r-2',
      name: 'Bread',
      dt_created: '2026-03-03T09:00:00',
      clientId: 's-2',
      warehouseId: ['w-2'],
      note: 'Invoice 77',
    }),
    header({ id: 'r-3', name: 'Milk', dt_created: '2026-03-02T09:00:00', is_deleted: true }),
    header({ id: 'r-4', name: 'Sugar', dt_created: '2026-03-02T18:30:00', clientId: 'client-9' }),
  ],
  [
    { id: 's-1', name: 'Tea House' },
    { id: 's-2', name: 'Bakery' },
  ],
  [
    { id: 'w-1', name: 'Shop floor' },
    { id: 'w-2', name: 'Back room' },
  ],
);
const ids = (filter: Partial<typeof NO_FILTER>) => filterReceipts(ROWS, { ...NO_FILTER, ...filter }).map((row) => row.id);

describe('the receipts list', () => {
  it('shows live receipts newest first, with supplier and warehouse names', () => {
    expect(ROWS.map((row) => [row.id, row.supplier, row.warehouses])).toEqual([
      ['r-2', 'Bakery', 'Back room'],
      ['r-4', null, 'Shop floor'],
      ['r-1', 'Tea House', 'Shop floor'],
    ]);
  });

  it('filters by a day, a range of days, and open-ended ranges', () => {
    expect(ids({ from: '2026-03-02', to: '2026-03-02' })).toEqual(['r-4']);
    expect(ids({ from: '2026-03-01', to: '2026-03-02' })).toEqual(['r-4', 'r-1']);
    expect(ids({ from: '2026-03-02' })).toEqual(['r-2', 'r-4']);
    expect(ids({ to: '2026-03-01' })).toEqual(['r-1']);
  });

  it('filters by warehouse, supplier and state, and searches name, note and number', () => {
    expect(ids({ warehouseId: 'w-2' })).toEqual(['r-2']);
    expect(ids({ supplierId: 's-1' })).toEqual(['r-1']);
    expect(ids({ state: 'conducted' })).toEqual(['r-1']);
    expect(ids({ state: 'drafts' })).toEqual(['r-2', 'r-4']);
    expect(ids({ search: 'invoice 77' })).toEqual(['r-2']);
    expect(ids({ search: 'TEA' })).toEqual(['r-1']);
    expect(ids({ search: 'r-4' })).toEqual(['r-4']);
  });

  it('takes the local calendar day of an instant', () => {
    expect(localDay(new Date(2026, 10, 23, 23, 59))).toBe('2026-11-23');
    expect(localDay('not a date')).toBe('');
  });
});
