import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectValidation } from '../helpers/checks.js';
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
import { insertMeasurement } from '../helpers/fixtures.js';
import { stockLedgerMismatches } from '../../app/stock/ledger.js';

const api = '/api/v1/receipt';

describe.each(await testEngines())('goods receipts on %s', (engine) => {
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

  it('creates a draft receipt with its lines and moves no stock', async () => {
    await fresh();
    const body = receiptBody(
      world,
      [{ itemId: world.item, quantity: '3', price: '12.5', plannedQuantity: '4' }],
      { total: '37.5', totalPlanned: '50', totalDiff: '-12.5' },
      { conducted: false, guid: 'draft-1', note: 'n' },
    );
    const created = await create(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      guid: 'draft-1',
      name: 'Delivery',
      description: null,
      warehouseId: [world.warehouse],
      organizationId: world.point,
      employeeId: shop.userId,
      clientId: world.supplier,
      total: '37.5',
      totalPlanned: '50',
      totalDiff: '-12.5',
      note: 'n',
      conducted: false,
      is_deleted: false,
    });
    expect(created.body.items).toEqual([
      expect.objectContaining({
        receiptId: created.body.id,
        itemId: world.item,
        quantity: '3',
        price: '12.5',
        plannedQuantity: '4',
        measureId: world.measure,
        rounding: null,
        newPrice: null,
        warehouseId: null,
        is_deleted: false,
      }),
    ]);
    const fetched = await server.request('GET', `${api}/${created.body.id}`, { token: shop.token });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);
    expect(await levelOf(server, shop, world.item, world.warehouse)).toBe(0n);
    expect(await movesOf(server, shop, created.body.id)).toEqual([]);
  });

  it('a conducted receipt adds each line once, into its own warehouse or the receipt’s single one', async () => {
    await fresh();
    const body = receiptBody(
      world,
      [
        { itemId: world.item, quantity: '3', price: '10' },
        { itemId: world.item, quantity: '2', price: '10', warehouseId: world.warehouse2 },
        { itemId: world.item2, quantity: '1.5', price: '20' },
      ],
      { total: '80', totalPlanned: '80', totalDiff: '0' },
    );
    const created = await create(body);
    expect(created.status).toBe(201);
    expect(await levelOf(server, shop, world.item, world.warehouse)).toBe(3000n);
    expect(await levelOf(server, shop, world.item, world.warehouse2)).toBe(2000n);
    expect(await levelOf(server, shop, world.item2, world.warehouse)).toBe(1500n);
    expect(await movesOf(server, shop, created.body.id)).toEqual(
      sortMoves([
        ['receipt', world.item, world.warehouse, 3000n],
        ['receipt', world.item, world.warehouse2, 2000n],
        ['receipt', world.item2, world.warehouse, 1500n],
      ]),
    );
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('refuses a conducted receipt whose line has no single warehouse, naming the line, and stores nothing (D1)', async () => {
    await fresh();
    const before = await moveCount(server, shop);
    const body = receiptBody(
      world,
      [
        { itemId: world.item, quantity: '1', price: '1', warehouseId: world.warehouse },
        { itemId: world.item, quantity: '3', price: '1' },
      ],
      { total: '4', totalPlanned: '4', totalDiff: '0' },
      { warehouseId: [world.warehouse, world.warehouse2], guid: 'fan-out' },
    );
    expectValidation(await create(body), 'items.1.warehouseId is required');
    expectValidation(await create({ ...body, warehouseId: [] }), 'items.1.warehouseId is required');
    expect(await moveCount(server, shop)).toBe(before);
    expect(await levelOf(server, shop, world.item, world.warehouse2)).toBe(0n);
    // As a draft it is fine: the warehouse is needed only to post.
    expect((await create({ ...body, conducted: false })).status).toBe(201);
  });

  it('recomputes the totals as Σ quantity × price, leaving each line’s rounding out, and refuses ones that disagree', async () => {
    await fresh();
    const lines = [{ itemId: world.item, quantity: '2', price: '62.75', plannedQuantity: '1', rounding: '-0.05' }];
    // 62.75 × 2 = 125.5 (the −0.05 rounding is stored, not added); planned 62.75 × 1.
    const wrong = await create(receiptBody(world, lines, { total: '125.45', totalPlanned: '62.75', totalDiff: '1' }));
    expectValidation(
      wrong,
      'total must equal the sum of the lines: expected "125.5"',
      'totalDiff must equal total - totalPlanned: expected "62.75"',
    );
    expect((wrong.body.message as string[]).some((line: string) => line.startsWith('totalPlanned'))).toBe(false);
    expect(await levelOf(server, shop, world.item, world.warehouse)).toBe(0n);
    // What a client of the reference sends: total = Σ quantity × price, the rounding on its line as it was invoiced.
    const right = await create(receiptBody(world, lines, { total: '125.5', totalPlanned: '62.75', totalDiff: '62.75' }));
    expect(right.status).toBe(201);
    expect(right.body).toMatchObject({ total: '125.5', totalPlanned: '62.75', totalDiff: '62.75' });
    expect(right.body.items[0]).toMatchObject({ rounding: '-0.05' });
    const read = await server.request('GET', `${api}/${right.body.id}`, { token: shop.token });
    expect(read.body).toMatchObject({ total: '125.5' });
    expect(read.body.items[0]).toMatchObject({ rounding: '-0.05' });
  });

  it('refuses references that do not exist in the caller’s business, one line per field, and stores nothing', async () => {
    await fresh();
    const theirs = await receiptWorld(server, rival);
    const before = await moveCount(server, shop);
    const body = receiptBody(
      world,
      [
        { itemId: theirs.item, quantity: '1', price: '1', warehouseId: 'nowhere' },
        { itemId: world.item, quantity: '1', price: '1' },
      ],
      { total: '2', totalPlanned: '2', totalDiff: '0' },
      { warehouseId: [theirs.warehouse], organizationId: theirs.point, employeeId: rival.userId, clientId: theirs.supplier },
    );
    body.items[1]!.measureId = 'no-measure';
    const refused = await create(body);
    expectValidation(
      refused,
      'warehouseId.0 must be an existing warehouse',
      'organizationId must be an existing point',
      'employeeId must be an existing employee or user',
      'clientId must be an existing supplier or client',
      'items.0.itemId must be an existing item',
      'items.0.warehouseId must be an existing warehouse',
      'items.1.measureId must be an existing measurement',
    );
    expect(await moveCount(server, shop)).toBe(before);
    const list = await server.request('GET', `${api}/all`, { token: shop.token });
    expect(list.body.some((r: { warehouseId: string[] }) => r.warehouseId.includes(theirs.warehouse))).toBe(false);
  });

  it('accepts an employee or a user as employeeId, and a supplier or a client as clientId', async () => {
    await fresh();
    const cashier = await cashierToken(server, shop, { pointId: world.point, rights: ['STOCK'] });
    const lines = [{ itemId: world.item, quantity: '1', price: '1' }];
    const totals = { total: '1', totalPlanned: '1', totalDiff: '0' };
    expect((await create(receiptBody(world, lines, totals, { employeeId: cashier.id, clientId: world.client }))).status).toBe(
      201,
    );
    expect(
      (await create(receiptBody(world, lines, totals, { employeeId: shop.userId, clientId: world.supplier }), cashier.token))
        .status,
    ).toBe(201);
    expect(await levelOf(server, shop, world.item, world.warehouse)).toBe(2000n);
  });

  it('a retried create with the same guid returns the first receipt and posts nothing twice', async () => {
    await fresh();
    const guid = `retry-${engine}`;
    const body = receiptBody(
      world,
      [{ itemId: world.item, quantity: '5', price: '2' }],
      { total: '10', totalPlanned: '10', totalDiff: '0' },
      { guid },
    );
    const first = await create(body);
    const again = await create(body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await levelOf(server, shop, world.item, world.warehouse)).toBe(5000n);
    const creates = (await auditActions(server, shop)).filter((action) => action === 'CREATE_RECEIPT');
    const sameGuid = (await server.request('GET', `${api}/all`, { token: shop.token })).body.filter(
      (r: { guid: string }) => r.guid === guid,
    );
    expect(sameGuid).toHaveLength(1);
    expect(creates.length).toBeGreaterThan(0);
    // The guid is unique per business, not globally.
    const theirs = await receiptWorld(server, rival);
    const rivalBody = receiptBody(
      theirs,
      [{ itemId: theirs.item, quantity: '1', price: '2' }],
      { total: '2', totalPlanned: '2', totalDiff: '0' },
      { guid },
    );
    const rivalReceipt = await create(rivalBody, rival.token);
    expect(rivalReceipt.status).toBe(201);
    expect(rivalReceipt.body.id).not.toBe(first.body.id);
  });

  it('writes exactly one CREATE_RECEIPT audit entry for a receipt created then retried', async () => {
    await fresh();
    const before = (await auditActions(server, shop)).filter((a) => a === 'CREATE_RECEIPT').length;
    const body = receiptBody(
      world,
      [{ itemId: world.item, quantity: '1', price: '1' }],
      { total: '1', totalPlanned: '1', totalDiff: '0' },
      { guid: `audit-${engine}` },
    );
    await create(body);
    await create(body);
    expect((await auditActions(server, shop)).filter((a) => a === 'CREATE_RECEIPT').length).toBe(before + 1);
  });

  it('a conducted line’s newPrice becomes the item’s selling price; a draft changes no price', async () => {
    await fresh();
    const priceOf = async (id: string) =>
      (
        await server.database.db
          .selectFrom('items')
          .select('price')
          .where('business_id', '=', shop.businessId)
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).price;
    const lines = [
      { itemId: world.item, quantity: '1', price: '5', newPrice: '14.99' },
      { itemId: world.item2, quantity: '1', price: '5' },
    ];
    const totals = { total: '10', totalPlanned: '10', totalDiff: '0' };
    const draft = await create(receiptBody(world, lines, totals, { conducted: false }));
    expect(BigInt(await priceOf(world.item))).toBe(1000n);
    const conducted = await server.request('PATCH', `${api}/update/${draft.body.id}`, {
      token: shop.token,
      body: { conducted: true },
    });
    expect(conducted.status).toBe(200);
    expect(BigInt(await priceOf(world.item))).toBe(1499n);
    expect(BigInt(await priceOf(world.item2))).toBe(2000n);
  });

  it('never overwrites a stock row’s price or measure (D4)', async () => {
    await fresh();
    const ownMeasure = await insertMeasurement(server, shop, 'box');
    const row = await server.request('POST', '/api/v1/stock-quantity/create', {
      token: shop.token,
      body: {
        itemId: world.item,
        warehouseId: world.warehouse,
        stock_quantity: '1',
        price: '7.77',
        measureId: ownMeasure,
        dateFrom: '2026-01-01',
      },
    });
    expect(row.status).toBe(201);
    await create(
      receiptBody(world, [{ itemId: world.item, quantity: '2', price: '3' }], { total: '6', totalPlanned: '6', totalDiff: '0' }),
    );
    const after = await server.request('GET', `/api/v1/stock-quantity/${row.body.id}`, { token: shop.token });
    expect(after.body).toMatchObject({ stock_quantity: '3', price: '7.77', measureId: ownMeasure });
  });
});
