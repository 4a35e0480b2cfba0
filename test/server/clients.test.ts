import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';

describe.each(await testEngines())('clients on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
  });
  afterAll(() => server.close());

  const create = (tenant: Tenant, body: Record<string, unknown>) =>
    server.request('POST', '/api/v1/clients/create', { token: tenant.token, body });
  const stored = (id: string) => server.database.db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();

  it('creates a client and answers 201 with the stored record, birthday normalised to ISO', async () => {
    const created = await create(shop, {
      full_name: 'Aziza',
      phone_number: '+998901234567',
      email: 'aziza@example.com',
      address: 'Chilonzor',
      birthday: '1990-05-17',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      full_name: 'Aziza',
      phone_number: '+998901234567',
      email: 'aziza@example.com',
      address: 'Chilonzor',
      birthday: '1990-05-17T00:00:00.000Z',
      credit_limit: null,
      is_deleted: false,
      dt_created: expect.any(String),
      dt_updated: expect.any(String),
    });
    const fetched = await server.request('GET', `/api/v1/clients/${created.body.id}`, { token: shop.token });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);
    expect((await stored(created.body.id))?.business_id).toBe(shop.businessId);
  });

  it('creates a client with only a name, the optional fields null, and an empty birthday meaning none', async () => {
    const created = await create(shop, { full_name: 'Bare', birthday: '' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ phone_number: null, email: null, address: null, birthday: null });
  });

  it('lists the live clients of the caller’s business, newest first', async () => {
    const first = await create(shop, { full_name: 'Listed first' });
    // Ids are random within a millisecond: "newest first" is defined between different timestamps.
    await new Promise((resolve) => setTimeout(resolve, 2));
    const second = await create(shop, { full_name: 'Listed second' });
    const dropped = await create(shop, { full_name: 'Listed dropped' });
    await create(rival, { full_name: 'Rival client' });
    expect((await server.request('DELETE', `/api/v1/clients/delete/${dropped.body.id}`, { token: shop.token })).status).toBe(200);
    const list = await server.request('GET', '/api/v1/clients/all', { token: shop.token });
    expect(list.status).toBe(200);
    const ids = list.body.map((client: { id: string }) => client.id);
    expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
    expect(ids.indexOf(first.body.id)).toBeGreaterThanOrEqual(0);
    expect(ids).not.toContain(dropped.body.id);
    expect(list.body.some((client: { full_name: string }) => client.full_name === 'Rival client')).toBe(false);
  });

  it('updates only the fields sent; null clears an optional field and an empty birthday clears the birthday', async () => {
    const created = await create(shop, {
      full_name: 'Old',
      phone_number: '111',
      email: 'old@example.com',
      birthday: '2000-01-02',
    });
    const renamed = await server.request('PATCH', `/api/v1/clients/update/${created.body.id}`, {
      token: shop.token,
      body: { full_name: 'New', email: null },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      full_name: 'New',
      phone_number: '111',
      email: null,
      birthday: '2000-01-02T00:00:00.000Z',
    });
    const cleared = await server.request('PATCH', `/api/v1/clients/update/${created.body.id}`, {
      token: shop.token,
      body: { birthday: '' },
    });
    expect(cleared.body).toMatchObject({ full_name: 'New', birthday: null });
    const row = await stored(created.body.id);
    expect(row).toMatchObject({ full_name: 'New', phone_number: '111', email: null, birthday: null });
    expect((row?.dt_updated ?? '') >= created.body.dt_updated).toBe(true);
  });

  it('soft-deletes a client: 200 with is_deleted true, then 404 with the reference’s message everywhere', async () => {
    const created = await create(shop, { full_name: 'Leaving' });
    const id = created.body.id;
    const removed = await server.request('DELETE', `/api/v1/clients/delete/${id}`, { token: shop.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id, is_deleted: true });
    expect(Number((await stored(id))?.is_deleted)).toBe(1);
    const message = `Client with ID ${id} not found`;
    expectErrorBody(await server.request('GET', `/api/v1/clients/${id}`, { token: shop.token }), 404, message);
    expectErrorBody(
      await server.request('PATCH', `/api/v1/clients/update/${id}`, { token: shop.token, body: { full_name: 'Back' } }),
      404,
      message,
    );
    expectErrorBody(await server.request('DELETE', `/api/v1/clients/delete/${id}`, { token: shop.token }), 404, message);
    expect((await stored(id))?.full_name).toBe('Leaving');
  });

  it('answers 404 for an unknown id', async () => {
    expectErrorBody(
      await server.request('GET', '/api/v1/clients/nope', { token: shop.token }),
      404,
      'Client with ID nope not found',
    );
  });

  it('rejects invalid create bodies with a line naming each field, and stores nothing', async () => {
    const before = (await server.request('GET', '/api/v1/clients/all', { token: shop.token })).body.length;
    expectValidation(await create(shop, {}), 'full_name is required');
    expectValidation(await create(shop, { full_name: 5 }), 'full_name must be a string');
    expectValidation(await create(shop, { full_name: '' }), 'full_name should not be empty');
    expectValidation(await create(shop, { full_name: 'X', email: 'not-an-email' }), 'email must be an email');
    expectValidation(await create(shop, { full_name: 'X', birthday: 'yesterday' }), 'birthday must be an ISO 8601 date string');
    expectValidation(await create(shop, { full_name: 'X', birthday: '2020-13-45' }), 'birthday must be an ISO 8601 date string');
    expectValidation(await create(shop, { full_name: 'X', phone_number: 998 }), 'phone_number must be a string');
    expectValidation(
      await create(shop, { full_name: 'X', address: 'a'.repeat(2001) }),
      'address must be at most 2000 characters',
    );
    await expectStrictBody(server, 'POST', '/api/v1/clients/create', shop.token, { full_name: 'X' });
    expect((await server.request('GET', '/api/v1/clients/all', { token: shop.token })).body.length).toBe(before);
  });

  it('rejects invalid update bodies and leaves the client unchanged', async () => {
    const created = await create(shop, { full_name: 'Steady', email: 'steady@example.com' });
    const url = `/api/v1/clients/update/${created.body.id}`;
    expectValidation(
      await server.request('PATCH', url, { token: shop.token, body: { full_name: '' } }),
      'full_name should not be empty',
    );
    expectValidation(
      await server.request('PATCH', url, { token: shop.token, body: { full_name: null } }),
      'full_name must be a string',
    );
    expectValidation(
      await server.request('PATCH', url, { token: shop.token, body: { email: 'nope' } }),
      'email must be an email',
    );
    expectValidation(
      await server.request('PATCH', url, { token: shop.token, body: { birthday: 'soon' } }),
      'birthday must be an ISO 8601 date string',
    );
    await expectStrictBody(server, 'PATCH', url, shop.token, { full_name: 'Steady' });
    expect(await stored(created.body.id)).toMatchObject({
      full_name: 'Steady',
      email: 'steady@example.com',
      dt_updated: created.body.dt_updated,
    });
  });

  it('requires a valid token', async () => {
    await expectAuthRequired(server, 'GET', '/api/v1/clients/all');
    await expectAuthRequired(server, 'GET', '/api/v1/clients/x');
    await expectAuthRequired(server, 'POST', '/api/v1/clients/create', { full_name: 'X' });
    await expectAuthRequired(server, 'PATCH', '/api/v1/clients/update/x', { full_name: 'X' });
    await expectAuthRequired(server, 'DELETE', '/api/v1/clients/delete/x');
  });

  it('lets cashiers manage clients (roles O, A, E from the catalogue)', async () => {
    const cashier = await cashierToken(server, shop, { rights: ['CLIENT_DEBTS'] });
    const created = await create({ ...shop, token: cashier.token }, { full_name: 'Walk-in' });
    expect(created.status).toBe(201);
    expect((await server.request('GET', '/api/v1/clients/all', { token: cashier.token })).status).toBe(200);
    expect(
      (
        await server.request('PATCH', `/api/v1/clients/update/${created.body.id}`, {
          token: cashier.token,
          body: { address: 'Yunusobod' },
        })
      ).status,
    ).toBe(200);
  });

  it('answers 404 for another business’s client and changes nothing', async () => {
    const theirs = await create(rival, { full_name: 'Theirs' });
    const id = theirs.body.id;
    expectErrorBody(
      await server.request('GET', `/api/v1/clients/${id}`, { token: shop.token }),
      404,
      `Client with ID ${id} not found`,
    );
    expectErrorBody(
      await server.request('PATCH', `/api/v1/clients/update/${id}`, { token: shop.token, body: { full_name: 'Mine now' } }),
      404,
    );
    expectErrorBody(await server.request('DELETE', `/api/v1/clients/delete/${id}`, { token: shop.token }), 404);
    const row = await stored(id);
    expect(row?.full_name).toBe('Theirs');
    expect(Number(row?.is_deleted)).toBe(0);
    const still = await server.request('GET', `/api/v1/clients/${id}`, { token: rival.token });
    expect(still.body).toMatchObject({ full_name: 'Theirs', is_deleted: false });
  });

  it('writes CREATE_CLIENT, UPDATE_CLIENT and DELETE_CLIENT audit entries by the caller', async () => {
    const created = await create(shop, { full_name: 'Audited' });
    await server.request('PATCH', `/api/v1/clients/update/${created.body.id}`, {
      token: shop.token,
      body: { address: 'Somewhere' },
    });
    await server.request('DELETE', `/api/v1/clients/delete/${created.body.id}`, { token: shop.token });
    const entries = await server.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'details'])
      .where('business_id', '=', shop.businessId)
      .where('details', 'like', `%${created.body.id}%`)
      .execute();
    expect(entries.map((entry) => entry.action).sort()).toEqual(['CREATE_CLIENT', 'DELETE_CLIENT', 'UPDATE_CLIENT']);
    expect(entries.every((entry) => entry.user_id === shop.userId)).toBe(true);
  });
});
