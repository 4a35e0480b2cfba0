import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';

describe.each(await testEngines())('warehouses on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
  });
  afterAll(() => server.close());

  it('creates a warehouse and answers 201 with the stored record', async () => {
    const created = await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: { name: 'Main', location: 'Back room' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Main', location: 'Back room', is_deleted: false });
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(created.body.dt_created)).not.toBeNaN();
    const fetched = await server.request('GET', `/api/v1/warehouses/${created.body.id}`, { token: shop.token });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);
  });

  it('lists only live warehouses of the caller’s business', async () => {
    const kept = await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: { name: 'Kept' } });
    const dropped = await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: { name: 'Dropped' } });
    await server.request('POST', '/api/v1/warehouses/create', { token: rival.token, body: { name: 'Rival only' } });
    expect((await server.request('DELETE', `/api/v1/warehouses/delete/${dropped.body.id}`, { token: shop.token })).status).toBe(200);
    const list = await server.request('GET', '/api/v1/warehouses/all', { token: shop.token });
    const names = list.body.map((w: { name: string }) => w.name);
    expect(names).toContain('Kept');
    expect(names).not.toContain('Dropped');
    expect(names).not.toContain('Rival only');
    expect(kept.status).toBe(201);
  });

  it('updates only the fields sent and refuses to edit a deleted warehouse', async () => {
    const created = await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: { name: 'Old', location: 'Here' } });
    const updated = await server.request('PATCH', `/api/v1/warehouses/update/${created.body.id}`, { token: shop.token, body: { name: 'New' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'New', location: 'Here' });
    await server.request('DELETE', `/api/v1/warehouses/delete/${created.body.id}`, { token: shop.token });
    expectErrorBody(await server.request('PATCH', `/api/v1/warehouses/update/${created.body.id}`, { token: shop.token, body: { name: 'Zombie' } }), 404);
    expectErrorBody(await server.request('GET', `/api/v1/warehouses/${created.body.id}`, { token: shop.token }), 404, 'Warehouse not found');
  });

  it('rejects invalid bodies with a line naming each field, and stores nothing', async () => {
    expectValidation(await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: {} }), 'name is required');
    expectValidation(await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: { name: 5 } }), 'name must be a string');
    expectValidation(await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: { name: '' } }), 'name should not be empty');
    await expectStrictBody(server, 'POST', '/api/v1/warehouses/create', shop.token, { name: 'X' });
    const list = await server.request('GET', '/api/v1/warehouses/all', { token: shop.token });
    expect(list.body.some((w: { name: string }) => w.name === 'X')).toBe(false);
  });

  it('requires a valid token', async () => {
    await expectAuthRequired(server, 'GET', '/api/v1/warehouses/all');
    await expectAuthRequired(server, 'POST', '/api/v1/warehouses/create', { name: 'X' });
  });

  it('lets cashiers use warehouses (roles O, A, E from the catalogue)', async () => {
    const cashier = await cashierToken(server, shop);
    expect((await server.request('GET', '/api/v1/warehouses/all', { token: cashier.token })).status).toBe(200);
  });

  it('answers 404 for another business’s warehouse and changes nothing', async () => {
    const theirs = await server.request('POST', '/api/v1/warehouses/create', { token: rival.token, body: { name: 'Theirs' } });
    const id = theirs.body.id;
    expectErrorBody(await server.request('GET', `/api/v1/warehouses/${id}`, { token: shop.token }), 404);
    expectErrorBody(await server.request('PATCH', `/api/v1/warehouses/update/${id}`, { token: shop.token, body: { name: 'Mine now' } }), 404);
    expectErrorBody(await server.request('DELETE', `/api/v1/warehouses/delete/${id}`, { token: shop.token }), 404);
    const still = await server.request('GET', `/api/v1/warehouses/${id}`, { token: rival.token });
    expect(still.body).toMatchObject({ name: 'Theirs', is_deleted: false });
  });

  it('writes an audit entry with every change, in the same transaction', async () => {
    const created = await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: { name: 'Audited' } });
    const entries = await server.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'details'])
      .where('business_id', '=', shop.businessId)
      .where('action', '=', 'CREATE_WAREHOUSE')
      .execute();
    expect(entries.some((entry) => entry.details?.includes(created.body.id) && entry.user_id === shop.userId)).toBe(true);
  });
});
