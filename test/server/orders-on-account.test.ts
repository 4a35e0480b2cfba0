/**
 * A sale on account (a payment by a DEBT method, issue 16 "Payment"): the order and the client's debt entry are one
 * operation, the entry keeps the client's signature drawn at the till, a bad signature is a 400 naming the field,
 * and a push replayed by a till that never heard the answer posts the debt once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debtLedgerMismatches } from '../../app/debts/ledger.js';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { debtEntriesOf, debtOf, line, orderBody, orderWorld, type OrderWorld } from '../helpers/orders.js';
import { enrollTerminal } from '../helpers/terminals.js';
import { cashierToken } from '../helpers/actors.js';

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe.each(await testEngines())('sales on account on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: OrderWorld;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server);
    world = await orderWorld(server, shop);
  });
  afterAll(() => server.close());

  const create = (body: unknown) => server.request('POST', '/api/v1/orders/create', { token: shop.token, body });
  const signatures = async () =>
    (
      await server.database.db
        .selectFrom('client_debt_txns')
        .select(['amount', 'signature_url'])
        .where('business_id', '=', shop.businessId)
        .where('client_id', '=', world.client)
        .orderBy('dt_created')
        .orderBy('id')
        .execute()
    ).map((row) => ({ amount: BigInt(row.amount), signature_url: row.signature_url }));
  /** 30 so'm: 10 in cash, 20 on account, signed. */
  const splitSale = (extra: Record<string, unknown> = {}) =>
    orderBody(world, [line(world.tea, '3', '10', '30')], { subtotal: '30', total_sum: '30' }, {
      client_id: world.client,
      total_paid: '30',
      total_change: '0',
      is_closed: true,
      payments: [
        { payment_type_id: world.cash, paid_sum: '10' },
        { payment_type_id: world.debt, paid_sum: '20', signature_url: SIGNATURE },
      ],
      ...extra,
    });

  it('puts the DEBT part of a split payment on the client’s debt, the entry keeping the signature, in the order’s own write', async () => {
    const before = await debtOf(server, shop, world.client);
    const response = await create(splitSale({ guid: uuidv7() }));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect((await debtOf(server, shop, world.client)) - before).toBe(2000n);
    expect((await signatures()).at(-1)).toEqual({ amount: 2000n, signature_url: SIGNATURE });
    expect(await debtLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('refuses a signature that is not an image or a URL with a 400 naming the field, and writes nothing', async () => {
    const entries = (await debtEntriesOf(server, shop, world.client)).length;
    const body = splitSale();
    body.payments[1].signature_url = 'javascript:alert(1)';
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body.message)).toContain('payments.1.signature_url');
    expect((await debtEntriesOf(server, shop, world.client)).length).toBe(entries);
  });

  it('a till’s push replayed after a lost answer posts the sale’s debt once', async () => {
    const till = await enrollTerminal(server, shop, world.workplace);
    const before = await debtOf(server, shop, world.client);
    const entries = (await debtEntriesOf(server, shop, world.client)).length;
    const mutation = {
      seq: 1,
      mutationId: uuidv7(),
      name: 'OrderController_create',
      v: 1,
      occurredAt: new Date().toISOString(),
      actor: { employeeId: (await cashierToken(server, shop, { workplaceId: world.workplace })).id },
      args: splitSale({ guid: uuidv7() }),
    };
    const push = () =>
      server.request('POST', '/api/v1/sync/push', {
        token: till.token,
        body: { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations: [mutation] },
      });
    const first = await push();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.results[0]).toMatchObject({ status: 'applied' });
    const again = await push();
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await debtOf(server, shop, world.client)) - before).toBe(2000n);
    expect((await debtEntriesOf(server, shop, world.client)).length).toBe(entries + 1);
    expect((await signatures()).at(-1)).toEqual({ amount: 2000n, signature_url: SIGNATURE });
  });
});
