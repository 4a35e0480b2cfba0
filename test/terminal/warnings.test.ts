/**
 * At the till: facts made offline that break business rules are done and kept (a deleted item sold, the last units
 * sold twice), the warnings the service gives for them are kept at the till that made them until dismissed, and
 * an operation made at a till is recorded against the till's point.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncEngine } from '../../main/terminal/sync-engine.js';
import { countOpenWarnings, dismissWarnings, openWarnings } from '../../main/terminal/warnings.js';
import { testEngines } from '../helpers/databases.js';
import type { Tenant, TestServer } from '../helpers/server.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { createItem, receiptNeeds, receive, type ShopWorld } from '../helpers/terminals.js';

describe.each(await testEngines())('warnings kept at the till, against a %s service', (engine) => {
  let service: TillService;
  let server: TestServer;
  let shop: Tenant;
  let world: ShopWorld;
  let needs: { measure: string; supplier: string };
  let cashier: string;
  let cash: string;

  beforeAll(async () => {
    service = await startTillService(engine);
    ({ server, shop, world, cashier } = service);
    needs = await receiptNeeds(server, shop);
    cash = (await rest('POST', '/payment-methods/create', { name: 'Cash', kind: 'CASH' })).body.id;
  });
  afterAll(() => service.close());

  const rest = (method: string, path: string, body?: unknown) => service.rest(method, path, body);

  /** A new till: its own store, enrolled at till 1 and bootstrapped. */
  const till = () => service.till();
  const sale = (itemId: string, quantity: string) => ({
    body: {
      order_id: `sale-${Math.random()}`,
      automated_point_id: world.point1,
      workplace_id: world.workplace1,
      items: [{ item_id: itemId, quantity, price: '10', subtotal: String(10 * Number(quantity)) }],
      subtotal: String(10 * Number(quantity)),
      total_sum: String(10 * Number(quantity)),
      payments: [{ payment_type_id: cash, paid_sum: String(10 * Number(quantity)) }],
    },
  });

  it('keeps the stock-below-zero warning at the till whose offline sale of the last units came second, until dismissed', async () => {
    const item = await createItem(server, shop, 'Last three');
    await receive(server, world, needs, world.warehouse1, [{ itemId: item, quantity: 3 }]);
    const [first, second] = [await till(), await till()];
    await first.run('OrderController_create', sale(item, '3'), cashier);
    await second.run('OrderController_create', sale(item, '3'), cashier);

    await first.sync();
    await second.sync();

    expect(await openWarnings(first.store)).toEqual([]);
    const kept = await openWarnings(second.store);
    // Both tills are till 1 and counted on their own: the second's sale number was taken too.
    expect(kept).toMatchObject([
      { name: 'OrderController_create', code: 'ORDER_NUMBER_TAKEN' },
      {
        name: 'OrderController_create',
        employee_id: cashier,
        code: 'STOCK_BELOW_ZERO',
        detail: { code: 'STOCK_BELOW_ZERO', itemId: item, warehouseId: world.warehouse1, quantity: '-3' },
        names: { [item]: 'Last three', [world.warehouse1]: 'Shop floor' },
      },
    ]);
    // Synced again: the same result is not kept twice; the sync bar counts it once, until it is marked seen.
    const engine = new SyncEngine(second);
    await engine.runOnce();
    expect(await openWarnings(second.store)).toHaveLength(2);
    expect(engine.current().openWarnings).toBe(1);
    expect(await countOpenWarnings(first.store)).toBe(0);
    expect(await dismissWarnings(second.store, kept[0]!.mutation_id, cashier)).toBe(true);
    expect(await openWarnings(second.store)).toEqual([]);
    expect(await dismissWarnings(second.store, kept[0]!.mutation_id, cashier)).toBe(false);
    await engine.runOnce();
    expect(engine.current().openWarnings).toBe(0);
  });

  it('sells an item the office deleted before the till heard of it, and again after (a fact made while it was on the shelf), with warnings', async () => {
    const item = await createItem(server, shop, 'Discontinued');
    await receive(server, world, needs, world.warehouse1, [{ itemId: item, quantity: 10 }]);
    const terminal = await till();
    await terminal.run('OrderController_create', sale(item, '1'), cashier);
    expect((await rest('DELETE', `/item-modifier/items/delete/${item}`)).status).toBe(200);
    await terminal.sync();
    // The till has now heard of the delete; a sale of the item (e.g. resubmitted from a receipt) is still a fact.
    await terminal.run('OrderController_create', sale(item, '2'), cashier);
    await terminal.sync();

    expect(await terminal.pendingOperations()).toBe(0);
    expect(await terminal.inbox()).toEqual([]);
    expect((await openWarnings(terminal.store)).map((warning) => warning.detail)).toEqual([
      { code: 'DELETED_REFERENCE', table: 'items', id: item },
      { code: 'DELETED_REFERENCE', table: 'items', id: item },
    ]);
    // The till holds the deleted item's tombstone, so the warning can name it.
    expect((await openWarnings(terminal.store))[0]?.names).toEqual({ [item]: 'Discontinued' });
    const level = await server.database.db
      .selectFrom('stock_levels')
      .select('quantity')
      .where('business_id', '=', shop.businessId)
      .where('item_id', '=', item)
      .executeTakeFirst();
    expect(BigInt(level!.quantity)).toBe(7000n);
  });

  it('records a manager’s debt entry sent with point "0" against the till’s point, at the till and on the service', async () => {
    const role = await rest('POST', '/employee-role/create', { name: 'Manager', access_resources: ['MANAGER'] });
    const manager = await rest('POST', '/employee/create', { full_name: 'Manager everywhere', role_id: role.body.id, password: '6482' });
    expect(manager.status, JSON.stringify(manager.body)).toBe(201);
    const client = await rest('POST', '/clients/create', { full_name: 'Regular' });
    const terminal = await till();
    await terminal.run(
      'ClientDebtController_createTransaction',
      { body: { client_id: client.body.id, debt_amount: '40', employee_id: manager.body.id, id_automated_point: '0' } },
      manager.body.id,
    );
    const local = await terminal.store.db.selectFrom('client_debt_txns').select('id_automated_point').where('client_id', '=', client.body.id).execute();
    expect(local.map((row) => row.id_automated_point)).toEqual([world.point1]);

    await terminal.sync();

    expect(await terminal.inbox()).toEqual([]);
    const stored = await server.database.db
      .selectFrom('client_debt_txns')
      .select('id_automated_point')
      .where('business_id', '=', shop.businessId)
      .where('client_id', '=', client.body.id)
      .execute();
    expect(stored.map((row) => row.id_automated_point)).toEqual([world.point1]);
  });
});
