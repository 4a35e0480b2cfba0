/**
 * Reference records inserted straight into the database, so a resource's tests need not depend on another
 * resource's operations (each group is tested through its own HTTP operations).
 */
import { uuidv7 } from '../../shared/ids.js';
import type { Tenant, TestServer } from './server.js';

function common(tenant: Tenant) {
  const now = new Date().toISOString();
  return { business_id: tenant.businessId, id: uuidv7(), is_deleted: 0, dt_created: now, dt_updated: now };
}

export async function insertWarehouse(server: TestServer, tenant: Tenant, name = 'Main') {
  const row = { ...common(tenant), name, location: null };
  await server.database.db.insertInto('warehouses').values(row).execute();
  return row.id;
}

export async function insertMeasurement(server: TestServer, tenant: Tenant, name = 'pcs') {
  const row = { ...common(tenant), name };
  await server.database.db.insertInto('measurements').values(row).execute();
  return row.id;
}

export async function insertPoint(server: TestServer, tenant: Tenant, name = 'Till point') {
  const row = { ...common(tenant), name, guid: null };
  await server.database.db.insertInto('points').values(row).execute();
  return row.id;
}

export async function insertWorkplace(server: TestServer, tenant: Tenant, pointId: string, name = 'Till 1') {
  const row = { ...common(tenant), name, guid: null, automated_point_id: pointId };
  await server.database.db.insertInto('workplaces').values(row).execute();
  return row.id;
}

export async function insertSupplier(server: TestServer, tenant: Tenant, name = 'Supplier') {
  const row = { ...common(tenant), name, description: null, contact_person: null, phone_number: null, email: null, address: null };
  await server.database.db.insertInto('suppliers').values(row).execute();
  return row.id;
}

export async function insertClient(server: TestServer, tenant: Tenant, fullName = 'Client') {
  const row = { ...common(tenant), full_name: fullName, phone_number: null, email: null, address: null, birthday: null };
  await server.database.db.insertInto('clients').values(row).execute();
  return row.id;
}

/** An item with a price in hundredths (e.g. 1250n = 12.50). */
export async function insertItem(server: TestServer, tenant: Tenant, options: { name?: string; price?: bigint; pointId?: string | null; shtrix?: string } = {}) {
  const row = {
    ...common(tenant),
    group_id: null,
    name: options.name ?? 'Item',
    description: null,
    search_name: null,
    measurement: 'pcs',
    price: options.price ?? 1000n,
    cost: null,
    shtrix: options.shtrix ?? null,
    color: null,
    type: 'ITEM',
    id_automated_point: options.pointId === undefined ? '0' : options.pointId,
    tax_id: null,
    discount_id: null,
    pictures: '[]',
    is_menu: 0,
    is_service: 0,
    allow_pickup: 0,
    allow_delivery: 0,
  };
  await server.database.db.insertInto('items').values(row).execute();
  return row.id;
}
