/**
 * Concurrent receipts on both engines (PostgreSQL's pool gives real concurrency; SQLite commits them in groups):
 * nothing is lost, nothing posts twice, nothing deadlocks, and the ledger stays balanced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLedgerMismatches } from '../../app/stock/ledger.js';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { levelOf, receiptBody, receiptWorld } from '../helpers/receipts.js';

const api = '/api/v1/receipt';

describe.each(await testEngines())('concurrent goods receipts on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'concurrency');
  });
  afterAll(() => server.close());

  it('twenty concurrent conducted receipts for one item lose nothing and never deadlock', async () => {
    const world = await receiptWorld(server, shop);
    const bodies = Array.from({ length: 20 }, (_, index) => {
      // Lines in both orders and into both warehouses: only the fixed posting order keeps PostgreSQL deadlock-free.
      const lines = [
        { itemId: world.item, quantity: '1', price: '1', warehouseId: world.warehouse },
        { itemId: world.item2, quantity: '2', price: '1', warehouseId: world.warehouse2 },
        { itemId: world.item, quantity: '0.5', price: '2', warehouseId: world.warehouse2 },
      ];
      return receiptBody(world, index % 2 === 0 ? lines : [...lines].reverse(), {
        total: '4',
        totalPlanned: '4',
        totalDiff: '0',
      });
    });
    const answers = await Promise.all(bodies.map((body) => server.request('POST', `${api}/create`, { token: shop.token, body })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(await levelOf(server, shop, world.item, world.warehouse)).toBe(20_000n);
    expect(await levelOf(server, shop, world.item2, world.warehouse2)).toBe(40_000n);
    expect(await levelOf(server, shop, world.item, world.warehouse2)).toBe(10_000n);
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('concurrent retries of one receipt (same guid) create it once and post it once', async () => {
    const world = await receiptWorld(server, shop);
    const body = receiptBody(
      world,
      [{ itemId: world.item, quantity: '3', price: '1' }],
      { total: '3', totalPlanned: '3', totalDiff: '0' },
      { guid: `concurrent-${engine}` },
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => server.request('POST', `${api}/create`, { token: shop.token, body })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await levelOf(server, shop, world.item, world.warehouse)).toBe(3000n);
  });

  it('D2: concurrent edits, un-conducts and absolute adjustments of one pair keep the ledger balanced', async () => {
    const world = await receiptWorld(server, shop);
    const make = () =>
      receiptBody(world, [{ itemId: world.item, quantity: '2', price: '1' }], { total: '2', totalPlanned: '2', totalDiff: '0' });
    const created = await Promise.all(
      Array.from({ length: 10 }, () => server.request('POST', `${api}/create`, { token: shop.token, body: make() })),
    );
    const row = (await server.request('GET', '/api/v1/stock-quantity/all', { token: shop.token })).body.find(
      (r: { itemId: string; warehouseId: string }) => r.itemId === world.item && r.warehouseId === world.warehouse,
    );
    const lines = [{ itemId: world.item, quantity: '5', price: '1', plannedQuantity: '5', measureId: world.measure }];
    const answers = await Promise.all([
      ...created
        .slice(0, 5)
        .map((c) => server.request('PATCH', `${api}/update/${c.body.id}`, { token: shop.token, body: { items: lines } })),
      ...created
        .slice(5)
        .map((c) => server.request('PATCH', `${api}/update/${c.body.id}`, { token: shop.token, body: { conducted: false } })),
      server.request('PATCH', `/api/v1/stock-quantity/update/${row.id}`, { token: shop.token, body: { stock_quantity: '100' } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(11).fill(200));
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
    // Whatever the interleaving, the adjustment set the level to 100 at its moment; the rest are exact deltas.
    const level = await levelOf(server, shop, world.item, world.warehouse);
    const possible = new Set<bigint>();
    for (let before = 0; before <= 5; before += 1)
      for (let unconducted = 0; unconducted <= 5; unconducted += 1) {
        possible.add(100_000n + BigInt((5 - before) * 3000 - (5 - unconducted) * 2000));
      }
    expect(possible.has(level), `level ${level}`).toBe(true);
  });

  it('concurrent un-conducts and deletes of one receipt reverse its stock exactly once', async () => {
    const world = await receiptWorld(server, shop);
    const body = () =>
      receiptBody(world, [{ itemId: world.item, quantity: '7', price: '1' }], { total: '7', totalPlanned: '7', totalDiff: '0' });
    const [first, second] = await Promise.all(
      [1, 2].map(() => server.request('POST', `${api}/create`, { token: shop.token, body: body() })),
    );
    const unconducts = await Promise.all(
      Array.from({ length: 8 }, () =>
        server.request('PATCH', `${api}/update/${first?.body.id}`, { token: shop.token, body: { conducted: false } }),
      ),
    );
    expect(unconducts.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const deletes = await Promise.all(
      Array.from({ length: 8 }, () => server.request('DELETE', `${api}/delete/${second?.body.id}`, { token: shop.token })),
    );
    expect(deletes.map((answer) => answer.status).sort()).toEqual([200, ...Array(7).fill(404)]);
    expect(await levelOf(server, shop, world.item, world.warehouse)).toBe(0n);
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });
});
