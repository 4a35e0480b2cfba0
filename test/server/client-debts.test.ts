import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { debtApi } from '../helpers/debts.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody, expectValidation } from '../helpers/checks.js';
import { insertClient, insertPoint } from '../helpers/fixtures.js';
import { debtLedgerMismatches } from '../../app/debts/ledger.js';

describe.each(await testEngines())('client debts on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;
  let pointId: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
    pointId = await insertPoint(server, shop);
  });
  afterAll(() => server.close());

  const { request, debtBody, createDebt, transact, record, entries } = debtApi(() => server);
  const expectBooksBalance = async (tenant: Tenant) =>
    expect(await debtLedgerMismatches(server.database.db, tenant.businessId)).toEqual([]);

  it('opens a debt: 201 with the stored record and an opening ledger entry', async () => {
    const clientId = await insertClient(server, shop, 'Opening');
    const created = await createDebt(shop, { ...debtBody(shop, clientId, '1500.50'), id_automated_point: pointId });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      client_id: clientId,
      debt_amount: '1500.5',
      employee_id: shop.userId,
      id_automated_point: pointId,
      is_deleted: false,
      dt_created: expect.any(String),
      dt_updated: expect.any(String),
    });
    expect((await record(clientId))?.debt_amount).toBe(150050n);
    const ledger = await entries(clientId);
    expect(ledger.map((entry) => [entry.kind, BigInt(entry.amount), entry.debt_id])).toEqual([
      ['opening', 150050n, created.body.id],
    ]);
    const fetched = await request('GET', `/api/v1/client-debts/${created.body.id}`, { token: shop.token });
    expect(fetched.body).toEqual(created.body);
    await expectBooksBalance(shop);
  });

  it('refuses a second debt for a client that already has one with 409, and changes nothing', async () => {
    const clientId = await insertClient(server, shop, 'Twice');
    expect((await createDebt(shop, debtBody(shop, clientId, '10'))).status).toBe(201);
    expectErrorBody(await createDebt(shop, debtBody(shop, clientId, '99')), 409, `Client with ID ${clientId} already has a debt`);
    expect((await record(clientId))?.debt_amount).toBe(1000n);
    expect(await entries(clientId)).toHaveLength(1);
  });

  it('D14: records credit sales (+) and repayments (−) as transactions that move the balance', async () => {
    const clientId = await insertClient(server, shop, 'Buyer');
    const debt = await createDebt(shop, debtBody(shop, clientId, '100'));
    const sale = await transact(shop, {
      ...debtBody(shop, clientId, '250.25'),
      signature_url: 'https://cdn.example.com/sig/1.png',
    });
    expect(sale.status).toBe(201);
    expect(sale.body).toEqual({
      id: expect.any(String),
      client_id: clientId,
      debt_id: debt.body.id,
      debt_amount: '250.25',
      kind: 'transaction',
      employee_id: shop.userId,
      id_automated_point: '0',
      signature_url: 'https://cdn.example.com/sig/1.png',
      payment_type_id: null,
      is_deleted: false,
      dt_created: expect.any(String),
      dt_updated: expect.any(String),
    });
    const repayment = await transact(shop, debtBody(shop, clientId, '-300'));
    expect(repayment.body).toMatchObject({ debt_amount: '-300', signature_url: null });
    const balance = await request('GET', `/api/v1/client-debts/${debt.body.id}`, { token: shop.token });
    expect(balance.body.debt_amount).toBe('50.25');
    expect((await record(clientId))?.debt_amount).toBe(5025n);
    await expectBooksBalance(shop);
  });

  it('creates the debt record with the first transaction of a client that has none', async () => {
    const clientId = await insertClient(server, shop, 'First sale');
    const sale = await transact(shop, debtBody(shop, clientId, '75.5'));
    expect(sale.status).toBe(201);
    const created = await record(clientId);
    expect(created).toMatchObject({ id: sale.body.debt_id, debt_amount: 7550n, employee_id: shop.userId });
    const list = await request('GET', '/api/v1/client-debts/all', { token: shop.token });
    expect(list.body.find((debt: { client_id: string }) => debt.client_id === clientId)).toMatchObject({ debt_amount: '75.5' });
  });

  it('turns an absolute debt_amount into an adjustment entry of (new − current), keeping the history', async () => {
    const clientId = await insertClient(server, shop, 'Adjusted');
    const debt = await createDebt(shop, debtBody(shop, clientId, '100'));
    await transact(shop, debtBody(shop, clientId, '20'));
    const url = `/api/v1/client-debts/update/${debt.body.id}`;
    const updated = await request('PATCH', url, { token: shop.token, body: { debt_amount: '45.10' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: debt.body.id, debt_amount: '45.1', is_deleted: false });
    const same = await request('PATCH', url, { token: shop.token, body: { debt_amount: '45.1', is_deleted: false } });
    expect(same.body.debt_amount).toBe('45.1');
    const ledger = await entries(clientId);
    expect(ledger.map((entry) => [entry.kind, BigInt(entry.amount)])).toEqual([
      ['opening', 10000n],
      ['transaction', 2000n],
      ['adjustment', -7490n],
    ]);
    expect(ledger[2]?.employee_id).toBe(shop.userId);
    await expectBooksBalance(shop);
  });

  it('writes a debt off on delete: a write_off entry brings it to 0, the record is soft-deleted and the history stays', async () => {
    const clientId = await insertClient(server, shop, 'Written off');
    const debt = await createDebt(shop, debtBody(shop, clientId, '300'));
    await transact(shop, debtBody(shop, clientId, '-120'));
    const removed = await request('DELETE', `/api/v1/client-debts/delete/${debt.body.id}`, { token: shop.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: debt.body.id, debt_amount: '0', is_deleted: true });
    expect((await entries(clientId)).map((entry) => [entry.kind, BigInt(entry.amount)])).toEqual([
      ['opening', 30000n],
      ['transaction', -12000n],
      ['write_off', -18000n],
    ]);
    const message = `Debt with ID ${debt.body.id} not found`;
    expectErrorBody(await request('GET', `/api/v1/client-debts/${debt.body.id}`, { token: shop.token }), 404, message);
    expectErrorBody(
      await request('PATCH', `/api/v1/client-debts/update/${debt.body.id}`, { token: shop.token, body: { debt_amount: '5' } }),
      404,
      message,
    );
    expectErrorBody(await request('DELETE', `/api/v1/client-debts/delete/${debt.body.id}`, { token: shop.token }), 404, message);
    const history = await request('GET', `/api/v1/client-debts/transactions/all?client_id=${clientId}`, { token: shop.token });
    expect(history.body.map((entry: { kind: string }) => entry.kind)).toEqual(['write_off', 'transaction', 'opening']);
    await expectBooksBalance(shop);
  });

  it('revives a written-off record with the client’s next transaction or opening', async () => {
    const clientId = await insertClient(server, shop, 'Comeback');
    const debt = await createDebt(shop, debtBody(shop, clientId, '40'));
    await request('PATCH', `/api/v1/client-debts/update/${debt.body.id}`, { token: shop.token, body: { is_deleted: true } });
    expect(await record(clientId)).toMatchObject({ debt_amount: 0n });
    const sale = await transact(shop, debtBody(shop, clientId, '15'));
    expect(sale.body.debt_id).toBe(debt.body.id);
    expect((await request('GET', `/api/v1/client-debts/${debt.body.id}`, { token: shop.token })).body).toMatchObject({
      debt_amount: '15',
      is_deleted: false,
    });
    await request('DELETE', `/api/v1/client-debts/delete/${debt.body.id}`, { token: shop.token });
    const reopened = await createDebt(shop, debtBody(shop, clientId, '7'));
    expect(reopened.status).toBe(201);
    expect(reopened.body).toMatchObject({ id: debt.body.id, debt_amount: '7', is_deleted: false });
    await expectBooksBalance(shop);
  });

  it('refuses is_deleted: true together with a debt_amount, and changes nothing', async () => {
    const clientId = await insertClient(server, shop, 'Ambiguous');
    const debt = await createDebt(shop, debtBody(shop, clientId, '10'));
    expectValidation(
      await request('PATCH', `/api/v1/client-debts/update/${debt.body.id}`, {
        token: shop.token,
        body: { debt_amount: '5', is_deleted: true },
      }),
      'is_deleted cannot be combined with debt_amount',
    );
    expect(await record(clientId)).toMatchObject({ debt_amount: 1000n });
    expect(await entries(clientId)).toHaveLength(1);
  });

  it('lists live debts of the caller’s business, newest first', async () => {
    const older = await createDebt(shop, debtBody(shop, await insertClient(server, shop, 'Older'), '1'));
    const newer = await createDebt(shop, debtBody(shop, await insertClient(server, shop, 'Newer'), '2'));
    const gone = await createDebt(shop, debtBody(shop, await insertClient(server, shop, 'Gone'), '3'));
    await request('DELETE', `/api/v1/client-debts/delete/${gone.body.id}`, { token: shop.token });
    const theirs = await createDebt(rival, debtBody(rival, await insertClient(server, rival, 'Theirs'), '4'));
    const list = await request('GET', '/api/v1/client-debts/all', { token: shop.token });
    expect(list.status).toBe(200);
    const ids = list.body.map((debt: { id: string }) => debt.id);
    expect(ids.indexOf(newer.body.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.body.id)).toBeLessThan(ids.indexOf(older.body.id));
    expect(ids).not.toContain(gone.body.id);
    expect(ids).not.toContain(theirs.body.id);
  });

  it('lists ledger entries newest first, for one client with ?client_id= or for the whole business', async () => {
    const a = await insertClient(server, shop, 'Entries A');
    const b = await insertClient(server, shop, 'Entries B');
    await transact(shop, debtBody(shop, a, '1'));
    await transact(shop, debtBody(shop, b, '2'));
    await transact(shop, debtBody(shop, a, '3'));
    await transact(rival, debtBody(rival, await insertClient(server, rival, 'Rival entries'), '4'));
    const forA = await request('GET', `/api/v1/client-debts/transactions/all?client_id=${a}`, { token: shop.token });
    expect(forA.status).toBe(200);
    expect(forA.body.map((entry: { debt_amount: string }) => entry.debt_amount)).toEqual(['3', '1']);
    for (const url of ['/api/v1/client-debts/transactions/all', '/api/v1/client-debts/transactions/all?client_id=']) {
      const all = await request('GET', url, { token: shop.token });
      const clients = new Set(all.body.map((entry: { client_id: string }) => entry.client_id));
      expect(clients.has(a) && clients.has(b)).toBe(true);
      expect(all.body.every((entry: { id: string }) => typeof entry.id === 'string')).toBe(true);
      expect(all.body.length).toBe(
        (
          await server.database.db
            .selectFrom('client_debt_txns')
            .select('id')
            .where('business_id', '=', shop.businessId)
            .execute()
        ).length,
      );
    }
    expect((await request('GET', '/api/v1/client-debts/transactions/all?client_id=unknown', { token: shop.token })).body).toEqual(
      [],
    );
    expectValidation(
      await request('GET', '/api/v1/client-debts/transactions/all?foo=1', { token: shop.token }),
      'property foo should not exist',
    );
    expectValidation(
      await request('GET', `/api/v1/client-debts/transactions/all?client_id=${a}&client_id=${b}`, { token: shop.token }),
      'client_id must be a string',
    );
  });
});
