/** The write scenarios bench:server drives over HTTP, and bench/server/floor.ts replays as bare SQL. */
import { randomUUID } from 'node:crypto';
import type { BenchFixtures } from './fixtures.js';
import { orderCreateBody, type OrderFixtures } from './orders.js';

/** The common records plus the order scenario's own. */
export type Fixtures = BenchFixtures & { readonly orders: OrderFixtures };

export interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: (f: Fixtures) => string;
  body?: (f: Fixtures) => unknown;
  connections?: number;
}

function receiptBody(f: BenchFixtures) {
  const items = f.itemIds.map((itemId, index) => ({
    itemId,
    quantity: String(index + 1),
    price: '12.5',
    plannedQuantity: String(index + 1),
    measureId: f.measureId,
  }));
  const total = items.reduce((sum, line) => sum + Number(line.quantity) * 1250, 0);
  const money = `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`;
  return {
    guid: randomUUID(),
    name: 'Delivery',
    warehouseId: [f.warehouseId],
    organizationId: f.pointId,
    total: money,
    totalPlanned: money,
    totalDiff: '0',
    employeeId: f.userId,
    clientId: f.supplierId,
    conducted: true,
    items,
  };
}

export const scenarios: readonly Scenario[] = [
  { name: 'receipt create (conducted, 10 lines)', method: 'POST', path: () => '/api/v1/receipt/create', body: receiptBody },
  { name: 'order create (5 lines, 2 payments)', method: 'POST', path: () => '/api/v1/orders/create', body: (f) => orderCreateBody(f.orders) },
  {
    name: 'debt transaction create',
    method: 'POST',
    path: () => '/api/v1/client-debts/transactions/create',
    body: (f) => ({ client_id: f.clientId, debt_amount: '1500.25', employee_id: f.userId, id_automated_point: f.pointId }),
  },
  {
    name: 'stock update',
    method: 'PATCH',
    path: (f) => `/api/v1/stock-quantity/update/${f.stockRowId}`,
    body: () => ({ stock_quantity: String(Math.floor(Math.random() * 1000)) }),
  },
  {
    name: 'modifier group create',
    method: 'POST',
    path: () => '/api/v1/item-modifier/modifier-groups/create',
    body: () => ({ name: 'Syrups', measurement: 'pcs', price: '3000', type: 'MODIFIER_GROUP' }),
  },
];

