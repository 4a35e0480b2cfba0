/**
 * Fixtures for order and settlement tests: the records an order refers to (a point with a default warehouse and
 * one without, their workplaces, items, a service, a modifier, a client, payment methods of each kind), a valid
 * body, and readers of stored state (stock, debt, audit).
 */
import { uuidv7 } from '../../shared/ids.js';
import { insertClient, insertItem, insertWarehouse } from './fixtures.js';
import type { Tenant, TestServer } from './server.js';

export interface OrderWorld {
  readonly tenant: Tenant;
  readonly warehouse: string;
  readonly warehouse2: string;
  /** A point whose default warehouse is `warehouse`, and its workplace. */
  readonly point: string;
  readonly workplace: string;
  /** A point with no default warehouse, and its workplace. */
  readonly barePoint: string;
  readonly bareWorkplace: string;
  readonly tea: string;
  readonly coffee: string;
  readonly service: string;
  readonly syrup: string;
  readonly client: string;
  readonly cash: string;
  readonly card: string;
  readonly debt: string;
}

function common(tenant: Tenant) {
  const now = new Date().toISOString();
  return { business_id: tenant.businessId, id: uuidv7(), is_deleted: 0, dt_created: now, dt_updated: now };
}

async function insertPaymentMethod(server: TestServer, tenant: Tenant, name: string, kind: string) {
  const row = { ...common(tenant), name, guid: null, kind };
  await server.database.db.insertInto('payment_methods').values(row).execute();
  return row.id;
}

/** `warehouses: false`: no warehouse at all (`warehouse`, `warehouse2` are '' and no point has a default). */
export async function orderWorld(server: TestServer, tenant: Tenant, options: { warehouses?: boolean } = {}): Promise<OrderWorld> {
  const db = server.database.db;
  const withWarehouses = options.warehouses ?? true;
  const warehouse = withWarehouses ? await insertWarehouse(server, tenant, 'Shop floor') : '';
  const warehouse2 = withWarehouses ? await insertWarehouse(server, tenant, 'Back store') : '';
  const point = { ...common(tenant), name: 'Café', guid: null, default_warehouse_id: withWarehouses ? warehouse : null };
  const bare = { ...common(tenant), name: 'Kiosk', guid: null, default_warehouse_id: null };
  await db.insertInto('points').values([point, bare]).execute();
  const workplace = { ...common(tenant), name: 'Till 1', guid: null, automated_point_id: point.id };
  const bareWorkplace = { ...common(tenant), name: 'Kiosk till', guid: null, automated_point_id: bare.id };
  await db.insertInto('workplaces').values([workplace, bareWorkplace]).execute();
  const tea = await insertItem(server, tenant, { name: 'Tea', price: 1000n });
  const coffee = await insertItem(server, tenant, { name: 'Coffee', price: 2000n });
  const service = await insertItem(server, tenant, { name: 'Delivery service', price: 500n });
  await db.updateTable('items').set({ is_service: 1 }).where('id', '=', service).execute();
  const syrup = {
    ...common(tenant),
    group_id: null,
    item_id: null,
    name: 'Syrup',
    description: null,
    search_name: null,
    measurement: 'pcs',
    price: 300n,
    cost: null,
    shtrix: null,
    color: null,
    type: 'MODIFIER',
    id_automated_point: '0',
    tax_id: null,
    discount_id: null,
    pictures: '[]',
    is_menu: 0,
    is_service: 0,
    allow_pickup: 0,
    allow_delivery: 0,
  };
  await db.insertInto('modifiers').values(syrup).execute();
  const client = await insertClient(server, tenant, 'Regular');
  const seeded = await db
    .selectFrom('payment_methods')
    .select('id')
    .where('business_id', '=', tenant.businessId)
    .where('name', '=', 'Cash')
    .executeTakeFirstOrThrow();
  const card = await insertPaymentMethod(server, tenant, 'Card', 'CARD');
  const debt = await insertPaymentMethod(server, tenant, 'On account', 'DEBT');
  return {
    tenant,
    warehouse,
    warehouse2,
    point: point.id,
    workplace: workplace.id,
    barePoint: bare.id,
    bareWorkplace: bareWorkplace.id,
    tea,
    coffee,
    service,
    syrup: syrup.id,
    client,
    cash: seeded.id,
    card,
    debt,
  };
}

export interface OrderLine {
  item_id: string;
  quantity: string;
  price: string;
  subtotal: string;
  note?: string;
  discount_id?: string;
  warehouse_id?: string;
}

/** A line whose subtotal the test states (a test cannot pass by echoing the server's arithmetic). */
export const line = (
  item: string,
  quantity: string,
  price: string,
  subtotal: string,
  extra: Partial<OrderLine> = {},
): OrderLine => ({
  item_id: item,
  quantity,
  price,
  subtotal,
  ...extra,
});

let sampleNumber = 0;

/** A valid create body at the world's café till; totals must be stated by the test. */
export function orderBody(
  world: OrderWorld,
  items: OrderLine[],
  totals: { subtotal: string; total_sum: string },
  overrides: Record<string, unknown> = {},
): Record<string, any> {
  return {
    // Unique within a test file (its own business): a till's numbers must not repeat (app/orders/order-number.ts).
    order_id: `A-${(sampleNumber += 1)}`,
    automated_point_id: world.point,
    workplace_id: world.workplace,
    items,
    ...totals,
    ...overrides,
  };
}

/** The client's debt balance in hundredths (0 when it has no record). */
export async function debtOf(server: TestServer, tenant: Tenant, clientId: string): Promise<bigint> {
  const row = await server.database.db
    .selectFrom('client_debts')
    .select('debt_amount')
    .where('business_id', '=', tenant.businessId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row ? BigInt(row.debt_amount) : 0n;
}

/** The client's debt entries' amounts, oldest first. */
export async function debtEntriesOf(server: TestServer, tenant: Tenant, clientId: string): Promise<bigint[]> {
  const rows = await server.database.db
    .selectFrom('client_debt_txns')
    .select(['amount'])
    .where('business_id', '=', tenant.businessId)
    .where('client_id', '=', clientId)
    .orderBy('dt_created')
    .orderBy('id')
    .execute();
  return rows.map((row) => BigInt(row.amount));
}

/** Audit entries of a business with `action`, with their actor. */
export async function auditEntries(server: TestServer, tenant: Tenant, action: string) {
  return server.database.db
    .selectFrom('audit_log')
    .select(['user_id', 'type', 'details'])
    .where('business_id', '=', tenant.businessId)
    .where('action', '=', action)
    .execute();
}
