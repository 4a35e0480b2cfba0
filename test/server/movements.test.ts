import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { auditActions, levelOf, moveCount, movesOf, receiptWorld, sortMoves, type ReceiptWorld } from '../helpers/receipts.js';
import { stockLedgerMismatches } from '../../app/stock/ledger.js';

const api = '/api/v1/movement';

function movementBody(
  world: ReceiptWorld,
  lines: { itemId: string; quantity: string }[],
  overrides: Record<string, unknown> = {},
) {
  return {
    name: 'To the shop floor',
    warehouseId: world.warehouse,
    toWarehouseId: world.warehouse2,
    organizationId: world.point,
    employeeId: world.tenant.userId,
    items: lines.map((line) => ({ measureId: world.measure, price: '2', ...line })),
    ...overrides,
  };
}

describe.each(await testEngines())('movements on %s', (engine) => {
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
  const patch = (id: string, body: unknown, token = shop.token) =>
    server.request('PATCH', `${api}/update/${id}`, { token, body });
  const from = (item = world.item) => levelOf(server, shop, item, world.warehouse);
  const to = (item = world.item) => levelOf(server, shop, item, world.warehouse2);
  const balanced = async () => expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);

  it('a movement takes its lines out of one warehouse and puts them into the other at once (conservation)', async () => {
    await fresh();
    const created = await create(
      movementBody(
        world,
        [
          { itemId: world.item, quantity: '1.5' },
          { itemId: world.item2, quantity: '2' },
        ],
        { guid: null, note: 'n' },
      ),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'To the shop floor',
      warehouseId: world.warehouse,
      toWarehouseId: world.warehouse2,
      organizationId: world.point,
      employeeId: shop.userId,
      note: 'n',
      is_deleted: false,
    });
    expect(created.body.items[0]).toMatchObject({ movementId: created.body.id, itemId: world.item, quantity: '1.5', price: '2' });
    expect(await from()).toBe(-1500n);
    expect(await to()).toBe(1500n);
    expect((await from(world.item2)) + (await to(world.item2))).toBe(0n);
    expect(await movesOf(server, shop, created.body.id)).toEqual(
      sortMoves([
        ['movement', world.item, world.warehouse, -1500n],
        ['movement', world.item, world.warehouse2, 1500n],
        ['movement', world.item2, world.warehouse, -2000n],
        ['movement', world.item2, world.warehouse2, 2000n],
      ]),
    );
    const fetched = await server.request('GET', `${api}/${created.body.id}`, { token: shop.token });
    expect(fetched.body).toEqual(created.body);
    expect((await server.request('GET', `${api}/all`, { token: shop.token })).body.map((m: { id: string }) => m.id)).toContain(
      created.body.id,
    );
    expect(await auditActions(server, shop)).toContain('CREATE_MOVEMENT');
    await balanced();
  });

  it('refuses moving into the same warehouse and writes nothing', async () => {
    await fresh();
    const before = await moveCount(server, shop);
    expectValidation(
      await create(movementBody(world, [{ itemId: world.item, quantity: '1' }], { toWarehouseId: world.warehouse })),
      'toWarehouseId must differ',
    );
    expect(await moveCount(server, shop)).toBe(before);
  });

  it('an update re-posts the difference, a warehouse change moves the stock, and a delete reverses it', async () => {
    await fresh();
    const id = (await create(movementBody(world, [{ itemId: world.item, quantity: '3' }]))).body.id as string;
    const edited = await patch(id, { items: [{ itemId: world.item, quantity: '1', price: '2', measureId: world.measure }] });
    expect(edited.status).toBe(200);
    expect([await from(), await to()]).toEqual([-1000n, 1000n]);
    expect((await server.request('GET', `${api}/${id}`, { token: shop.token })).body.items).toEqual([
      expect.objectContaining({ quantity: '1' }),
    ]);
    await patch(id, { warehouseId: world.warehouse2, toWarehouseId: world.warehouse });
    expect([await from(), await to()]).toEqual([1000n, -1000n]);
    expectValidation(await patch(id, { toWarehouseId: world.warehouse2 }), 'toWarehouseId must differ');
    const removed = await server.request('DELETE', `${api}/delete/${id}`, { token: shop.token });
    expect(removed.body.is_deleted).toBe(true);
    expect([await from(), await to()]).toEqual([0n, 0n]);
    expectErrorBody(await server.request('GET', `${api}/${id}`, { token: shop.token }), 404, 'Movement not found');
    expect(await auditActions(server, shop)).toEqual(expect.arrayContaining(['UPDATE_MOVEMENT', 'DELETE_MOVEMENT']));
    await balanced();
  });

  it('updating an unknown movement is a 404 and writes nothing (the reference wrote orphan lines, D3)', async () => {
    await fresh();
    const before = await moveCount(server, shop);
    const items = [{ itemId: world.item, quantity: '1', price: '2', measureId: world.measure }];
    expectErrorBody(await patch('no-such-id', { items }), 404, 'Movement not found');
    expect(await moveCount(server, shop)).toBe(before);
    const lines = await server.database.db
      .selectFrom('movement_lines')
      .select('id')
      .where('document_id', '=', 'no-such-id')
      .execute();
    expect(lines).toEqual([]);
  });

  it('a retried create with the same guid returns the first movement and moves the stock once', async () => {
    await fresh();
    const body = movementBody(world, [{ itemId: world.item, quantity: '2' }], { guid: `mv-${engine}` });
    const first = await create(body);
    const again = await create(body);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect([await from(), await to()]).toEqual([-2000n, 2000n]);
  });

  it('refuses references that do not exist in the caller’s business, one line per field, and stores nothing', async () => {
    await fresh();
    const theirs = await receiptWorld(server, rival);
    const before = await moveCount(server, shop);
    const body = movementBody(world, [{ itemId: theirs.item, quantity: '1' }], {
      warehouseId: theirs.warehouse,
      toWarehouseId: 'nowhere',
      organizationId: theirs.point,
      employeeId: rival.userId,
    });
    expectValidation(
      await create(body),
      'warehouseId must be an existing warehouse',
      'toWarehouseId must be an existing warehouse',
      'organizationId must be an existing point',
      'employeeId must be an existing employee or user',
      'items.0.itemId must be an existing item',
    );
    expect(await moveCount(server, shop)).toBe(before);
    const id = (await create(movementBody(world, [{ itemId: world.item, quantity: '1' }]))).body.id as string;
    expectValidation(await patch(id, { toWarehouseId: theirs.warehouse }), 'toWarehouseId must be an existing warehouse');
    expect((await server.request('GET', `${api}/${id}`, { token: shop.token })).body.toWarehouseId).toBe(world.warehouse2);
  });

  it('refuses invalid bodies with a message naming the field', async () => {
    await fresh();
    const valid = movementBody(world, [{ itemId: world.item, quantity: '1' }]);
    const { toWarehouseId: _to, ...noTarget } = valid;
    expectValidation(await create(noTarget), 'toWarehouseId');
    expectValidation(await create({ ...valid, name: 5 }), 'name');
    const line = valid.items[0]!;
    expectValidation(await create({ ...valid, items: [{ ...line, quantity: 'x' }] }), 'items.0.quantity');
    expectValidation(await create({ ...valid, items: [{ ...line, quantity: '0.0001' }] }), 'items.0.quantity');
    expectValidation(await create({ ...valid, items: [{ ...line, quantity: '-2' }] }), 'items.0.quantity');
    expectValidation(await create({ ...valid, items: [{ ...line, price: 'abc' }] }), 'items.0.price');
    await expectStrictBody(server, 'POST', `${api}/create`, shop.token, valid);
    expect([await from(), await to()]).toEqual([0n, 0n]);
  });

  it('requires a valid token for every operation and lets a cashier move stock', async () => {
    await fresh();
    const valid = movementBody(world, [{ itemId: world.item, quantity: '1' }]);
    await expectAuthRequired(server, 'POST', `${api}/create`, valid);
    await expectAuthRequired(server, 'GET', `${api}/all`);
    await expectAuthRequired(server, 'GET', `${api}/x`);
    await expectAuthRequired(server, 'PATCH', `${api}/update/x`, { name: 'x' });
    await expectAuthRequired(server, 'DELETE', `${api}/delete/x`);
    const cashier = await cashierToken(server, shop, { pointId: world.point, rights: ['STOCK'] });
    expect((await create(valid, cashier.token)).status).toBe(201);
    expect(await to()).toBe(1000n);
  });

  it('answers 404 for another business’s movement and changes nothing', async () => {
    await fresh();
    const theirs = await receiptWorld(server, rival);
    const id = (await create(movementBody(theirs, [{ itemId: theirs.item, quantity: '4' }]), rival.token)).body.id as string;
    expectErrorBody(await server.request('GET', `${api}/${id}`, { token: shop.token }), 404, 'Movement not found');
    expectErrorBody(await patch(id, { name: 'mine' }), 404, 'Movement not found');
    expectErrorBody(await server.request('DELETE', `${api}/delete/${id}`, { token: shop.token }), 404, 'Movement not found');
    expect(await levelOf(server, rival, theirs.item, theirs.warehouse2)).toBe(4000n);
    expect((await server.request('GET', `${api}/${id}`, { token: rival.token })).body.name).toBe('To the shop floor');
  });

  it('concurrent movements both ways lose nothing and keep each item’s total unchanged', async () => {
    await fresh();
    const there = movementBody(world, [
      { itemId: world.item, quantity: '1' },
      { itemId: world.item2, quantity: '0.5' },
    ]);
    const back = { ...there, warehouseId: world.warehouse2, toWarehouseId: world.warehouse };
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => create(i % 3 === 0 ? back : there)));
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    // 8 there, 4 back: net 4 units of item and 2 of item2 moved; each item's sum over warehouses stays 0.
    expect([await from(), await to()]).toEqual([-4000n, 4000n]);
    expect([await from(world.item2), await to(world.item2)]).toEqual([-2000n, 2000n]);
    await balanced();
  });
});
