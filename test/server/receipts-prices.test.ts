/**
 * A goods receipt's new selling prices (issue 14, item 13): conducting sets the item's price and its stock row's
 * in the line's warehouse; un-conducting, deleting or replacing the lines of a conducted receipt puts back the
 * prices the receipt replaced — unless the price was changed since, which then stays (docs/api/receipts-and-stock.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { receiptBody, receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';

const api = '/api/v1/receipt';

describe.each(await testEngines())('new selling prices of goods receipts on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: ReceiptWorld;
  let stockRow: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'shop');
  });
  afterAll(() => server.close());

  /** A fresh world whose first item (10.00) has a stock row priced 9.00 in the first warehouse. */
  async function fresh() {
    world = await receiptWorld(server, shop);
    const row = await server.request('POST', '/api/v1/stock-quantity/create', {
      token: shop.token,
      body: { itemId: world.item, warehouseId: world.warehouse, stock_quantity: '1', price: '9', measureId: world.measure, dateFrom: '2026-01-01' },
    });
    expect(row.status).toBe(201);
    stockRow = row.body.id;
  }
  const request = (method: string, path: string, body?: unknown) => server.request(method, path, { token: shop.token, body });
  const prices = async () => {
    const item = await server.database.db.selectFrom('items').select('price').where('business_id', '=', shop.businessId).where('id', '=', world.item).executeTakeFirstOrThrow();
    const row = await request('GET', `/api/v1/stock-quantity/${stockRow}`);
    return [BigInt(item.price), row.body.price as string];
  };
  /** A receipt of 2 of the first item at 3.00 setting its price to `newPrice`. */
  const receive = async (newPrice: string, overrides: Record<string, unknown> = {}) => {
    const body = receiptBody(world, [{ itemId: world.item, quantity: '2', price: '3', newPrice }], { total: '6', totalPlanned: '6', totalDiff: '0' }, overrides);
    const created = await request('POST', `${api}/create`, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  };

  it('conducting sets the item’s price and its stock row’s; un-conducting puts both back', async () => {
    await fresh();
    const id = await receive('12.5');
    expect(await prices()).toEqual([1250n, '12.5']);
    expect((await request('PATCH', `${api}/update/${id}`, { conducted: false })).status).toBe(200);
    expect(await prices()).toEqual([1000n, '9']);
    // Conducting again sets them again, and deleting restores them.
    expect((await request('PATCH', `${api}/update/${id}`, { conducted: true })).status).toBe(200);
    expect(await prices()).toEqual([1250n, '12.5']);
    expect((await request('DELETE', `${api}/delete/${id}`)).status).toBe(200);
    expect(await prices()).toEqual([1000n, '9']);
  });

  it('a draft conducted later remembers the prices it replaced and restores them', async () => {
    await fresh();
    const id = await receive('11', { conducted: false });
    expect(await prices()).toEqual([1000n, '9']);
    await request('PATCH', `${api}/update/${id}`, { conducted: true });
    expect(await prices()).toEqual([1100n, '11']);
    await request('PATCH', `${api}/update/${id}`, { conducted: false });
    expect(await prices()).toEqual([1000n, '9']);
  });

  it('keeps a price changed since the receipt: un-conducting does not undo a newer price', async () => {
    await fresh();
    const id = await receive('12');
    expect((await request('PATCH', `/api/v1/item-modifier/items/update/${world.item}`, { price: '13' })).status).toBe(200);
    expect((await request('PATCH', `/api/v1/stock-quantity/update/${stockRow}`, { price: '13.5' })).status).toBe(200);
    await request('PATCH', `${api}/update/${id}`, { conducted: false });
    expect(await prices()).toEqual([1300n, '13.5']);
  });

  it('a later receipt’s price stays when an earlier one is un-conducted; un-conducting the later one steps back', async () => {
    await fresh();
    const first = await receive('12');
    const second = await receive('15');
    await request('PATCH', `${api}/update/${first}`, { conducted: false });
    expect(await prices()).toEqual([1500n, '15']);
    await request('PATCH', `${api}/update/${second}`, { conducted: false });
    expect(await prices()).toEqual([1200n, '12']);
  });

  it('replacing the lines of a conducted receipt restores the old price before applying the new one', async () => {
    await fresh();
    const id = await receive('12');
    const items = [{ itemId: world.item, quantity: '2', price: '3', plannedQuantity: '2', measureId: world.measure, newPrice: '14' }];
    expect((await request('PATCH', `${api}/update/${id}`, { items })).status).toBe(200);
    expect(await prices()).toEqual([1400n, '14']);
    const withoutPrice = [{ ...items[0], newPrice: null }];
    expect((await request('PATCH', `${api}/update/${id}`, { items: withoutPrice })).status).toBe(200);
    expect(await prices()).toEqual([1000n, '9']);
  });
});

describe.each(await testEngines())('the unit of a goods receipt line on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: ReceiptWorld;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'shop');
    world = await receiptWorld(server, shop);
  });
  afterAll(() => server.close());

  const box = async () => {
    const created = await server.request('POST', '/api/v1/measurements/create', { token: shop.token, body: { name: 'box' } });
    return created.body.id as string;
  };
  const body = (measureId: string, conducted = true) =>
    receiptBody(world, [{ itemId: world.item, quantity: '2', price: '3' }], { total: '6', totalPlanned: '6', totalDiff: '0' }, { conducted, items: [{ itemId: world.item, quantity: '2', plannedQuantity: '2', price: '3', measureId }] });

  it('refuses a line in a unit other than its item’s with a 400 naming the line and the unit, storing nothing', async () => {
    const boxes = await box();
    const before = await server.database.db.selectFrom('receipts').select('id').where('business_id', '=', shop.businessId).execute();
    const refused = await server.request('POST', `${api}/create`, { token: shop.token, body: body(boxes) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual([`items.0.measureId must be the item's unit ("pcs")`]);
    const after = await server.database.db.selectFrom('receipts').select('id').where('business_id', '=', shop.businessId).execute();
    expect(after).toHaveLength(before.length);
    const accepted = await server.request('POST', `${api}/create`, { token: shop.token, body: body(world.measure) });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  });

  it('refuses the wrong unit when lines are replaced, and accepts any unit for an item whose unit names no measurement', async () => {
    const boxes = await box();
    const created = await server.request('POST', `${api}/create`, { token: shop.token, body: body(world.measure, false) });
    const patched = await server.request('PATCH', `${api}/update/${created.body.id}`, { token: shop.token, body: { items: body(boxes).items } });
    expect(patched.status).toBe(400);
    expect(patched.body.message).toEqual([`items.0.measureId must be the item's unit ("pcs")`]);
    await server.database.db.updateTable('items').set({ measurement: 'piece of cake' }).where('id', '=', world.item).execute();
    const free = await server.request('PATCH', `${api}/update/${created.body.id}`, { token: shop.token, body: { items: body(boxes).items } });
    expect(free.status, JSON.stringify(free.body)).toBe(200);
  });
});
