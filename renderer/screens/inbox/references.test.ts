import { describe, expect, it } from 'vitest';
import { fakeBridge } from '../../test-support.js';
import { loadChoices, referenceKind } from './references.js';

describe('reference fields of a refused body', () => {
  it('are recognised by the catalogue’s field names', () => {
    expect(referenceKind('client_id')).toBe('clients');
    expect(referenceKind('clientId')).toBe('suppliersAndClients');
    expect(referenceKind('itemId')).toBe('items');
    expect(referenceKind('toWarehouseId')).toBe('warehouses');
    expect(referenceKind('id_automated_point')).toBe('points');
    expect(referenceKind('debt_amount')).toBeNull();
    expect(referenceKind('employee_id')).toBeNull();
  });

  it('offer the live records by name; a receipt’s counterparty from suppliers and clients together', async () => {
    const bridge = fakeBridge({
      SupplierController_findAll: [{ id: 's-1', name: 'Toshkent Choy Savdo' }],
      ClientController_findAll: [
        { id: 'c-1', full_name: 'Aziz' },
        { id: 'c-2', full_name: 'Deleted', is_deleted: 1 },
      ],
    });
    expect(await loadChoices(bridge, 'suppliersAndClients')).toEqual([
      { id: 'c-1', name: 'Aziz' },
      { id: 's-1', name: 'Toshkent Choy Savdo' },
    ]);
  });
});
