/**
 * Fixtures for goods-receipt and stock-row tests: the records a receipt refers to, a valid body, and direct
 * reads of the stock tables (tests assert on stored state, not only on answers).
 */
import { insertClient, insertItem, insertMeasurement, insertPoint, insertSupplier, insertWarehouse } from './fixtures.js';
import type { Tenant, TestServer } from './server.js';

export interface ReceiptWorld {
  readonly tenant: Tenant;
  readonly warehouse: string;
  readonly warehouse2: string;
  readonly measure: string;
  readonly point: string;
  readonly supplier: string;
  readonly client: string;
  readonly item: string;
  readonly item2: string;
}

/** Two warehouses, two items (prices 10.00 and 20.00), a measure, a point, a supplier and a client. */
export async function receiptWorld(server: TestServer, tenant: Tenant): Promise<ReceiptWorld> {
  const warehouse = await insertWarehouse(server, tenant, 'Main');
  const warehouse2 = await insertWarehouse(server, tenant, 'Second');
  const measure = await insertMeasurement(server, tenant, 'pcs');
  const point = await insertPoint(server, tenant);
  const supplier = await insertSupplier(server, tenant);
  const client = await insertClient(server, tenant);
  const item = await insertItem(server, tenant, { name: 'Tea', price: 1000n });
  const item2 = await insertItem(server, tenant, { name: 'Coffee', price: 2000n });
  return { tenant, warehouse, warehouse2, measure, point, supplier, client, item, item2 };
}

export interface LineInput {
  itemId: string;
  quantity: string;
  price: string;
  plannedQuantity?: string;
  warehouseId?: string;
  rounding?: string;
  newPrice?: string;
}

/**
 * A valid create body for the given lines (measure from the world; planned = received unless given). Totals
 * must be stated by the test (`totals`), so a test cannot pass by echoing the server's own arithmetic.
 */
export function receiptBody(
  world: ReceiptWorld,
  lines: LineInput[],
  totals: { total: string; totalPlanned: string; totalDiff: string },
  overrides: Record<string, unknown> = {},
) {
  return {
    name: 'Delivery',
    warehouseId: [world.warehouse],
    organizationId: world.point,
    employeeId: world.tenant.userId,
    clientId: world.supplier,
    conducted: true,
    ...totals,
    items: lines.map((line) => ({ measureId: world.measure, plannedQuantity: line.quantity, ...line })),
    ...overrides,
  };
}

/** The stored level of a pair in thousandths (0 when it has no row). */
export async function levelOf(server: TestServer, tenant: Tenant, itemId: string, warehouseId: string): Promise<bigint> {
  const row = await server.database.db
    .selectFrom('stock_levels')
    .select('quantity')
    .where('business_id', '=', tenant.businessId)
    .where('item_id', '=', itemId)
    .where('warehouse_id', '=', warehouseId)
    .executeTakeFirst();
  return row ? BigInt(row.quantity) : 0n;
}

/** The ledger entries of a document as [reason, item, warehouse, delta], sorted (ids within one millisecond are unordered). */
export async function movesOf(server: TestServer, tenant: Tenant, docId: string) {
  const rows = await server.database.db
    .selectFrom('stock_moves')
    .select(['reason', 'item_id', 'warehouse_id', 'delta'])
    .where('business_id', '=', tenant.businessId)
    .where('doc_id', '=', docId)
    .execute();
  return sortMoves(rows.map((row) => [row.reason, row.item_id, row.warehouse_id, BigInt(row.delta)]));
}

type Move = readonly [reason: string, itemId: string, warehouseId: string, delta: bigint];

/** Ledger entries in a fixed order, to compare what was posted with what a test expects. */
export function sortMoves(moves: readonly Move[]): Move[] {
  const key = (move: Move) => `${move[0]}\u0000${move[1]}\u0000${move[2]}\u0000${move[3]}`;
  return [...moves].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** How many ledger entries the business has (to prove a refused write posted nothing). */
export async function moveCount(server: TestServer, tenant: Tenant): Promise<number> {
  const row = await server.database.db
    .selectFrom('stock_moves')
    .select((eb) => eb.fn.countAll<bigint>().as('count'))
    .where('business_id', '=', tenant.businessId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Audit actions recorded for a business (as a multiset: compare with arrayContaining or counts). */
export async function auditActions(server: TestServer, tenant: Tenant): Promise<string[]> {
  const rows = await server.database.db
    .selectFrom('audit_log')
    .select('action')
    .where('business_id', '=', tenant.businessId)
    .execute();
  return rows.map((row) => row.action);
}
