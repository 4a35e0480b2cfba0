import { describe, expect, it } from 'vitest';
import { overallProgress } from './progress.js';

const tables = [
  { table: 'employees', rowsTotal: 3 },
  { table: 'clients', rowsTotal: 0 },
  { table: 'items', rowsTotal: 10_000 },
  { table: 'stock_levels', rowsTotal: 5 },
];

describe('the initial download’s overall progress', () => {
  it('adds the tables already downloaded to the current table’s rows, skipping empty tables', () => {
    expect(overallProgress({ table: 'items', rowsDone: 5_000, rowsTotal: 10_000, tables })).toEqual({
      rowsDone: 5_003,
      rowsTotal: 10_008,
      tableNumber: 2,
      tableCount: 3,
      table: 'items',
    });
  });

  it('ends at every row of every table', () => {
    expect(overallProgress({ table: 'stock_levels', rowsDone: 5, rowsTotal: 5, tables })).toMatchObject({
      rowsDone: 10_008,
      rowsTotal: 10_008,
      tableNumber: 3,
    });
    expect(overallProgress({ table: null, rowsDone: 0, rowsTotal: 0, tables })).toMatchObject({
      rowsDone: 10_008,
      rowsTotal: 10_008,
      tableNumber: 3,
    });
  });

  it('is empty before the first page', () => {
    expect(overallProgress(null)).toEqual({ rowsDone: 0, rowsTotal: 0, tableNumber: 0, tableCount: 0, table: null });
  });
});
