/**
 * The simulated business, built through the service's own REST operations as an owner would: two points (each
 * with its default warehouse), a central store, one workplace and one cashier per terminal, items in roles the
 * workload gives them, clients, payment methods and opening stock. The world is plain JSON: the harness hands it
 * to every terminal process.
 */
import { restOk } from './rest.js';

/** Item fields terminals edit for the field-level last-writer-wins check: terminal i owns field i. */
export const LWW_FIELDS = ['name', 'description', 'search_name', 'color', 'shtrix', 'cost'] as const;
export type LwwField = (typeof LWW_FIELDS)[number];

export const OPENING_STOCK = '200';

export interface SimTerminalSeat {
  readonly name: string;
  readonly workplaceId: string;
  readonly pointId: string;
  readonly warehouseId: string;
  readonly employeeId: string;
  readonly pin: string;
  /** The item field this terminal edits (null: none, when there are more terminals than fields). */
  readonly lwwField: LwwField | null;
}

export interface SimWorld {
  readonly businessId: string;
  readonly ownerToken: string;
  readonly ownerId: string;
  readonly measureId: string;
  readonly supplierId: string;
  readonly cashMethodId: string;
  readonly debtMethodId: string;
  readonly centralWarehouseId: string;
  readonly points: readonly { id: string; warehouseId: string }[];
  readonly seats: readonly SimTerminalSeat[];
  /** Sold, written off, received and edited by everyone: the contention the ledger must survive. */
  readonly hotItems: readonly string[];
  readonly coldItems: readonly string[];
  /** Counted by inventories only (their effect depends on the level when the count is applied). */
  readonly countItems: readonly string[];
  /** Edited field by field by the terminals (each its own field). */
  readonly lwwItems: readonly string[];
  /** Edited by terminals and deleted by the back office during the run. */
  readonly doomedItems: readonly string[];
  /** Edited by terminals and deleted by them (a cashier's delete racing other tills' edits). */
  readonly clearanceItems: readonly string[];
  readonly clients: readonly string[];
  /** Sold to on credit by terminals and deleted by the back office during the run. */
  readonly doomedClients: readonly string[];
  readonly itemPrices: Readonly<Record<string, string>>;
}

export async function buildWorld(baseUrl: string, terminals: number, tag: string): Promise<SimWorld> {
  const login = `sim-${tag}`;
  const password = 'simulated owner password';
  const registered = await restOk(baseUrl, null, 'POST', '/auth/register', { login, password, businessName: `Sim ${tag}`, name: 'Sim owner' });
  const ownerToken = (await restOk(baseUrl, null, 'POST', '/auth/login', { login, password })).access_token as string;
  const post = async (path: string, body: unknown) => (await restOk(baseUrl, ownerToken, 'POST', path, body)).id as string;

  const measureId = await post('/measurements/create', { name: 'pcs' });
  const supplierId = await post('/suppliers/create', { name: 'Wholesaler' });
  const debtMethodId = await post('/payment-methods/create', { name: 'On account', kind: 'DEBT' });
  const cashMethodId = await post('/payment-methods/create', { name: 'Cash register', kind: 'CASH' });
  const centralWarehouseId = await post('/warehouses/create', { name: 'Central store' });
  const points: { id: string; warehouseId: string }[] = [];
  for (let index = 0; index < Math.min(2, terminals); index += 1) {
    const warehouseId = await post('/warehouses/create', { name: `Shop ${index + 1}` });
    points.push({ id: await post('/business-config/points/create', { name: `Point ${index + 1}`, default_warehouse_id: warehouseId }), warehouseId });
  }
  // The tills' cashiers receive, count and move stock, edit the catalogue and keep clients' debts (sim/workload.ts):
  // their role grants those rights (shared/rights.ts), as a shop would give its senior cashiers.
  const roleId = await post('/employee-role/create', { name: 'Senior cashier', access_resources: ['STOCK', 'CATALOGUE', 'CLIENT_DEBTS'] });
  const seats: SimTerminalSeat[] = [];
  for (let index = 0; index < terminals; index += 1) {
    const point = points[index % points.length]!;
    const workplaceId = await post('/business-config/workplaces/create', { name: `Till ${index + 1}`, automated_point_id: point.id });
    const pin = String(4100 + index * 7);
    const employeeId = await post('/employee/create', { full_name: `Cashier ${index + 1}`, role_id: roleId, password: pin, workplace_id: workplaceId });
    seats.push({ name: `t${index + 1}`, workplaceId, pointId: point.id, warehouseId: point.warehouseId, employeeId, pin, lwwField: LWW_FIELDS[index] ?? null });
  }
  const itemPrices: Record<string, string> = {};
  const items = async (role: string, count: number) => {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const price = String(5 + index * 3);
      const id = await post('/item-modifier/items/create', { name: `${role} ${index + 1}`, measurement: 'pcs', price, type: 'ITEM' });
      itemPrices[id] = price;
      ids.push(id);
    }
    return ids;
  };
  const hotItems = await items('Hot', 4);
  const coldItems = await items('Cold', 4);
  const countItems = await items('Counted', 2);
  const lwwItems = await items('Shared', 2);
  const doomedItems = await items('Discontinued', 2);
  const clearanceItems = await items('Clearance', 2);
  const warehouses = [centralWarehouseId, ...points.map((point) => point.warehouseId)];
  for (const warehouseId of warehouses) {
    for (const itemId of [...hotItems, ...coldItems, ...countItems]) {
      await post('/stock-quantity/create', { itemId, warehouseId, stock_quantity: OPENING_STOCK, price: '1', measureId, dateFrom: '2026-01-01' });
    }
  }
  const clients: string[] = [];
  for (let index = 0; index < 4; index += 1) clients.push(await post('/clients/create', { full_name: `Regular ${index + 1}` }));
  const doomedClients = [await post('/clients/create', { full_name: 'Moving away' })];
  return {
    businessId: registered.businessId as string,
    ownerToken,
    ownerId: registered.userId as string,
    measureId,
    supplierId,
    cashMethodId,
    debtMethodId,
    centralWarehouseId,
    points,
    seats,
    hotItems,
    coldItems,
    countItems,
    lwwItems,
    doomedItems,
    clearanceItems,
    clients,
    doomedClients,
    itemPrices,
  };
}

/** Asks the service for a one-time enrollment code for a seat's workplace. */
export async function enrollmentCodeFor(baseUrl: string, world: SimWorld, seat: SimTerminalSeat): Promise<string> {
  return (await restOk(baseUrl, world.ownerToken, 'POST', '/sync/enrollment-codes', { workplaceId: seat.workplaceId })).code as string;
}
