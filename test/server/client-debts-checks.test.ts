/** The standard checks of the ClientDebt operations: invalid bodies and references, auth, roles, tenancy, audit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { debtApi } from '../helpers/debts.js';
import { insertClient, insertPoint } from '../helpers/fixtures.js';

describe.each(await testEngines())('client debt checks on %s', (engine) => {
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
  it('rejects invalid debt bodies with a line naming each field, and stores nothing', async () => {
    const clientId = await insertClient(server, shop, 'Invalid bodies');
    const valid = debtBody(shop, clientId, '10');
    const bad: [Record<string, unknown>, string][] = [
      [{}, 'client_id is required'],
      [{ ...valid, debt_amount: undefined }, 'debt_amount is required'],
      [{ ...valid, employee_id: undefined }, 'employee_id is required'],
      [{ ...valid, id_automated_point: undefined }, 'id_automated_point is required'],
      [{ ...valid, client_id: 7 }, 'client_id must be a string'],
      [{ ...valid, client_id: '' }, 'client_id should not be empty'],
      [{ ...valid, debt_amount: 10 }, 'debt_amount must be a decimal string'],
      [{ ...valid, debt_amount: 'lots' }, 'debt_amount must be a decimal number'],
      [{ ...valid, debt_amount: '1e5' }, 'debt_amount must be a decimal number'],
      [{ ...valid, debt_amount: 'NaN' }, 'debt_amount must be a decimal number'],
      [{ ...valid, debt_amount: '1.005' }, 'debt_amount must have at most 2 decimal places'],
      [{ ...valid, debt_amount: '1234567890123456' }, 'debt_amount must have at most 15 digits'],
    ];
    for (const [body, line] of bad) {
      expectValidation(await createDebt(shop, body), line);
      expectValidation(await transact(shop, body), line);
    }
    expectValidation(await transact(shop, { ...valid, debt_amount: '0' }), 'debt_amount must not be zero');
    expectValidation(await transact(shop, { ...valid, debt_amount: '-0.00' }), 'debt_amount must not be zero');
    expectValidation(await transact(shop, { ...valid, signature_url: 5 }), 'signature_url must be a string');
    await expectStrictBody(server, 'POST', '/api/v1/client-debts/create', shop.token, valid);
    await expectStrictBody(server, 'POST', '/api/v1/client-debts/transactions/create', shop.token, valid);
    expect(await record(clientId)).toBeUndefined();
    expect(await entries(clientId)).toHaveLength(0);
  });

  it('rejects invalid update bodies and leaves the debt unchanged', async () => {
    const clientId = await insertClient(server, shop, 'Invalid update');
    const debt = await createDebt(shop, debtBody(shop, clientId, '10'));
    const url = `/api/v1/client-debts/update/${debt.body.id}`;
    expectValidation(
      await request('PATCH', url, { token: shop.token, body: { debt_amount: 'ten' } }),
      'debt_amount must be a decimal number',
    );
    expectValidation(
      await request('PATCH', url, { token: shop.token, body: { debt_amount: '0.001' } }),
      'debt_amount must have at most 2 decimal places',
    );
    expectValidation(
      await request('PATCH', url, { token: shop.token, body: { is_deleted: 'yes' } }),
      'is_deleted must be a boolean',
    );
    await expectStrictBody(server, 'PATCH', url, shop.token, { debt_amount: '1' });
    expect(await record(clientId)).toMatchObject({ debt_amount: 1000n, dt_updated: debt.body.dt_updated });
    expect(await entries(clientId)).toHaveLength(1);
  });

  it('requires the client, employee and point to exist in the caller’s business (400 naming the field), and stores nothing', async () => {
    const clientId = await insertClient(server, shop, 'References');
    const deletedClient = await insertClient(server, shop, 'Deleted');
    await server.database.db.updateTable('clients').set({ is_deleted: 1 }).where('id', '=', deletedClient).execute();
    const rivalClient = await insertClient(server, rival, 'Rival');
    const rivalPoint = await insertPoint(server, rival);
    const valid = debtBody(shop, clientId, '10');
    const bad: [Record<string, unknown>, string][] = [
      [{ ...valid, client_id: 'unknown' }, 'client_id must be an existing client'],
      [{ ...valid, client_id: rivalClient }, 'client_id must be an existing client'],
      [{ ...valid, client_id: deletedClient }, 'client_id must be an existing client'],
      [{ ...valid, employee_id: 'unknown' }, 'employee_id must be an existing employee or user of the business'],
      [{ ...valid, employee_id: rival.userId }, 'employee_id must be an existing employee or user of the business'],
      [{ ...valid, id_automated_point: 'unknown' }, 'id_automated_point must be an existing point'],
      [{ ...valid, id_automated_point: rivalPoint }, 'id_automated_point must be an existing point'],
    ];
    for (const [body, line] of bad) {
      expectValidation(await createDebt(shop, body), line);
      expectValidation(await transact(shop, body), line);
    }
    for (const id of [clientId, deletedClient, rivalClient]) expect(await entries(id)).toHaveLength(0);
    const cashier = await cashierToken(server, shop);
    const byCashier = await transact(shop, { ...valid, employee_id: cashier.id, id_automated_point: pointId });
    expect(byCashier.status).toBe(201);
    expect(byCashier.body).toMatchObject({ employee_id: cashier.id, id_automated_point: pointId });
  });


  it('checks the references of an entry to a client who already owes just as strictly, and leaves the balance alone', async () => {
    // A client with a record takes the one-statement path (the append checks the references itself).
    const clientId = await insertClient(server, shop, 'Owes already');
    const valid = debtBody(shop, clientId, '10');
    expect((await createDebt(shop, valid)).status).toBe(201);
    const rivalPoint = await insertPoint(server, rival);
    const bad: [Record<string, unknown>, string][] = [
      [{ ...valid, employee_id: 'unknown' }, 'employee_id must be an existing employee or user of the business'],
      [{ ...valid, employee_id: rival.userId }, 'employee_id must be an existing employee or user of the business'],
      [{ ...valid, id_automated_point: rivalPoint }, 'id_automated_point must be an existing point'],
    ];
    for (const [body, line] of bad) expectValidation(await transact(shop, body), line);
    await server.database.db.updateTable('clients').set({ is_deleted: 1 }).where('id', '=', clientId).execute();
    expectValidation(await transact(shop, valid), 'client_id must be an existing client');
    expect(await entries(clientId)).toHaveLength(1);
    expect(BigInt((await record(clientId))!.debt_amount)).toBe(1000n);
  });
  it('requires a valid token for every operation', async () => {
    await expectAuthRequired(server, 'POST', '/api/v1/client-debts/create', debtBody(shop, 'x', '1'));
    await expectAuthRequired(server, 'GET', '/api/v1/client-debts/all');
    await expectAuthRequired(server, 'GET', '/api/v1/client-debts/x');
    await expectAuthRequired(server, 'PATCH', '/api/v1/client-debts/update/x', { debt_amount: '1' });
    await expectAuthRequired(server, 'DELETE', '/api/v1/client-debts/delete/x');
    await expectAuthRequired(server, 'POST', '/api/v1/client-debts/transactions/create', debtBody(shop, 'x', '1'));
    await expectAuthRequired(server, 'GET', '/api/v1/client-debts/transactions/all');
  });

  it('lets cashiers record debts (roles O, A, E from the catalogue); their adjustments carry their id and point', async () => {
    const cashier = await cashierToken(server, shop, { pointId, rights: ['CLIENT_DEBTS'] });
    const clientId = await insertClient(server, shop, 'Cashier client');
    const asCashier = { ...shop, token: cashier.token };
    // At their own point (issue 28 §1).
    const debt = await createDebt(asCashier, { ...debtBody(shop, clientId, '5'), employee_id: cashier.id, id_automated_point: pointId });
    expect(debt.status).toBe(201);
    expect((await transact(asCashier, { ...debtBody(shop, clientId, '5'), employee_id: cashier.id, id_automated_point: pointId })).status).toBe(201);
    expect(
      (
        await request('PATCH', `/api/v1/client-debts/update/${debt.body.id}`, {
          token: cashier.token,
          body: { debt_amount: '1' },
        })
      ).status,
    ).toBe(200);
    expect((await entries(clientId)).at(-1)).toMatchObject({
      kind: 'adjustment',
      amount: -900n,
      employee_id: cashier.id,
      id_automated_point: pointId,
    });
    expect((await request('GET', '/api/v1/client-debts/all', { token: cashier.token })).status).toBe(200);
  });

  it('answers 404 for another business’s debt and changes nothing', async () => {
    const clientId = await insertClient(server, rival, 'Rival debtor');
    const theirs = await createDebt(rival, debtBody(rival, clientId, '500'));
    const id = theirs.body.id;
    const message = `Debt with ID ${id} not found`;
    expectErrorBody(await request('GET', `/api/v1/client-debts/${id}`, { token: shop.token }), 404, message);
    expectErrorBody(
      await request('PATCH', `/api/v1/client-debts/update/${id}`, { token: shop.token, body: { debt_amount: '0' } }),
      404,
      message,
    );
    expectErrorBody(await request('DELETE', `/api/v1/client-debts/delete/${id}`, { token: shop.token }), 404, message);
    expect(
      (await request('GET', `/api/v1/client-debts/transactions/all?client_id=${clientId}`, { token: shop.token })).body,
    ).toEqual([]);
    expect(await record(clientId)).toMatchObject({ debt_amount: 50000n });
    expect(Number((await record(clientId))?.is_deleted)).toBe(0);
    expect(await entries(clientId)).toHaveLength(1);
  });

  it('audits each credit sale with the entry exactly as answered, its debt named, whether or not the client owed before', async () => {
    const clientId = await insertClient(server, shop, 'Audited sales');
    // The first sale opens the client's record; the second finds it (on PostgreSQL: one statement, see ledger.ts).
    const first = await transact(shop, debtBody(shop, clientId, '4'));
    const second = await transact(shop, debtBody(shop, clientId, '2.5'));
    expect([first.status, second.status]).toEqual([201, 201]);
    const debtId = (await record(clientId))?.id;
    expect(first.body.debt_id).toBe(debtId);
    expect(second.body.debt_id).toBe(debtId);
    for (const sale of [first, second]) {
      const logged = await server.database.db
        .selectFrom('audit_log')
        .select(['action', 'user_id', 'details'])
        .where('business_id', '=', shop.businessId)
        .where('details', 'like', `%${sale.body.id}%`)
        .execute();
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ action: 'CREATE_CLIENT_DEBT_TRANSACTION', user_id: shop.userId });
      expect(JSON.parse(logged[0]!.details ?? 'null')).toEqual(sale.body);
    }
    expect(await record(clientId)).toMatchObject({ debt_amount: 650n });
  });

  it('writes an audit entry for every debt write, by the caller', async () => {
    const clientId = await insertClient(server, shop, 'Audited debtor');
    const debt = await createDebt(shop, debtBody(shop, clientId, '9'));
    const sale = await transact(shop, debtBody(shop, clientId, '1'));
    await request('PATCH', `/api/v1/client-debts/update/${debt.body.id}`, { token: shop.token, body: { debt_amount: '3' } });
    await request('DELETE', `/api/v1/client-debts/delete/${debt.body.id}`, { token: shop.token });
    const audit = await server.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'details'])
      .where('business_id', '=', shop.businessId)
      .where((eb) => eb.or([eb('details', 'like', `%${debt.body.id}%`), eb('details', 'like', `%${sale.body.id}%`)]))
      .execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'CREATE_CLIENT_DEBT',
      'CREATE_CLIENT_DEBT_TRANSACTION',
      'DELETE_CLIENT_DEBT',
      'UPDATE_CLIENT_DEBT',
    ]);
    expect(audit.every((entry) => entry.user_id === shop.userId)).toBe(true);
  });
});
