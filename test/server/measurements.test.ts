import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { insertMeasurement } from '../helpers/fixtures.js';

const BASE = '/api/v1/measurements';

describe.each(await testEngines())('measurements on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
  });
  afterAll(() => server.close());

  async function storedRow(id: string) {
    const row = await server.database.db.selectFrom('measurements').selectAll().where('id', '=', id).executeTakeFirst();
    return row && { ...row, is_deleted: Number(row.is_deleted) };
  }

  it('creates a measurement and answers 201 with the stored record', async () => {
    const created = await server.request('POST', `${BASE}/create`, { token: shop.token, body: { name: 'kg' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'kg',
      is_deleted: false,
      dt_created: expect.any(String),
      dt_updated: created.body.dt_created,
    });
    expect(await storedRow(created.body.id)).toMatchObject({ business_id: shop.businessId, name: 'kg', is_deleted: 0 });
  });

  it('lists only live measurements of the caller’s business', async () => {
    const kept = await server.request('POST', `${BASE}/create`, { token: shop.token, body: { name: 'litre' } });
    const dropped = await server.request('POST', `${BASE}/create`, { token: shop.token, body: { name: 'gallon' } });
    await insertMeasurement(server, rival, 'rival unit');
    const deleted = await server.request('DELETE', `${BASE}/delete/${dropped.body.id}`, { token: shop.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: dropped.body.id, is_deleted: true });
    const list = await server.request('GET', `${BASE}/all`, { token: shop.token });
    const names = list.body.map((m: { name: string }) => m.name);
    expect(names).toContain('litre');
    expect(names).not.toContain('gallon');
    expect(names).not.toContain('rival unit');
    expect(list.body).toContainEqual(kept.body);
  });

  it('renames a measurement and refuses to edit a deleted one', async () => {
    const id = await insertMeasurement(server, shop, 'pc');
    const updated = await server.request('PATCH', `${BASE}/update/${id}`, { token: shop.token, body: { name: 'pcs' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, name: 'pcs', is_deleted: false });
    expect(await storedRow(id)).toMatchObject({ name: 'pcs' });
    const unchanged = await server.request('PATCH', `${BASE}/update/${id}`, { token: shop.token, body: {} });
    expect(unchanged.body).toMatchObject({ name: 'pcs' });
    await server.request('DELETE', `${BASE}/delete/${id}`, { token: shop.token });
    expectErrorBody(
      await server.request('PATCH', `${BASE}/update/${id}`, { token: shop.token, body: { name: 'Zombie' } }),
      404,
      'Measurement not found',
    );
    expectErrorBody(await server.request('DELETE', `${BASE}/delete/${id}`, { token: shop.token }), 404, 'Measurement not found');
    expect(await storedRow(id)).toMatchObject({ name: 'pcs', is_deleted: 1 });
  });

  it('rejects invalid bodies with a line naming each field, and stores nothing', async () => {
    expectValidation(await server.request('POST', `${BASE}/create`, { token: shop.token, body: {} }), 'name is required');
    expectValidation(
      await server.request('POST', `${BASE}/create`, { token: shop.token, body: { name: 5 } }),
      'name must be a string',
    );
    expectValidation(
      await server.request('POST', `${BASE}/create`, { token: shop.token, body: { name: '' } }),
      'name should not be empty',
    );
    expectValidation(
      await server.request('PATCH', `${BASE}/update/x`, { token: shop.token, body: { name: ['kg'] } }),
      'name must be a string',
    );
    await expectStrictBody(server, 'POST', `${BASE}/create`, shop.token, { name: 'strict unit' });
    await expectStrictBody(server, 'PATCH', `${BASE}/update/x`, shop.token, { name: 'strict unit' });
    const stored = await server.database.db.selectFrom('measurements').select('id').where('name', '=', 'strict unit').execute();
    expect(stored).toEqual([]);
  });

  it('requires a valid token', async () => {
    await expectAuthRequired(server, 'GET', `${BASE}/all`);
    await expectAuthRequired(server, 'POST', `${BASE}/create`, { name: 'X' });
    await expectAuthRequired(server, 'PATCH', `${BASE}/update/x`, { name: 'X' });
    await expectAuthRequired(server, 'DELETE', `${BASE}/delete/x`);
  });

  it('lets cashiers use measurements (roles O, A, E from the catalogue)', async () => {
    const cashier = await cashierToken(server, shop, { rights: ['CATALOGUE'] });
    const created = await server.request('POST', `${BASE}/create`, { token: cashier.token, body: { name: 'box' } });
    expect(created.status).toBe(201);
    expect((await server.request('GET', `${BASE}/all`, { token: cashier.token })).body).toContainEqual(created.body);
  });

  it('answers 404 for another business’s measurement and changes nothing', async () => {
    const id = await insertMeasurement(server, rival, 'theirs');
    expectErrorBody(
      await server.request('PATCH', `${BASE}/update/${id}`, { token: shop.token, body: { name: 'mine now' } }),
      404,
      'Measurement not found',
    );
    expectErrorBody(await server.request('DELETE', `${BASE}/delete/${id}`, { token: shop.token }), 404, 'Measurement not found');
    expect(await storedRow(id)).toMatchObject({ name: 'theirs', is_deleted: 0 });
  });

  it('writes an audit entry with every change', async () => {
    const created = await server.request('POST', `${BASE}/create`, { token: shop.token, body: { name: 'audited' } });
    await server.request('PATCH', `${BASE}/update/${created.body.id}`, { token: shop.token, body: { name: 'audited 2' } });
    await server.request('DELETE', `${BASE}/delete/${created.body.id}`, { token: shop.token });
    const entries = await server.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'details'])
      .where('business_id', '=', shop.businessId)
      .execute();
    const actions = entries
      .filter((entry) => entry.details?.includes(created.body.id) && entry.user_id === shop.userId)
      .map((entry) => entry.action);
    expect(actions.sort()).toEqual(['CREATE_MEASUREMENT', 'DELETE_MEASUREMENT', 'UPDATE_MEASUREMENT']);
  });
});
