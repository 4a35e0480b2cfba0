/**
 * Deletes the reference allows (issue 13 §1.5) as a till and the back office meet them: deleting a workplace
 * revokes the tills enrolled at it (their push and pull answer 401 at once), a till's pushed delete of a closed,
 * paid order reverses its stock and debt exactly once however often the push is retried or the delete repeated,
 * and a pushed delete of a shift that has orders is applied. REST deletes are covered in the resources' own tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { stockLedgerMismatches } from '../../app/stock/ledger.js';
import { debtLedgerMismatches } from '../../app/debts/ledger.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { expectErrorBody } from '../helpers/checks.js';
import { levelOf, movesOf } from '../helpers/receipts.js';
import { debtEntriesOf, debtOf, line, orderBody, orderWorld, type OrderWorld } from '../helpers/orders.js';
import { enrollTerminal, syncCall, type EnrolledTerminal } from '../helpers/terminals.js';

const API = '/api/v1';

describe.each(await testEngines())('soft deletes through the sync on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: OrderWorld;
  let cashier: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server);
    world = await orderWorld(server, shop);
    cashier = (await cashierToken(server, shop, { pointId: world.point, workplaceId: world.workplace, rights: ['REFUNDS', 'OTHERS_SHIFTS'] })).id;
  });
  afterAll(() => server.close());

  let clock = Date.parse('2026-11-20T09:00:00.000Z');
  function operation(seq: number, name: string, args: unknown, params?: Record<string, string>) {
    clock += 1000;
    return { seq, mutationId: uuidv7(), name, v: 1, occurredAt: new Date(clock).toISOString(), actor: { employeeId: cashier }, args, ...(params ? { params } : {}) };
  }
  const push = (till: EnrolledTerminal, mutations: unknown[]) =>
    server.request('POST', `${API}/sync/push`, {
      token: till.token,
      body: { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations },
    });
  const books = async () => {
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
    expect(await debtLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  };

  it('deleting a workplace revokes the tills enrolled at it: their push and pull answer 401, other tills go on', async () => {
    const workplace = await server.request('POST', `${API}/business-config/workplaces/create`, {
      token: shop.token,
      body: { name: 'Closing till', automated_point_id: world.point },
    });
    const doomed = await enrollTerminal(server, shop, workplace.body.id);
    const other = await enrollTerminal(server, shop, world.workplace);
    expect((await syncCall(server, 'pull', doomed, { cursor: null })).status).toBe(201);

    const deleted = await server.request('DELETE', `${API}/business-config/workplaces/delete/${workplace.body.id}`, { token: shop.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ id: workplace.body.id, is_deleted: true });

    expect((await syncCall(server, 'pull', doomed, { cursor: null })).status).toBe(401);
    expectErrorBody(await push(doomed, [operation(1, 'SettlmentController_create', { name: 'Late shift' })]), 401, 'revoked');
    const listed = await server.request('GET', `${API}/sync/terminals`, { token: shop.token });
    expect(listed.body.find((row: { id: string }) => row.id === doomed.terminalId)).toMatchObject({ is_revoked: true, revoked_by: shop.userId });
    expect(listed.body.find((row: { id: string }) => row.id === other.terminalId)).toMatchObject({ is_revoked: false });
    expect((await syncCall(server, 'pull', other, { cursor: null })).status).toBe(201);
  });

  it('a till’s pushed delete of a closed, paid order reverses its stock and debt once; a retried push or a second delete reverses nothing more', async () => {
    const sale = await server.request('POST', `${API}/orders/create`, {
      token: shop.token,
      body: orderBody(
        world,
        [line(world.tea, '2', '10', '20')],
        { subtotal: '20', total_sum: '20' },
        {
          client_id: world.client,
          is_closed: true,
          payments: [
            { payment_type_id: world.cash, paid_sum: '12' },
            { payment_type_id: world.debt, paid_sum: '8' },
          ],
        },
      ),
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const id = sale.body.id as string;
    const [levelBefore, debtBefore, entriesBefore] = [
      await levelOf(server, shop, world.tea, world.warehouse),
      await debtOf(server, shop, world.client),
      (await debtEntriesOf(server, shop, world.client)).length,
    ];

    const till = await enrollTerminal(server, shop, world.workplace);
    const batch = [operation(1, 'OrderController_remove', undefined, { id })];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await push(till, batch);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body.results[0]).toMatchObject({ seq: 1, status: 'applied' });
    }
    const again = await push(till, [operation(2, 'OrderController_remove', undefined, { id })]);
    expect(again.body.results[0]).toMatchObject({ seq: 2, status: 'rejected', result: { error: { statusCode: 404 } } });

    expect(await levelOf(server, shop, world.tea, world.warehouse)).toBe(levelBefore + 2000n);
    expect(await debtOf(server, shop, world.client)).toBe(debtBefore - 800n);
    // One reversing entry appended (dated when the till did it), nothing rewritten.
    const entries = await debtEntriesOf(server, shop, world.client);
    expect(entries).toHaveLength(entriesBefore + 1);
    expect(entries).toContain(-800n);
    expect((await movesOf(server, shop, id)).map((move) => move[0]).sort()).toEqual(['sale', 'sale_reversal']);
    const stored = await server.database.db.selectFrom('orders').select(['is_deleted', 'is_closed']).where('id', '=', id).executeTakeFirstOrThrow();
    expect([Number(stored.is_deleted), Number(stored.is_closed)]).toEqual([1, 1]);
    await books();
  });

  it('a till’s pushed delete of a shift that has orders is applied; the orders keep naming it', async () => {
    const shift = await server.request('POST', `${API}/settlements/create`, { token: shop.token, body: { name: 'Evening' } });
    expect(shift.status, JSON.stringify(shift.body)).toBe(201);
    const sale = await server.request('POST', `${API}/orders/create`, {
      token: shop.token,
      body: orderBody(world, [line(world.tea, '1', '10', '10')], { subtotal: '10', total_sum: '10' }, { settlement_id: shift.body.id }),
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const till = await enrollTerminal(server, shop, world.workplace);
    const response = await push(till, [operation(1, 'SettlmentController_remove', undefined, { id: shift.body.id })]);
    expect(response.body.results[0], JSON.stringify(response.body)).toMatchObject({ status: 'applied' });
    const stored = await server.database.db.selectFrom('settlements').select('is_deleted').where('id', '=', shift.body.id).executeTakeFirstOrThrow();
    expect(Number(stored.is_deleted)).toBe(1);
    const order = await server.database.db.selectFrom('orders').select(['settlement_id', 'is_deleted']).where('id', '=', sale.body.id).executeTakeFirstOrThrow();
    expect([order.settlement_id, Number(order.is_deleted)]).toEqual([shift.body.id, 0]);
  });
});
