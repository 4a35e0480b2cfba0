/**
 * Issue 14, item 13: a goods receipt's "new selling price" at a till. The till's own run gives the item its new
 * price at once (the stock and receipt screens read it offline), the service does the same when the operation
 * arrives, and the pulled item row keeps the till where the service is; un-conducting puts the previous price back
 * on both sides, unless the price was changed since.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Terminal } from '../../main/terminal/terminal.js';
import { testEngines } from '../helpers/databases.js';
import type { Tenant, TestServer } from '../helpers/server.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { createItem, receiptNeeds, type ShopWorld } from '../helpers/terminals.js';

describe.each(await testEngines())('receipt prices at a till against a %s service', (engine) => {
  let service: TillService;
  let server: TestServer;
  let shop: Tenant;
  let world: ShopWorld;
  let needs: { measure: string; supplier: string };
  let cashier: string;

  beforeAll(async () => {
    service = await startTillService(engine, { cashierRights: ['STOCK'] });
    ({ server, shop, world, cashier } = service);
    needs = await receiptNeeds(server, shop);
  });
  afterAll(() => service.close());

  /** A new till: its own store, enrolled at till 1 and bootstrapped. */
  const till = () => service.till();

  const rest = (method: string, path: string, body?: unknown) => service.rest(method, path, body);
  const localPrice = async (terminal: Terminal, itemId: string) =>
    BigInt((await terminal.store.db.selectFrom('items').select('price').where('id', '=', itemId).executeTakeFirstOrThrow()).price);
  const servicePrice = async (itemId: string) =>
    BigInt((await server.database.db.selectFrom('items').select('price').where('business_id', '=', shop.businessId).where('id', '=', itemId).executeTakeFirstOrThrow()).price);
  const localStockPrice = async (terminal: Terminal, itemId: string) =>
    BigInt((await terminal.store.db.selectFrom('stock_levels').select('price').where('item_id', '=', itemId).where('warehouse_id', '=', world.warehouse1).executeTakeFirstOrThrow()).price);
  const receipt = (itemId: string, newPrice: string) => ({
    name: 'Delivery',
    warehouseId: [world.warehouse1],
    organizationId: world.point1,
    employeeId: cashier,
    clientId: needs.supplier,
    conducted: true,
    total: '40',
    totalPlanned: '40',
    totalDiff: '0',
    items: [{ itemId, quantity: '5', plannedQuantity: '5', price: '8', measureId: needs.measure, newPrice }],
  });

  it('gives the item its new price at the till at once, on the service when synced, and keeps it after the pull', async () => {
    const item = await createItem(server, shop, 'Green tea', '10');
    const terminal = await till();
    expect(await localPrice(terminal, item)).toBe(1000n);
    await terminal.run('ReceiptController_create', { body: receipt(item, '12.5') }, cashier);
    expect(await localPrice(terminal, item)).toBe(1250n);
    // The stock screen shows the stock row's price: the row this receipt created has the new price too.
    expect(await localStockPrice(terminal, item)).toBe(1250n);
    await terminal.sync();
    expect(await terminal.pendingOperations()).toBe(0);
    expect(await servicePrice(item)).toBe(1250n);
    await terminal.pull();
    expect(await localPrice(terminal, item)).toBe(1250n);
    expect(await localStockPrice(terminal, item)).toBe(1250n);
  });

  it('a price the office sets after the receipt reaches the till by pull', async () => {
    const item = await createItem(server, shop, 'Black tea', '10');
    const terminal = await till();
    await terminal.run('ReceiptController_create', { body: receipt(item, '11') }, cashier);
    await terminal.sync();
    expect((await rest('PATCH', `/item-modifier/items/update/${item}`, { price: '14' })).status).toBe(200);
    await terminal.pull();
    expect(await localPrice(terminal, item)).toBe(1400n);
  });

  it('un-conducting at the till restores the previous price there and on the service', async () => {
    const item = await createItem(server, shop, 'Oolong', '10');
    const row = await rest('POST', '/stock-quantity/create', {
      itemId: item,
      warehouseId: world.warehouse1,
      stock_quantity: '2',
      price: '9',
      measureId: needs.measure,
      dateFrom: '2026-11-01',
    });
    expect(row.status).toBe(201);
    const terminal = await till();
    const created = (await terminal.run('ReceiptController_create', { body: receipt(item, '15') }, cashier)) as { id: string };
    expect(await localStockPrice(terminal, item)).toBe(1500n);
    await terminal.sync();
    await terminal.run('ReceiptController_update', { params: { id: created.id }, body: { conducted: false } }, cashier);
    expect([await localPrice(terminal, item), await localStockPrice(terminal, item)]).toEqual([1000n, 900n]);
    await terminal.sync();
    expect(await servicePrice(item)).toBe(1000n);
    await terminal.pull();
    expect([await localPrice(terminal, item), await localStockPrice(terminal, item)]).toEqual([1000n, 900n]);
  });
});
