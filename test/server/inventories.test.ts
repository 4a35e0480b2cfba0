import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { auditActions, levelOf, moveCount, movesOf, receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';
import { stockLedgerMismatches } from '../../app/stock/ledger.js';

const api = '/api/v1/inventory';

interface Line {
  itemId: string;
  quantity: string;
  plannedQuantity?: string;
  price?: string;
  warehouseId?: string;
}

/** Totals are stated by the test, so a test cannot pass by echoing the server's own arithmetic. */
function inventoryBody(
  world: ReceiptWorld,
  lines: Line[],
  totals: [string, string, string],
  overrides: Record<string, unknown> = {},
) {
  return {
    name: 'Monthly count',
    warehouseId: [world.warehouse],
    organizationId: world.point,
    employeeId: world.tenant.userId,
    clientId: world.supplier,
    total: totals[0],
    totalPlanned: totals[1],
    totalDiff: totals[2],
    conducted: true,
    items: lines.map((line) => ({ measureId: world.measure, price: '1', plannedQuantity: '0', ...line })),
    ...overrides,
  };
}

describe.each(await testEngines())('inventories on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;
  let world: ReceiptWorld;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
  });
  afterAll(() => server.close());

  const fresh = async () => (world = await receiptWorld(server, shop));
  const create = (body: unknown, token = shop.token) => server.request('POST', `${api}/create`, { token, body });
  const patch = (id: string, body: unknown) => server.request('PATCH', `${api}/update/${id}`, { token: shop.token, body });
  const level = (item = world.item, warehouse = world.warehouse) => levelOf(server, shop, item, warehouse);
  const writeOff = async (quantity: string) => {
    const body = {
      name: 'loss',
      warehouseId: [world.warehouse],
      organizationId: world.point,
      employeeId: shop.userId,
      conducted: true,
      items: [{ itemId: world.item, quantity, price: '1', measureId: world.measure }],
    };
    expect((await server.request('POST', '/api/v1/write-off/create', { token: shop.token, body })).status).toBe(201);
  };
  const balanced = async () => expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);

  it('creates a draft inventory with its lines and totals, and moves no stock', async () => {
    await fresh();
    const body = inventoryBody(
      world,
      [{ itemId: world.item, quantity: '3', plannedQuantity: '4', price: '12.5' }],
      ['37.5', '50', '-12.5'],
      {
        conducted: false,
      },
    );
    const created = await create(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Monthly count',
      warehouseId: [world.warehouse],
      clientId: world.supplier,
      total: '37.5',
      totalPlanned: '50',
      totalDiff: '-12.5',
      conducted: false,
      is_deleted: false,
    });
    expect(created.body.items).toEqual([
      expect.objectContaining({
        inventoryId: created.body.id,
        quantity: '3',
        plannedQuantity: '4',
        price: '12.5',
        warehouseId: null,
      }),
    ]);
    const fetched = await server.request('GET', `${api}/${created.body.id}`, { token: shop.token });
    expect(fetched.body).toEqual(created.body);
    expect((await server.request('GET', `${api}/all`, { token: shop.token })).body.map((r: { id: string }) => r.id)).toContain(
      created.body.id,
    );
    expect(await level()).toBe(0n);
    expect(await movesOf(server, shop, created.body.id)).toEqual([]);
  });

  it('a conducted count sets the level to the counted quantity by posting the difference', async () => {
    await fresh();
    await writeOff('2');
    const created = await create(
      inventoryBody(world, [{ itemId: world.item, quantity: '5', plannedQuantity: '-2' }], ['5', '-2', '7']),
    );
    expect(created.status).toBe(201);
    expect(await level()).toBe(5000n);
    expect(await movesOf(server, shop, created.body.id)).toEqual([['inventory', world.item, world.warehouse, 7000n]]);
    expect(await auditActions(server, shop)).toContain('CREATE_INVENTORY');
    await balanced();
  });

  it('un-conducting and deleting reverse exactly what the count posted, keeping later postings', async () => {
    await fresh();
    await writeOff('2');
    const id = (await create(inventoryBody(world, [{ itemId: world.item, quantity: '5' }], ['5', '0', '5']))).body.id as string;
    await writeOff('1');
    expect(await level()).toBe(4000n);
    expect((await patch(id, { conducted: false })).body.conducted).toBe(false);
    expect(await level()).toBe(-3000n);
    await patch(id, { conducted: true });
    expect(await level()).toBe(5000n);
    await patch(id, {
      items: [{ itemId: world.item, quantity: '6', price: '1', plannedQuantity: '0', measureId: world.measure }],
    });
    expect(await level()).toBe(6000n);
    expect((await patch(id, { note: 'checked' })).body.note).toBe('checked');
    expect(await level()).toBe(6000n);
    const removed = await server.request('DELETE', `${api}/delete/${id}`, { token: shop.token });
    expect(removed.body.is_deleted).toBe(true);
    expect(await level()).toBe(-3000n);
    expectErrorBody(await server.request('GET', `${api}/${id}`, { token: shop.token }), 404, 'Inventory not found');
    expect(await auditActions(server, shop)).toEqual(expect.arrayContaining(['UPDATE_INVENTORY', 'DELETE_INVENTORY']));
    await balanced();
  });

  it('refuses wrong totals, a pair counted twice and a line with no single warehouse, writing nothing', async () => {
    await fresh();
    const before = await moveCount(server, shop);
    const line = { itemId: world.item, quantity: '2', plannedQuantity: '1', price: '62.75' };
    // 62.75 × 2 = 125.50 counted, 62.75 × 1 planned.
    expectValidation(
      await create(inventoryBody(world, [line], ['125', '62.75', '1'])),
      'total must equal the sum of the lines: expected "125.5"',
      'totalDiff must equal total - totalPlanned: expected "62.75"',
    );
    expectValidation(await create(inventoryBody(world, [line, line], ['251', '125.5', '125.5'])), 'items.1 counts the same item');
    expectValidation(
      await create(
        inventoryBody(world, [line], ['125.5', '62.75', '62.75'], { warehouseId: [world.warehouse, world.warehouse2] }),
      ),
      'items.0.warehouseId is required',
    );
    expect(await moveCount(server, shop)).toBe(before);
    expect(await level()).toBe(0n);
  });

  it('refuses references that do not exist in the caller’s business, one line per field, and stores nothing', async () => {
    await fresh();
    const theirs = await receiptWorld(server, rival);
    const before = await moveCount(server, shop);
    const body = inventoryBody(world, [{ itemId: theirs.item, quantity: '1', warehouseId: 'nowhere' }], ['1', '0', '1'], {
      warehouseId: [theirs.warehouse],
      organizationId: theirs.point,
      employeeId: rival.userId,
      clientId: theirs.supplier,
    });
    expectValidation(
      await create(body),
      'warehouseId.0 must be an existing warehouse',
      'organizationId must be an existing point',
      'employeeId must be an existing employee or user',
      'clientId must be an existing supplier or client',
      'items.0.itemId must be an existing item',
      'items.0.warehouseId must be an existing warehouse',
    );
    expect(await moveCount(server, shop)).toBe(before);
  });

  it('a retried create with the same guid returns the first inventory and counts once', async () => {
    await fresh();
    const body = inventoryBody(world, [{ itemId: world.item, quantity: '2' }], ['2', '0', '2'], { guid: `inv-${engine}` });
    const first = await create(body);
    await writeOff('1');
    const again = await create(body);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await level()).toBe(1000n);
  });

  it('refuses invalid bodies with a message naming the field', async () => {
    await fresh();
    const valid = inventoryBody(world, [{ itemId: world.item, quantity: '1' }], ['1', '0', '1']);
    const { clientId: _client, ...noClient } = valid;
    expectValidation(await create(noClient), 'clientId');
    expectValidation(await create({ ...valid, total: 'abc' }), 'total');
    expectValidation(await create({ ...valid, total: '1.001' }), 'total');
    const line = valid.items[0]!;
    expectValidation(await create({ ...valid, items: [{ ...line, quantity: '-1' }] }), 'items.0.quantity');
    expectValidation(await create({ ...valid, items: [{ ...line, plannedQuantity: '0.0001' }] }), 'items.0.plannedQuantity');
    await expectStrictBody(server, 'POST', `${api}/create`, shop.token, valid);
    expect(await level()).toBe(0n);
  });

  it('requires a valid token for every operation and lets a cashier count', async () => {
    await fresh();
    const valid = inventoryBody(world, [{ itemId: world.item, quantity: '1' }], ['1', '0', '1']);
    await expectAuthRequired(server, 'POST', `${api}/create`, valid);
    await expectAuthRequired(server, 'GET', `${api}/all`);
    await expectAuthRequired(server, 'GET', `${api}/x`);
    await expectAuthRequired(server, 'PATCH', `${api}/update/x`, { name: 'x' });
    await expectAuthRequired(server, 'DELETE', `${api}/delete/x`);
    const cashier = await cashierToken(server, shop, { pointId: world.point, rights: ['STOCK'] });
    expect((await create(valid, cashier.token)).status).toBe(201);
    expect(await level()).toBe(1000n);
  });

  it('answers 404 for another business’s inventory and changes nothing', async () => {
    await fresh();
    const theirs = await receiptWorld(server, rival);
    const body = inventoryBody(theirs, [{ itemId: theirs.item, quantity: '4' }], ['4', '0', '4']);
    const id = (await create(body, rival.token)).body.id as string;
    expectErrorBody(await server.request('GET', `${api}/${id}`, { token: shop.token }), 404, 'Inventory not found');
    expectErrorBody(await patch(id, { conducted: false }), 404, 'Inventory not found');
    expectErrorBody(await server.request('DELETE', `${api}/delete/${id}`, { token: shop.token }), 404, 'Inventory not found');
    expect(await levelOf(server, rival, theirs.item, theirs.warehouse)).toBe(4000n);
  });

  it('a count racing with write-offs loses none of them and keeps the ledger balanced', async () => {
    await fresh();
    const count = create(inventoryBody(world, [{ itemId: world.item, quantity: '10' }], ['10', '0', '10']));
    const results = await Promise.all([count, ...Array.from({ length: 6 }, () => writeOff('1'))]);
    expect((results[0] as { status: number }).status).toBe(201);
    const stock = await level();
    // Write-offs committed before the count are absorbed by it; those after it come off the counted 10.
    expect(stock <= 10000n && stock >= 4000n).toBe(true);
    await balanced();
  });
});
