/**
 * The order-create benchmark's records and body: a point whose default warehouse the lines take stock from, a
 * workplace, a client and a DEBT payment method beside the seeded Cash; each order has 5 lines and 2 payments
 * (one in cash, one on the client's debt), so it posts 5 stock entries and a debt entry.
 */
import { randomUUID } from 'node:crypto';
import { apiClient, type BenchFixtures } from './fixtures.js';

export interface OrderFixtures {
  readonly pointId: string;
  readonly workplaceId: string;
  readonly cashId: string;
  readonly debtId: string;
  readonly clientId: string;
  readonly itemIds: readonly string[];
}

export async function createOrderFixtures(baseUrl: string, fixtures: BenchFixtures): Promise<OrderFixtures> {
  const api = apiClient(baseUrl, fixtures.token);
  const point = await api.post('/business-config/points/create', { name: 'Café', default_warehouse_id: fixtures.warehouseId });
  const workplace = await api.post('/business-config/workplaces/create', { name: 'Till 1', automated_point_id: point.id });
  const methods: { id: string; name: string }[] = await api.get('/payment-methods/all');
  const cash =
    methods.find((method) => method.name === 'Cash') ??
    (await api.post('/payment-methods/create', { name: 'Cash', kind: 'CASH' }));
  const debt = await api.post('/payment-methods/create', { name: 'On account', kind: 'DEBT' });
  return {
    pointId: point.id,
    workplaceId: workplace.id,
    cashId: cash.id,
    debtId: debt.id,
    clientId: fixtures.clientId,
    itemIds: fixtures.itemIds.slice(0, 5),
  };
}

/** 5 lines at 12.50 × 1..5 = 187.50, paid 100 in cash and 87.50 on debt; a fresh guid per request. */
export function orderCreateBody(orders: OrderFixtures) {
  const items = orders.itemIds.map((itemId, index) => {
    const quantity = index + 1;
    const cents = quantity * 1250;
    return {
      item_id: itemId,
      quantity: String(quantity),
      price: '12.5',
      subtotal: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    };
  });
  return {
    guid: randomUUID(),
    order_id: 'B-1',
    automated_point_id: orders.pointId,
    workplace_id: orders.workplaceId,
    client_id: orders.clientId,
    subtotal: '187.5',
    total_sum: '187.5',
    total_paid: '187.5',
    is_closed: true,
    items,
    payments: [
      { payment_type_id: orders.cashId, paid_sum: '100' },
      { payment_type_id: orders.debtId, paid_sum: '87.5' },
    ],
  };
}
