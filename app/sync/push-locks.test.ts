import { describe, expect, it } from 'vitest';
import type { QueuedOperation } from './push-batch.js';
import { batchLockKeys } from './push-locks.js';

const operation = (args: unknown, extra: Partial<QueuedOperation> = {}): QueuedOperation => ({
  seq: 1,
  mutationId: 'm',
  name: 'X',
  v: 1,
  occurredAt: '2026-11-20T09:00:00.000Z',
  actor: { employeeId: 'e' },
  args,
  ...extra,
});

describe('the keys a push batch locks up front', () => {
  it('names clients, items, warehouses, points and edited records at any depth of the operations, each once', () => {
    const keys = batchLockKeys([
      operation({ client_id: 'c1', automated_point_id: 'p1', items: [{ item_id: 'i1', warehouse_id: 'w1' }, { item_id: 'i2' }] }),
      operation({ warehouseId: ['w2', 'w1'], toWarehouseId: 'w3', items: [{ itemId: 'i1' }] }),
      operation({ stock_quantity: '3' }, { params: { id: 'row-1' } }),
      operation({ client_id: 'c1', id_automated_point: 'p2' }),
    ]);
    expect(keys).toEqual({ clients: ['c1'], items: ['i1', 'i2'], warehouses: ['w1', 'w2', 'w3'], points: ['p1', 'p2'], records: ['row-1'] });
  });

  it('locks nothing up front for a single operation, which takes its own rows in the global order', () => {
    expect(batchLockKeys([operation({ client_id: 'c1' }), operation({ name: 'A warehouse with no rows' })])).toBeNull();
  });

  it('takes no key from a malformed operation, nor a value too long to be an id', () => {
    const malformed = operation({ client_id: 'c2' }, { malformed: { problems: ['v must be a number'], stored: { occurredAt: null, payload: '{}', refusedPayload: '{}' } } });
    expect(batchLockKeys([operation({ client_id: 'c1' }), malformed])).toBeNull();
    expect(batchLockKeys([operation({ client_id: 'c1' }), operation({ client_id: 'x'.repeat(65) })])).toBeNull();
  });
});
