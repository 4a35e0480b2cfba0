/**
 * Fields of a refused body that name a record (a client, an item, a warehouse, a point) are edited by choosing
 * from the records this till holds, by name — not by typing an id. Which field names which table follows the
 * catalogue's own field names; anything else stays a text field.
 */
import type { OperationId } from '../../../shared/catalogue/index.js';
import type { Bridge } from '../../bridge.js';

export type ReferenceKind = 'clients' | 'suppliersAndClients' | 'items' | 'warehouses' | 'points';

const FIELDS: Readonly<Record<string, ReferenceKind>> = {
  client_id: 'clients',
  // A goods receipt's counterparty is a supplier or a client (docs/api/receipts-and-stock.md).
  clientId: 'suppliersAndClients',
  item_id: 'items',
  itemId: 'items',
  warehouse_id: 'warehouses',
  warehouseId: 'warehouses',
  toWarehouseId: 'warehouses',
  automated_point_id: 'points',
  id_automated_point: 'points',
  organizationId: 'points',
};

export function referenceKind(field: string): ReferenceKind | null {
  return FIELDS[field] ?? null;
}

export interface Choice {
  readonly id: string;
  readonly name: string;
}

interface Named {
  readonly id: string;
  readonly name?: string | null;
  readonly full_name?: string | null;
  readonly is_deleted?: boolean | number | null;
}

const LOADERS: Readonly<Record<ReferenceKind, readonly OperationId[]>> = {
  clients: ['ClientController_findAll'],
  suppliersAndClients: ['SupplierController_findAll', 'ClientController_findAll'],
  items: ['ItemModifierController_findAllItems'],
  warehouses: ['WarehouseController_findAll'],
  points: ['BusinessController_findAllPoints'],
};

/** The live records of one kind, by name. */
export async function loadChoices(bridge: Bridge, kind: ReferenceKind): Promise<Choice[]> {
  const lists = await Promise.all(LOADERS[kind].map((operation) => bridge.run<Named[]>(operation)));
  return lists
    .flat()
    .filter((row) => !row.is_deleted)
    .map((row) => ({ id: row.id, name: row.full_name ?? row.name ?? row.id }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
