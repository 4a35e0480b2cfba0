import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { auditActions, levelOf, moveCount, movesOf, receiptWorld, sortMoves, type ReceiptWorld } from '../helpers/receipts.js';
import { stockLedgerMismatches } from '../../app/stock/ledger.js';

const api = '/api/v1/write-off';

interface Line {
  itemId: string;
  quantity: string;
  price?: string;
  warehouseId?: string;
}

function writeOffBody(world: ReceiptWorld, lines: Line[], overrides: Record<string, unknown> = {}) {
  return {
    name: 'Spoiled',
    warehouseId: [world.warehouse],
    organizationId: world.point,
    employeeId: world.tenant.userId,
    conducted: true,
    items: lines.map((line) => ({ measureId: world.measure, price: '1', ...line })),
    ...overrides,
  };
}

describe.each(await testEngines())('write-offs on %s', (engine) => {
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
  const level = (item = world.item, warehouse = world.warehouse) => levelOf(server, shop, item, warehouse);

  it('creates a draft write-off with its lines and moves no stock', async () => {
    await fresh();
    const created = await create(
      writeOffBody(world, [{ itemId: world.item, quantity: '2.5', price: '3.1' }], { conducted: false, note: 'n' }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      guid: null,
      name: 'Spoiled',
      description: null,
      warehouseId: [world.warehouse],
      organizationId: world.point,
      employeeId: shop.userId,
      note: 'n',
      conducted: false,
      is_deleted: false,
    });
    expect(created.body.items).toEqual([
      expect.objectContaining({
        cancellationId: created.body.id,
        itemId: world.item,
        quantity: '2.5',
        price: '3.1',
        measureId: world.measure,
        multiple: null,
        warehouseId: null,
        is_deleted: false,
      }),
    ]);
    const fetched = await server.request('GET', `${api}/${created.body.id}`, { token: shop.token });
    expect(fetched.body).toEqual(created.body);
    const list = await server.request('GET', `${api}/all`, { token: shop.token });
    expect(list.body.map((row: { id: string }) => row.id)).toContain(created.body.id);
    expect(list.body[0].items).toBeUndefined();
    expect(await level()).toBe(0n);
    expect(await movesOf(server, shop, created.body.id)).toEqual([]);
  });

  it('a conducted write-off takes each line out of exactly one warehouse, and may take stock below zero', async () => {
    await fresh();
    const created = await create(
      writeOffBody(world, [
        { itemId: world.item, quantity: '1.25' },
        { itemId: world.item2, quantity: '2', warehouseId: world.warehouse2 },
      ]),
    );
    expect(created.status).toBe(201);
    expect(await level()).toBe(-1250n);
    expect(await level(world.item2, world.warehouse2)).toBe(-2000n);
    expect(await level(world.item2, world.warehouse)).toBe(0n);
    expect(await movesOf(server, shop, created.body.id)).toEqual(
      sortMoves([
        ['write_off', world.item, world.warehouse, -1250n],
        ['write_off', world.item2, world.warehouse2, -2000n],
      ]),
    );
    expect(await auditActions(server, shop)).toContain('CREATE_CANCELLATION');
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('refuses a conducted line with no single warehouse, naming the line, and writes nothing (D1)', async () => {
    await fresh();
    const before = await moveCount(server, shop);
    const listed = (await server.request('GET', `${api}/all`, { token: shop.token })).body.length;
    const body = writeOffBody(
      world,
      [
        { itemId: world.item, quantity: '1', warehouseId: world.warehouse },
        { itemId: world.item, quantity: '1' },
      ],
      {
        warehouseId: [world.warehouse, world.warehouse2],
      },
    );
    expectValidation(await create(body), 'items.1.warehouseId is required');
    expect(await moveCount(server, shop)).toBe(before);
    expect((await server.request('GET', `${api}/all`, { token: shop.token })).body).toHaveLength(listed);
    expect((await create({ ...body, conducted: false })).status).toBe(201);
  });

  it('editing, un-conducting, re-conducting and deleting reverse exactly what was posted (D3)', async () => {
    await fresh();
    const created = await create(writeOffBody(world, [{ itemId: world.item, quantity: '3' }]));
    const id = created.body.id as string;
    expect(await level()).toBe(-3000n);
    const edited = await patch(id, { items: [{ itemId: world.item, quantity: '1', price: '1', measureId: world.measure }] });
    expect(edited.status).toBe(200);
    expect(await level()).toBe(-1000n);
    expect((await server.request('GET', `${api}/${id}`, { token: shop.token })).body.items).toHaveLength(1);
    expect((await patch(id, { conducted: false })).body.conducted).toBe(false);
    expect(await level()).toBe(0n);
    await patch(id, { conducted: true, warehouseId: [world.warehouse2] });
    expect(await level()).toBe(0n);
    expect(await level(world.item, world.warehouse2)).toBe(-1000n);
    const removed = await server.request('DELETE', `${api}/delete/${id}`, { token: shop.token });
    expect(removed.status).toBe(200);
    expect(removed.body.is_deleted).toBe(true);
    expect(await level(world.item, world.warehouse2)).toBe(0n);
    expectErrorBody(await server.request('GET', `${api}/${id}`, { token: shop.token }), 404, 'Cancellation not found');
    expect(await auditActions(server, shop)).toEqual(expect.arrayContaining(['UPDATE_CANCELLATION', 'DELETE_CANCELLATION']));
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('a retried create with the same guid returns the first write-off and posts nothing twice', async () => {
    await fresh();
    const body = writeOffBody(world, [{ itemId: world.item, quantity: '2' }], { guid: `wo-${engine}` });
    const before = (await auditActions(server, shop)).filter((a) => a === 'CREATE_CANCELLATION').length;
    const first = await create(body);
    const again = await create(body);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await level()).toBe(-2000n);
    expect((await auditActions(server, shop)).filter((a) => a === 'CREATE_CANCELLATION').length).toBe(before + 1);
    const theirs = await receiptWorld(server, rival);
    const rivalCopy = await create(
      writeOffBody(theirs, [{ itemId: theirs.item, quantity: '1' }], { guid: `wo-${engine}` }),
      rival.token,
    );
    expect(rivalCopy.status).toBe(201);
    expect(rivalCopy.body.id).not.toBe(first.body.id);
  });

  it('refuses references that do not exist in the caller’s business, one line per field, and stores nothing', async () => {
    await fresh();
    const theirs = await receiptWorld(server, rival);
    const before = await moveCount(server, shop);
    const listed = (await server.request('GET', `${api}/all`, { token: shop.token })).body.length;
    const body = writeOffBody(world, [{ itemId: theirs.item, quantity: '1', warehouseId: 'nowhere' }], {
      warehouseId: [theirs.warehouse],
      organizationId: theirs.point,
      employeeId: rival.userId,
    });
    body.items.push({ itemId: world.item, quantity: '1', measureId: 'no-measure', price: '1' } as never);
    expectValidation(
      await create(body),
      'warehouseId.0 must be an existing warehouse',
      'organizationId must be an existing point',
      'employeeId must be an existing employee or user',
      'items.0.itemId must be an existing item',
      'items.0.warehouseId must be an existing warehouse',
      'items.1.measureId must be an existing measurement',
    );
    expect(await moveCount(server, shop)).toBe(before);
    expect((await server.request('GET', `${api}/all`, { token: shop.token })).body).toHaveLength(listed);
  });

  it('refuses invalid bodies with a message naming the field', async () => {
    await fresh();
    const valid = writeOffBody(world, [{ itemId: world.item, quantity: '1' }]);
    const { name: _name, ...noName } = valid;
    expectValidation(await create(noName), 'name');
    expectValidation(await create({ ...valid, warehouseId: 'not-a-list' }), 'warehouseId');
    expectValidation(await create({ ...valid, conducted: 'yes' }), 'conducted');
    const line = valid.items[0]!;
    expectValidation(await create({ ...valid, items: [{ ...line, quantity: 'abc' }] }), 'items.0.quantity');
    expectValidation(await create({ ...valid, items: [{ ...line, quantity: '1.0001' }] }), 'items.0.quantity');
    expectValidation(await create({ ...valid, items: [{ ...line, quantity: '-1' }] }), 'items.0.quantity');
    expectValidation(await create({ ...valid, items: [{ ...line, price: '1.001' }] }), 'items.0.price');
    await expectStrictBody(server, 'POST', `${api}/create`, shop.token, valid);
    const created = await create({ ...valid, conducted: false });
    await expectStrictBody(server, 'PATCH', `${api}/update/${created.body.id}`, shop.token, { name: 'x' });
    expect(await level()).toBe(0n);
  });

  it('requires a valid token for every operation and lets a cashier write off', async () => {
    await fresh();
    const valid = writeOffBody(world, [{ itemId: world.item, quantity: '1' }]);
    await expectAuthRequired(server, 'POST', `${api}/create`, valid);
    await expectAuthRequired(server, 'GET', `${api}/all`);
    await expectAuthRequired(server, 'GET', `${api}/x`);
    await expectAuthRequired(server, 'PATCH', `${api}/update/x`, { name: 'x' });
    await expectAuthRequired(server, 'DELETE', `${api}/delete/x`);
    const cashier = await cashierToken(server, shop, { pointId: world.point, rights: ['STOCK'] });
    expect((await create(valid, cashier.token)).status).toBe(201);
    expect(await level()).toBe(-1000n);
  });

  it('answers 404 for another business’s write-off and changes nothing', async () => {
    await fresh();
    const theirs = await receiptWorld(server, rival);
    const their = await create(writeOffBody(theirs, [{ itemId: theirs.item, quantity: '4' }]), rival.token);
    const id = their.body.id as string;
    expectErrorBody(await server.request('GET', `${api}/${id}`, { token: shop.token }), 404, 'Cancellation not found');
    expectErrorBody(await patch(id, { conducted: false }), 404, 'Cancellation not found');
    expectErrorBody(await server.request('DELETE', `${api}/delete/${id}`, { token: shop.token }), 404, 'Cancellation not found');
    expect(await levelOf(server, rival, theirs.item, theirs.warehouse)).toBe(-4000n);
    expect((await server.request('GET', `${api}/${id}`, { token: rival.token })).body.conducted).toBe(true);
  });

  it('concurrent write-offs of one item lose nothing', async () => {
    await fresh();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => create(writeOffBody(world, [{ itemId: world.item, quantity: '0.5' }]))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(await level()).toBe(-6000n);
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });
});
