import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import {
  auditActions,
  levelOf,
  moveCount,
  movesOf,
  receiptBody,
  receiptWorld,
  sortMoves,
  type ReceiptWorld,
} from '../helpers/receipts.js';
import { stockLedgerMismatches } from '../../app/stock/ledger.js';

const api = '/api/v1/stock-quantity';

describe.each(await testEngines())('stock rows on %s', (engine) => {
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
  const rowBody = (overrides: Record<string, unknown> = {}) => ({
    itemId: world.item,
    warehouseId: world.warehouse,
    stock_quantity: '12.5',
    price: '3.4',
    measureId: world.measure,
    dateFrom: '2026-03-01T10:00:00+05:00',
    ...overrides,
  });
  const create = (body: unknown, token = shop.token) => server.request('POST', `${api}/create`, { token, body });
  const patch = (id: string, body: unknown, token = shop.token) =>
    server.request('PATCH', `${api}/update/${id}`, { token, body });

  it('creates a row whose quantity is an adjustment entry of the ledger', async () => {
    await fresh();
    const created = await create(rowBody({ mon: '1', sun: '2.5' }));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      itemId: world.item,
      stock_quantity: '12.5',
      price: '3.4',
      measureId: world.measure,
      dateFrom: '2026-03-01T05:00:00.000Z',
      warehouseId: world.warehouse,
      mon: '1',
      tue: '0',
      wed: '0',
      thu: '0',
      fri: '0',
      sat: '0',
      sun: '2.5',
      is_deleted: false,
      dt_created: expect.any(String),
      dt_updated: expect.any(String),
    });
    expect((await server.request('GET', `${api}/${created.body.id}`, { token: shop.token })).body).toEqual(created.body);
    expect(await movesOf(server, shop, created.body.id)).toEqual([['adjustment', world.item, world.warehouse, 12500n]]);
    expect(await levelOf(server, shop, world.item, world.warehouse)).toBe(12500n);
  });

  it('a create for a pair that has a live row sets that row: 201, same id, sent values, the quantity as an adjustment', async () => {
    await fresh();
    const first = await create(rowBody({ mon: '1', sun: '2' }));
    const auditsBefore = (await auditActions(server, shop)).filter((action) => action === 'CREATE_STOCK_LIST').length;
    const second = await create(
      rowBody({ stock_quantity: '99', price: '4.1', dateFrom: '2026-04-01T00:00:00Z', measureId: world.measure, tue: '3' }),
    );
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      id: first.body.id,
      stock_quantity: '99',
      price: '4.1',
      dateFrom: '2026-04-01T00:00:00.000Z',
      // Weekdays not sent are left alone, as an update leaves them.
      mon: '1',
      tue: '3',
      sun: '2',
      is_deleted: false,
    });
    expect((await server.request('GET', `${api}/${first.body.id}`, { token: shop.token })).body).toEqual(second.body);
    const rows = (await server.request('GET', `${api}/all`, { token: shop.token })).body as { itemId: string; warehouseId: string }[];
    expect(rows.filter((row) => row.itemId === world.item && row.warehouseId === world.warehouse)).toHaveLength(1);
    expect(await movesOf(server, shop, first.body.id)).toEqual(
      sortMoves([
        ['adjustment', world.item, world.warehouse, 12500n],
        ['adjustment', world.item, world.warehouse, 86500n],
      ]),
    );
    expect(await levelOf(server, shop, world.item, world.warehouse)).toBe(99000n);
    expect((await auditActions(server, shop)).filter((action) => action === 'CREATE_STOCK_LIST').length).toBe(auditsBefore + 1);
    // The same values again move nothing.
    const before = await moveCount(server, shop);
    expect((await create(rowBody({ stock_quantity: '99', price: '4.1' }))).status).toBe(201);
    expect(await moveCount(server, shop)).toBe(before);
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('a create for the pair of a row a receipt created sets it against the posted quantity, keeping the ledger conserved', async () => {
    await fresh();
    const body = receiptBody(world, [{ itemId: world.item2, quantity: '4', price: '2' }], {
      total: '8',
      totalPlanned: '8',
      totalDiff: '0',
    });
    expect((await server.request('POST', '/api/v1/receipt/create', { token: shop.token, body })).status).toBe(201);
    const rows = (await server.request('GET', `${api}/all`, { token: shop.token })).body as { id: string; itemId: string }[];
    const posted = rows.find((row) => row.itemId === world.item2);
    // A row created by a posting starts with the line's cost and measure.
    expect(posted).toMatchObject({ stock_quantity: '4', price: '2', measureId: world.measure });
    const set = await create(rowBody({ itemId: world.item2, stock_quantity: '3' }));
    expect(set.status).toBe(201);
    expect(set.body).toMatchObject({ id: posted?.id, stock_quantity: '3', price: '3.4' });
    expect(await movesOf(server, shop, posted?.id ?? '')).toEqual([['adjustment', world.item2, world.warehouse, -1000n]]);
    const updated = await patch(posted?.id ?? '', { stock_quantity: '5' });
    expect(updated.body).toMatchObject({ stock_quantity: '5' });
    expect(await levelOf(server, shop, world.item2, world.warehouse)).toBe(5000n);
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('concurrent creates of one pair make one row, each an absolute edit, and the level stays the sum of the ledger', async () => {
    await fresh();
    const quantities = ['1', '2', '3', '4', '5', '6'];
    const answers = await Promise.all(quantities.map((quantity) => create(rowBody({ stock_quantity: quantity }))));
    expect(answers.map((answer) => answer.status)).toEqual(quantities.map(() => 201));
    const ids = new Set(answers.map((answer) => answer.body.id as string));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as [string];
    const level = await levelOf(server, shop, world.item, world.warehouse);
    // The last writer's value, whichever it was: one of those sent, never a sum of several.
    expect(quantities.map((quantity) => BigInt(quantity) * 1000n)).toContain(level);
    expect((await server.request('GET', `${api}/${id}`, { token: shop.token })).body.stock_quantity).toBe(String(level / 1000n));
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('a create for an existing pair with a bad field is refused and changes nothing', async () => {
    await fresh();
    const first = await create(rowBody());
    const before = await moveCount(server, shop);
    expectValidation(await create(rowBody({ stock_quantity: '1.2345' })), 'stock_quantity');
    expectValidation(await create(rowBody({ measureId: 'no-such-measure', stock_quantity: '50' })), 'measureId must be an existing measurement');
    expect(await moveCount(server, shop)).toBe(before);
    expect((await server.request('GET', `${api}/${first.body.id}`, { token: shop.token })).body).toEqual(first.body);
  });

  it('an absolute quantity becomes an adjustment of (new − current) and every adjustment stays in the history', async () => {
    await fresh();
    const row = (await create(rowBody({ stock_quantity: '10' }))).body;
    expect((await patch(row.id, { stock_quantity: '7.25' })).body).toMatchObject({ stock_quantity: '7.25', price: '3.4' });
    expect((await patch(row.id, { stock_quantity: '9' })).body).toMatchObject({ stock_quantity: '9' });
    const before = await moveCount(server, shop);
    expect((await patch(row.id, { stock_quantity: '9', price: '5' })).body).toMatchObject({ stock_quantity: '9', price: '5' });
    expect(await moveCount(server, shop)).toBe(before);
    expect(await movesOf(server, shop, row.id)).toEqual(
      sortMoves([
        ['adjustment', world.item, world.warehouse, 10000n],
        ['adjustment', world.item, world.warehouse, -2750n],
        ['adjustment', world.item, world.warehouse, 1750n],
      ]),
    );
    expect(await levelOf(server, shop, world.item, world.warehouse)).toBe(9000n);
  });

  it('stores an adjustment’s reason with its ledger entry and lists the row’s adjustments with their reasons, newest first', async () => {
    await fresh();
    const row = (await create(rowBody({ stock_quantity: '10' }))).body;
    expect((await patch(row.id, { stock_quantity: '8', adjustment_reason: 'damage' })).status).toBe(200);
    expect((await patch(row.id, { stock_quantity: '8.5', adjustment_reason: 'count_correction' })).status).toBe(200);
    // A quantity without a reason is still accepted (the reference's body has none).
    expect((await patch(row.id, { stock_quantity: '8.25' })).status).toBe(200);
    const stored = await server.database.db
      .selectFrom('stock_moves')
      .select(['delta', 'adjustment_reason'])
      .where('business_id', '=', shop.businessId)
      .where('doc_id', '=', row.id)
      .orderBy('id')
      .execute();
    expect(stored.map((move) => [BigInt(move.delta), move.adjustment_reason])).toEqual([
      [10000n, null],
      [-2000n, 'damage'],
      [500n, 'count_correction'],
      [-250n, null],
    ]);
    const listed = await server.request('GET', `${api}/${row.id}/history`, { token: shop.token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((entry: { change: string; adjustment_reason: string | null }) => [entry.change, entry.adjustment_reason])).toEqual([
      ['-0.25', null],
      ['0.5', 'count_correction'],
      ['-2', 'damage'],
      ['10', null],
    ]);
    expect(listed.body[0]).toEqual({ id: expect.any(String), change: '-0.25', adjustment_reason: null, actor_id: expect.any(String), dt_created: expect.any(String) });
    expect(await levelOf(server, shop, world.item, world.warehouse)).toBe(8250n);
  });

  it('refuses an unknown adjustment reason, or a reason without a quantity, naming the field, and changes nothing', async () => {
    await fresh();
    const row = (await create(rowBody({ stock_quantity: '10' }))).body;
    const before = await moveCount(server, shop);
    const unknown = await patch(row.id, { stock_quantity: '9', adjustment_reason: 'lost' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.message)).toContain('adjustment_reason');
    expectValidation(await patch(row.id, { price: '5', adjustment_reason: 'theft' }), 'adjustment_reason is only allowed with stock_quantity');
    expect(await moveCount(server, shop)).toBe(before);
    expect(await levelOf(server, shop, world.item, world.warehouse)).toBe(10000n);
    expect((await server.request('GET', `${api}/${row.id}`, { token: shop.token })).body).toMatchObject({ price: '3.4' });
  });

  it('answers 404 for the history of another business’s or an unknown row', async () => {
    await fresh();
    const row = (await create(rowBody())).body;
    const theirs = await server.request('GET', `${api}/${row.id}/history`, { token: rival.token });
    expectErrorBody(theirs, 404);
    expectErrorBody(await server.request('GET', `${api}/nope/history`, { token: shop.token }), 404);
  });

  it('updates descriptive fields without moving stock, and checks a new measure', async () => {
    await fresh();
    const row = (await create(rowBody())).body;
    const updated = await patch(row.id, { price: '1.5', dateFrom: '2026-05-01', tue: '3', measureId: world.measure });
    expect(updated.body).toMatchObject({ price: '1.5', dateFrom: '2026-05-01T00:00:00.000Z', tue: '3', stock_quantity: '12.5' });
    expectValidation(await patch(row.id, { measureId: 'nope', price: '9' }), 'measureId must be an existing measurement');
    expect((await server.request('GET', `${api}/${row.id}`, { token: shop.token })).body).toMatchObject({
      price: '1.5',
      measureId: world.measure,
    });
  });

  it('deleting hides the row but keeps the stock; creating the pair again revives it with the values sent', async () => {
    await fresh();
    const row = (await create(rowBody({ stock_quantity: '5' }))).body;
    const removed = await server.request('DELETE', `${api}/delete/${row.id}`, { token: shop.token });
    expect(removed.body).toMatchObject({ id: row.id, is_deleted: true, stock_quantity: '5' });
    expectErrorBody(await server.request('GET', `${api}/${row.id}`, { token: shop.token }), 404, 'Stock item not found');
    expectErrorBody(await patch(row.id, { price: '1' }), 404, 'Stock item not found');
    expect(
      (await server.request('GET', `${api}/all`, { token: shop.token })).body.map((r: { id: string }) => r.id),
    ).not.toContain(row.id);
    expect(await levelOf(server, shop, world.item, world.warehouse)).toBe(5000n);
    const revived = await create(rowBody({ stock_quantity: '2', price: '8' }));
    expect(revived.status).toBe(201);
    expect(revived.body).toMatchObject({ id: row.id, stock_quantity: '2', price: '8', is_deleted: false });
    expect(await levelOf(server, shop, world.item, world.warehouse)).toBe(2000n);
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('rejects invalid bodies and unknown references with a line naming each field, and stores nothing', async () => {
    await fresh();
    const before = await moveCount(server, shop);
    expectValidation(
      await create({}),
      'itemId is required',
      'stock_quantity is required',
      'price is required',
      'measureId is required',
      'dateFrom is required',
      'warehouseId is required',
    );
    expectValidation(
      await create(rowBody({ stock_quantity: 5, price: 'ten', dateFrom: 'yesterday' })),
      'stock_quantity must be a decimal string',
      'price must be a decimal number',
      'dateFrom must be an ISO 8601 date string',
    );
    expectValidation(
      await create(rowBody({ stock_quantity: '1.0005', price: '0.001' })),
      'stock_quantity must have at most 3 decimal places',
      'price must have at most 2 decimal places',
    );
    expectValidation(await create(rowBody({ price: '-1' })), 'price must not be negative');
    await expectStrictBody(server, 'POST', `${api}/create`, shop.token, rowBody());
    const theirs = await receiptWorld(server, rival);
    expectValidation(
      await create(rowBody({ itemId: theirs.item, warehouseId: theirs.warehouse, measureId: theirs.measure })),
      'itemId must be an existing item',
      'warehouseId must be an existing warehouse',
      'measureId must be an existing measurement',
    );
    expect(await moveCount(server, shop)).toBe(before);
    const row = (await create(rowBody())).body;
    expectValidation(await patch(row.id, { itemId: world.item2 }), 'property itemId should not exist');
    expectValidation(
      await patch(row.id, { warehouseId: world.warehouse2, stock_quantity: 'x' }),
      'property warehouseId should not exist',
      'stock_quantity must be a decimal number',
    );
    await expectStrictBody(server, 'PATCH', `${api}/update/${row.id}`, shop.token, { price: '1' });
    expect(await levelOf(server, shop, world.item, world.warehouse)).toBe(12500n);
  });

  it('requires a valid token for every operation and lets cashiers use stock rows', async () => {
    await expectAuthRequired(server, 'POST', `${api}/create`, {});
    await expectAuthRequired(server, 'GET', `${api}/all`);
    await expectAuthRequired(server, 'GET', `${api}/x`);
    await expectAuthRequired(server, 'PATCH', `${api}/update/x`, { price: '1' });
    await expectAuthRequired(server, 'DELETE', `${api}/delete/x`);
    await fresh();
    const cashier = await cashierToken(server, shop, { rights: ['STOCK'] });
    const row = await create(rowBody(), cashier.token);
    expect(row.status).toBe(201);
    expect((await patch(row.body.id, { stock_quantity: '1' }, cashier.token)).status).toBe(200);
    expect((await server.request('GET', `${api}/all`, { token: cashier.token })).status).toBe(200);
  });

  it('answers 404 for another business’s row, lists only the caller’s rows, and changes nothing', async () => {
    await fresh();
    const theirs = await receiptWorld(server, rival);
    const row = (
      await create({ ...rowBody(), itemId: theirs.item, warehouseId: theirs.warehouse, measureId: theirs.measure }, rival.token)
    ).body;
    expectErrorBody(await server.request('GET', `${api}/${row.id}`, { token: shop.token }), 404, 'Stock item not found');
    expectErrorBody(await patch(row.id, { stock_quantity: '0' }), 404, 'Stock item not found');
    expectErrorBody(
      await server.request('DELETE', `${api}/delete/${row.id}`, { token: shop.token }),
      404,
      'Stock item not found',
    );
    expect(
      (await server.request('GET', `${api}/all`, { token: shop.token })).body.map((r: { id: string }) => r.id),
    ).not.toContain(row.id);
    expect((await server.request('GET', `${api}/${row.id}`, { token: rival.token })).body).toMatchObject({
      stock_quantity: '12.5',
      is_deleted: false,
    });
  });

  it('audits creates, updates and deletes as *_STOCK_LIST', async () => {
    await fresh();
    const row = (await create(rowBody())).body;
    await patch(row.id, { price: '1' });
    await server.request('DELETE', `${api}/delete/${row.id}`, { token: shop.token });
    const actions = await auditActions(server, shop);
    for (const action of ['CREATE_STOCK_LIST', 'UPDATE_STOCK_LIST', 'DELETE_STOCK_LIST']) expect(actions).toContain(action);
    const entries = await server.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('business_id', '=', shop.businessId)
      .where('details', 'like', `%${row.id}%`)
      .execute();
    expect(entries.map((entry) => entry.action).sort()).toEqual(['CREATE_STOCK_LIST', 'DELETE_STOCK_LIST', 'UPDATE_STOCK_LIST']);
  });
});
