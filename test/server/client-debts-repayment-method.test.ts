/**
 * How a repayment was paid (issue 14, item 11): an optional `payment_type_id` on the debt transaction body — a
 * live cash/card payment method of the caller's business, only on repayments — stored with the ledger entry,
 * returned on the wire and in the history, and refused with a 400 naming the field otherwise, nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { debtApi } from '../helpers/debts.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectValidation } from '../helpers/checks.js';
import { insertClient } from '../helpers/fixtures.js';
import { debtLedgerMismatches } from '../../app/debts/ledger.js';

describe.each(await testEngines())('repayment methods of client debts on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;
  let card: string;
  let cash: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
    card = await method(shop, 'Card', 'CARD');
    const methods = await server.request('GET', '/api/v1/payment-methods/all', { token: shop.token });
    cash = (methods.body as { id: string; kind: string }[]).find((row) => row.kind === 'CASH')?.id ?? '';
  });
  afterAll(() => server.close());

  const { request, debtBody, createDebt, transact, record, entries } = debtApi(() => server);

  async function method(tenant: Tenant, name: string, kind: string): Promise<string> {
    const created = await server.request('POST', '/api/v1/payment-methods/create', { token: tenant.token, body: { name, kind } });
    expect(created.status).toBe(201);
    return (created.body as { id: string }).id;
  }

  it('records how a repayment was paid, returns it and lists it in the history; other entries carry null', async () => {
    const clientId = await insertClient(server, shop, 'Pays by card');
    await createDebt(shop, debtBody(shop, clientId, '500'));
    const byCard = await transact(shop, { ...debtBody(shop, clientId, '-200'), payment_type_id: card });
    expect(byCard.status).toBe(201);
    expect(byCard.body).toMatchObject({ debt_amount: '-200', payment_type_id: card });
    const byCash = await transact(shop, { ...debtBody(shop, clientId, '-50'), payment_type_id: cash });
    expect(byCash.body).toMatchObject({ payment_type_id: cash });
    const sale = await transact(shop, debtBody(shop, clientId, '30'));
    expect(sale.body).toMatchObject({ payment_type_id: null });

    const stored = await entries(clientId);
    expect(stored.map((entry) => [entry.kind, BigInt(entry.amount), entry.payment_type_id])).toEqual([
      ['opening', 50000n, null],
      ['transaction', -20000n, card],
      ['transaction', -5000n, cash],
      ['transaction', 3000n, null],
    ]);
    const history = await request('GET', `/api/v1/client-debts/transactions/all?client_id=${clientId}`, { token: shop.token });
    expect((history.body as { payment_type_id: string | null }[]).map((entry) => entry.payment_type_id)).toEqual([null, cash, card, null]);
    expect((await record(clientId))?.debt_amount).toBe(28000n);
    expect(await debtLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('records the method of a first repayment that opens the client’s record', async () => {
    const clientId = await insertClient(server, shop, 'Prepays');
    const first = await transact(shop, { ...debtBody(shop, clientId, '-10'), payment_type_id: cash });
    expect(first.status).toBe(201);
    expect((await entries(clientId)).map((entry) => entry.payment_type_id)).toEqual([cash]);
  });

  it('refuses a method that is unknown, of another business, deleted, a debt method, or given on a credit sale — and writes nothing', async () => {
    const clientId = await insertClient(server, shop, 'Refused methods');
    await createDebt(shop, debtBody(shop, clientId, '100'));
    const foreign = await method(rival, 'Rival card', 'CARD');
    const gone = await method(shop, 'Old terminal', 'CARD');
    expect((await server.request('DELETE', `/api/v1/payment-methods/delete/${gone}`, { token: shop.token })).status).toBe(200);
    const onDebt = await method(shop, 'On account', 'DEBT');
    const repayment = debtBody(shop, clientId, '-10');
    for (const id of ['no-such-method', foreign, gone]) {
      expectValidation(await transact(shop, { ...repayment, payment_type_id: id }), 'payment_type_id must be an existing payment method of the business');
    }
    expectValidation(await transact(shop, { ...repayment, payment_type_id: onDebt }), 'payment_type_id must be a payment method that takes money');
    expectValidation(await transact(shop, { ...debtBody(shop, clientId, '10'), payment_type_id: card }), 'payment_type_id is only for a repayment');
    expectValidation(await transact(shop, { ...repayment, payment_type_id: 5 }), 'payment_type_id must be a string');
    expectValidation(await transact(shop, { ...repayment, payment_type_id: '' }), 'payment_type_id should not be empty');
    expect((await entries(clientId)).map((entry) => entry.kind)).toEqual(['opening']);
    expect((await record(clientId))?.debt_amount).toBe(10000n);
  });
});
