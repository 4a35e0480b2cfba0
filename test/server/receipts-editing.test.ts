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

const api = '/api/v1/receipt';

describe.each(await testEngines())('editing and deleting goods receipts on %s', (engine) => {
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
  const patch = (id: string, body: unknown, token = shop.token) =>
    server.request('PATCH', `${api}/update/${id}`, { token, body });
  const level = (item = world.item, warehouse = world.warehouse) => levelOf(server, shop, item, warehouse);
  /** A conducted receipt of `quantity` of the world's first item at 1.00 into its first warehouse. */
  const conducted = async (quantity: string, overrides: Record<string, unknown> = {}) => {
    const body = receiptBody(
      world,
      [{ itemId: world.item, quantity, price: '1' }],
      { total: quantity, totalPlanned: quantity, totalDiff: '0' },
      overrides,
    );
    const created = await server.request('POST', `${api}/create`, { token: shop.token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  };

  it('editing the lines of a conducted receipt reverses the old quantity and posts the new one', async () => {
    await fresh();
    const receipt = await conducted('5');
    const lines = [{ itemId: world.item, quantity: '8', price: '1', plannedQuantity: '8', measureId: world.measure }];
    const edited = await patch(receipt.id, { items: lines, total: '8' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: receipt.id, total: '8', totalPlanned: '8', totalDiff: '0', conducted: true });
    expect(edited.body.items).toBeUndefined();
    expect(await level()).toBe(8000n);
    expect(await movesOf(server, shop, receipt.id)).toEqual(
      sortMoves([
        ['receipt', world.item, world.warehouse, 5000n],
        ['receipt', world.item, world.warehouse, 8000n],
        ['receipt_reversal', world.item, world.warehouse, -5000n],
      ]),
    );
    // The replaced line is kept as history, and only the new one is live.
    const stored = await server.database.db
      .selectFrom('receipt_lines')
      .select(['quantity', 'is_deleted'])
      .where('receipt_id', '=', receipt.id)
      .execute();
    expect(stored.map((row) => [BigInt(row.quantity), Number(row.is_deleted)]).sort()).toEqual(
      [
        [5000n, 1],
        [8000n, 0],
      ].sort(),
    );
    const fetched = await server.request('GET', `${api}/${receipt.id}`, { token: shop.token });
    expect(fetched.body.items.map((line: { quantity: string }) => line.quantity)).toEqual(['8']);
  });

  it('un-conducting reverses everything the receipt posted, and conducting again posts it again', async () => {
    await fresh();
    const receipt = await conducted('4');
    expect((await patch(receipt.id, { conducted: false })).body).toMatchObject({ conducted: false });
    expect(await level()).toBe(0n);
    expect((await patch(receipt.id, { conducted: true })).body).toMatchObject({ conducted: true });
    expect(await level()).toBe(4000n);
    expect(await movesOf(server, shop, receipt.id)).toEqual(
      sortMoves([
        ['receipt', world.item, world.warehouse, 4000n],
        ['receipt', world.item, world.warehouse, 4000n],
        ['receipt_reversal', world.item, world.warehouse, -4000n],
      ]),
    );
  });

  it('changing the warehouse of a conducted receipt moves its stock to the new warehouse', async () => {
    await fresh();
    const receipt = await conducted('2');
    expect((await patch(receipt.id, { warehouseId: [world.warehouse2] })).status).toBe(200);
    expect(await level(world.item, world.warehouse)).toBe(0n);
    expect(await level(world.item, world.warehouse2)).toBe(2000n);
    expectValidation(
      await patch(receipt.id, { warehouseId: [world.warehouse, world.warehouse2] }),
      'items.0.warehouseId is required',
    );
    expect(await level(world.item, world.warehouse2)).toBe(2000n);
  });

  it('an edit that changes no quantity posts nothing', async () => {
    await fresh();
    const receipt = await conducted('3');
    const before = await moveCount(server, shop);
    const edited = await patch(receipt.id, { note: 'checked', name: 'Renamed', description: null });
    expect(edited.body).toMatchObject({ note: 'checked', name: 'Renamed', total: '3' });
    expect(await moveCount(server, shop)).toBe(before);
  });

  it('refuses totals that disagree with the (new or stored) lines and changes nothing', async () => {
    await fresh();
    const receipt = await conducted('3');
    expectValidation(await patch(receipt.id, { total: '4' }), 'total must equal the sum of the lines: expected "3"');
    const lines = [{ itemId: world.item, quantity: '1', price: '1', plannedQuantity: '2', measureId: world.measure }];
    expectValidation(
      await patch(receipt.id, { items: lines, totalPlanned: '1' }),
      'totalPlanned must equal the sum of the planned lines: expected "2"',
    );
    expect(await level()).toBe(3000n);
    expect((await server.request('GET', `${api}/${receipt.id}`, { token: shop.token })).body).toMatchObject({ total: '3' });
  });

  it('checks the references an update introduces', async () => {
    await fresh();
    const theirs = await receiptWorld(server, rival);
    const receipt = await conducted('1');
    const lines = [{ itemId: theirs.item, quantity: '1', price: '1', plannedQuantity: '1', measureId: world.measure }];
    expectValidation(await patch(receipt.id, { items: lines }), 'items.0.itemId must be an existing item');
    expectValidation(
      await patch(receipt.id, { clientId: theirs.client, organizationId: 'x' }),
      'clientId must be an existing supplier or client',
      'organizationId must be an existing point',
    );
    expect(await level()).toBe(1000n);
  });

  it('deleting a conducted receipt reverses its stock, hides it and its lines', async () => {
    await fresh();
    const receipt = await conducted('6');
    const removed = await server.request('DELETE', `${api}/delete/${receipt.id}`, { token: shop.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: receipt.id, is_deleted: true });
    expect(await level()).toBe(0n);
    expectErrorBody(await server.request('GET', `${api}/${receipt.id}`, { token: shop.token }), 404, 'Receipt not found');
    expectErrorBody(
      await server.request('DELETE', `${api}/delete/${receipt.id}`, { token: shop.token }),
      404,
      'Receipt not found',
    );
    expectErrorBody(await patch(receipt.id, { conducted: true }), 404, 'Receipt not found');
    expect(await level()).toBe(0n);
    const live = await server.database.db
      .selectFrom('receipt_lines')
      .select('id')
      .where('receipt_id', '=', receipt.id)
      .where('is_deleted', '=', 0)
      .execute();
    expect(live).toEqual([]);
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('lists only live receipts of the caller’s business, as headers', async () => {
    await fresh();
    const kept = await conducted('1', { name: 'Kept' });
    const dropped = await conducted('1', { name: 'Dropped' });
    await server.request('DELETE', `${api}/delete/${dropped.id}`, { token: shop.token });
    const list = await server.request('GET', `${api}/all`, { token: shop.token });
    expect(list.status).toBe(200);
    const ids = list.body.map((r: { id: string }) => r.id);
    expect(ids).toContain(kept.id);
    expect(ids).not.toContain(dropped.id);
    expect(list.body.find((r: { id: string }) => r.id === kept.id).items).toBeUndefined();
    const rivalList = await server.request('GET', `${api}/all`, { token: rival.token });
    expect(rivalList.body.map((r: { id: string }) => r.id)).not.toContain(kept.id);
  });

  it('answers 404 for another business’s receipt and changes nothing', async () => {
    const theirs = await receiptWorld(server, rival);
    const body = receiptBody(theirs, [{ itemId: theirs.item, quantity: '2', price: '1' }], {
      total: '2',
      totalPlanned: '2',
      totalDiff: '0',
    });
    const receipt = (await server.request('POST', `${api}/create`, { token: rival.token, body })).body;
    expectErrorBody(await server.request('GET', `${api}/${receipt.id}`, { token: shop.token }), 404, 'Receipt not found');
    expectErrorBody(await patch(receipt.id, { conducted: false }), 404, 'Receipt not found');
    expectErrorBody(
      await server.request('DELETE', `${api}/delete/${receipt.id}`, { token: shop.token }),
      404,
      'Receipt not found',
    );
    expect(await levelOf(server, rival, theirs.item, theirs.warehouse)).toBe(2000n);
    expect((await server.request('GET', `${api}/${receipt.id}`, { token: rival.token })).body).toMatchObject({
      conducted: true,
      is_deleted: false,
    });
  });

  it('rejects invalid bodies with a line naming each field, and stores nothing', async () => {
    await fresh();
    const valid = receiptBody(world, [{ itemId: world.item, quantity: '1', price: '1' }], {
      total: '1',
      totalPlanned: '1',
      totalDiff: '0',
    });
    const before = await moveCount(server, shop);
    const post = (body: unknown) => server.request('POST', `${api}/create`, { token: shop.token, body });
    expectValidation(
      await post({}),
      'name is required',
      'warehouseId is required',
      'items is required',
      'total is required',
      'clientId is required',
    );
    expectValidation(
      await post({ ...valid, name: 7, conducted: 'yes', warehouseId: 'w' }),
      'name must be a string',
      'conducted must be a boolean',
      'warehouseId must be an array',
    );
    expectValidation(await post({ ...valid, total: 'lots' }), 'total must be a decimal number');
    expectValidation(
      await post({ ...valid, items: [{ ...valid.items[0], quantity: '1.0001', price: '1.001' }] }),
      'items.0.quantity must have at most 3 decimal places',
      'items.0.price must have at most 2 decimal places',
    );
    expectValidation(
      await post({ ...valid, items: [{ ...valid.items[0], quantity: '-1' }] }),
      'items.0.quantity must not be negative',
    );
    expectValidation(await post({ ...valid, items: [{ ...valid.items[0], zzz: 1 }] }), 'items.0.property zzz should not exist');
    expectValidation(await post({ ...valid, items: [{ ...valid.items[0], itemId: undefined }] }), 'items.0.itemId is required');
    await expectStrictBody(server, 'POST', `${api}/create`, shop.token, valid);
    expect(await moveCount(server, shop)).toBe(before);
    const receipt = await conducted('1');
    expectValidation(await patch(receipt.id, { guid: 'x' }), 'property guid should not exist');
    expectValidation(await patch(receipt.id, { name: '' }), 'name should not be empty');
    await expectStrictBody(server, 'PATCH', `${api}/update/${receipt.id}`, shop.token, { note: 'x' });
    expect(await level()).toBe(1000n);
  });

  it('requires a valid token for every operation and lets cashiers work with receipts', async () => {
    await expectAuthRequired(server, 'POST', `${api}/create`, {});
    await expectAuthRequired(server, 'GET', `${api}/all`);
    await expectAuthRequired(server, 'GET', `${api}/some-id`);
    await expectAuthRequired(server, 'PATCH', `${api}/update/some-id`, { note: 'x' });
    await expectAuthRequired(server, 'DELETE', `${api}/delete/some-id`);
    await fresh();
    const cashier = await cashierToken(server, shop, { pointId: world.point, rights: ['STOCK'] });
    const receipt = await conducted('1');
    expect((await server.request('GET', `${api}/all`, { token: cashier.token })).status).toBe(200);
    expect((await patch(receipt.id, { note: 'by cashier' }, cashier.token)).status).toBe(200);
    expect((await server.request('DELETE', `${api}/delete/${receipt.id}`, { token: cashier.token })).status).toBe(200);
  });

  it('audits updates and deletes in the same transaction', async () => {
    await fresh();
    const receipt = await conducted('1');
    await patch(receipt.id, { note: 'audited' });
    await server.request('DELETE', `${api}/delete/${receipt.id}`, { token: shop.token });
    const entries = await server.database.db
      .selectFrom('audit_log')
      .select(['action', 'details', 'user_id'])
      .where('business_id', '=', shop.businessId)
      .where('details', 'like', `%${receipt.id}%`)
      .execute();
    expect(entries.map((entry) => entry.action).sort()).toEqual(['CREATE_RECEIPT', 'DELETE_RECEIPT', 'UPDATE_RECEIPT']);
    expect(entries.every((entry) => entry.user_id === shop.userId)).toBe(true);
    expect(await auditActions(server, shop)).toContain('UPDATE_RECEIPT');
  });
});
