/**
 * Pull scopes (docs/sync.md, "Scopes") put a stock row under its warehouse and an order (with its lines,
 * discounts, taxes, deliveries and payments) under its point. Change capture logs a row only under its scope at
 * the time of the write, so a row moved to another warehouse or point would stay, stale, on the old scope's
 * terminals. No operation may therefore change a scope column; if one ever must, capture has to log a tombstone
 * under the old scope first. This test fails the day an update starts accepting one.
 */
import { describe, expect, it } from 'vitest';
import { CAPTURED_TABLES } from '../../db/change-capture.js';
import { UpdateOrderDto } from '../../shared/catalogue/order.js';
import { UpdateStockListDto } from '../../shared/catalogue/stock-quantity.js';

describe('scope columns of mirrored rows', () => {
  it('are the warehouse of a stock row and the point of an order, and nothing else', () => {
    const columnScoped = Object.entries(CAPTURED_TABLES).filter(([, rule]) => rule.kind === 'column');
    expect(columnScoped.map(([table, rule]) => [table, rule.kind === 'column' ? rule.column : ''])).toEqual([
      ['stock_levels', 'warehouse_id'],
      ['orders', 'automated_point_id'],
      // A refund is never updated: no operation changes its point.
      ['order_refunds', 'automated_point_id'],
    ]);
  });

  it('cannot be changed by any update: a stock row never changes warehouse, an order never changes point', () => {
    for (const [schema, fields] of [
      [UpdateStockListDto, ['warehouseId', 'warehouse_id']],
      [UpdateOrderDto, ['automated_point_id', 'automatedPointId', 'point_id']],
    ] as const) {
      for (const field of fields) expect(schema.safeParse({ [field]: 'elsewhere' }).success, field).toBe(false);
    }
  });
});
