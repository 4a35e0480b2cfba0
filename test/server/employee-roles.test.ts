import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { insertPoint, insertWorkplace } from '../helpers/fixtures.js';

const BASE = '/api/v1/employee-role';

describe.each(await testEngines())('employee roles on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
  });
  afterAll(() => server.close());

  async function storedRow(id: string) {
    const row = await server.database.db.selectFrom('employee_roles').selectAll().where('id', '=', id).executeTakeFirst();
    return row && { ...row, is_deleted: Number(row.is_deleted) };
  }
  const createRole = (tenant: Tenant, body: Record<string, unknown>) =>
    server.request('POST', `${BASE}/create`, { token: tenant.token, body });

  it('creates a role with its access resources and reads it back', async () => {
    const created = await createRole(shop, { name: 'Cashier', access_resources: ['orders', 'clients'] });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Cashier',
      access_resources: ['orders', 'clients'],
      is_deleted: false,
      dt_created: expect.any(String),
      dt_updated: created.body.dt_created,
    });
    expect(await storedRow(created.body.id)).toMatchObject({
      business_id: shop.businessId,
      access_resources: '["orders","clients"]',
    });
    const fetched = await server.request('GET', `${BASE}/${created.body.id}`, { token: shop.token });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);
  });

  it('keeps access_resources verbatim: unknown names (free text, as reference clients send) beside the rights Kassa enforces', async () => {
    // Issue 28 §2: unknown names are kept and ignored, never refused; order, case and spacing survive.
    const sent = ['STOCK', 'pos.sell', 'manager', ' MANAGER', 'Склад', 'REFUNDS'];
    const created = await createRole(shop, { name: 'Free text', access_resources: sent });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.access_resources).toEqual(sent);
    expect((await server.request('GET', `${BASE}/${created.body.id}`, { token: shop.token })).body.access_resources).toEqual(sent);
    const changed = await server.request('PATCH', `${BASE}/update/${created.body.id}`, { token: shop.token, body: { access_resources: ['x-unknown', 'CASH_MOVES'] } });
    expect(changed.body.access_resources).toEqual(['x-unknown', 'CASH_MOVES']);
  });

  it('lists only live roles of the caller’s business', async () => {
    const kept = await createRole(shop, { name: 'Kept role', access_resources: [] });
    const dropped = await createRole(shop, { name: 'Dropped role', access_resources: [] });
    await createRole(rival, { name: 'Rival role', access_resources: [] });
    expect((await server.request('DELETE', `${BASE}/delete/${dropped.body.id}`, { token: shop.token })).body).toMatchObject({
      is_deleted: true,
    });
    const list = await server.request('GET', `${BASE}/all`, { token: shop.token });
    const names = list.body.map((r: { name: string }) => r.name);
    expect(names).toContain('Kept role');
    expect(names).not.toContain('Dropped role');
    expect(names).not.toContain('Rival role');
    expect(list.body).toContainEqual(kept.body);
  });

  it('updates only the fields sent; an empty list clears the resources', async () => {
    const created = await createRole(shop, { name: 'Manager', access_resources: ['stock'] });
    const renamed = await server.request('PATCH', `${BASE}/update/${created.body.id}`, {
      token: shop.token,
      body: { name: 'Head' },
    });
    expect(renamed.body).toMatchObject({ name: 'Head', access_resources: ['stock'] });
    const cleared = await server.request('PATCH', `${BASE}/update/${created.body.id}`, {
      token: shop.token,
      body: { access_resources: [] },
    });
    expect(cleared.body).toMatchObject({ name: 'Head', access_resources: [] });
    expect(await storedRow(created.body.id)).toMatchObject({ name: 'Head', access_resources: '[]' });
  });

  it('answers 404 Role not found for unknown and deleted roles', async () => {
    const created = await createRole(shop, { name: 'Temp', access_resources: [] });
    await server.request('DELETE', `${BASE}/delete/${created.body.id}`, { token: shop.token });
    for (const id of [created.body.id, 'no-such-role']) {
      expectErrorBody(await server.request('GET', `${BASE}/${id}`, { token: shop.token }), 404, 'Role not found');
      expectErrorBody(
        await server.request('PATCH', `${BASE}/update/${id}`, { token: shop.token, body: { name: 'Zombie' } }),
        404,
        'Role not found',
      );
      expectErrorBody(await server.request('DELETE', `${BASE}/delete/${id}`, { token: shop.token }), 404, 'Role not found');
    }
    expect(await storedRow(created.body.id)).toMatchObject({ name: 'Temp', is_deleted: 1 });
  });

  it('soft-deletes a role that live employees hold; they keep naming it, and their PIN login shows it deleted, granting nothing', async () => {
    const role = await createRole(shop, { name: 'Held', access_resources: ['MANAGER', 'CASH_MOVES'] });
    const pointId = await insertPoint(server, shop);
    const workplaceId = await insertWorkplace(server, shop, pointId);
    const employee = await server.request('POST', '/api/v1/employee/create', {
      token: shop.token,
      body: { full_name: 'Holder', role_id: role.body.id, password: '5150', workplace_id: workplaceId },
    });
    expect(employee.status, JSON.stringify(employee.body)).toBe(201);
    const login = () => server.request('POST', '/api/v1/auth/pos/login', { token: shop.token, body: { workplaceId, pincode: '5150' } });
    const before = await login();
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    expect(before.body.employee.role).toMatchObject({ id: role.body.id, access_resources: ['MANAGER', 'CASH_MOVES'], is_deleted: false });

    const deleted = await server.request('DELETE', `${BASE}/delete/${role.body.id}`, { token: shop.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ id: role.body.id, is_deleted: true });
    expect(await storedRow(role.body.id)).toMatchObject({ is_deleted: 1 });
    const holder = await server.database.db.selectFrom('employees').select('role_id').where('id', '=', employee.body.id).executeTakeFirstOrThrow();
    expect(holder.role_id).toBe(role.body.id);

    const after = await login();
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    expect(after.body.employee.role).toMatchObject({ id: role.body.id, name: 'Held', access_resources: [], is_deleted: true });
  });

  it('rejects invalid bodies with a line naming each field, and stores nothing', async () => {
    expectValidation(await createRole(shop, { access_resources: [] }), 'name is required');
    expectValidation(await createRole(shop, { name: 'No list' }), 'access_resources is required');
    expectValidation(await createRole(shop, { name: 7, access_resources: [] }), 'name must be a string');
    expectValidation(await createRole(shop, { name: 'Bad', access_resources: 'orders' }), 'access_resources must be an array');
    expectValidation(await createRole(shop, { name: 'Bad', access_resources: ['ok', 3] }), 'access_resources.1 must be a string');
    expectValidation(
      await createRole(shop, { name: 'Bad', access_resources: Array.from({ length: 201 }, (_, i) => `r${i}`) }),
      'access_resources must contain at most 200 elements',
    );
    expectValidation(
      await createRole(shop, { name: 'Bad', access_resources: ['x'.repeat(201)] }),
      'access_resources.0 must be at most 200 characters',
    );
    await expectStrictBody(server, 'POST', `${BASE}/create`, shop.token, { name: 'Bad', access_resources: [] });
    await expectStrictBody(server, 'PATCH', `${BASE}/update/x`, shop.token, { name: 'Bad' });
    const stored = await server.database.db
      .selectFrom('employee_roles')
      .select('id')
      .where('name', 'in', ['No list', 'Bad'])
      .execute();
    expect(stored).toEqual([]);
  });

  it('requires a valid token', async () => {
    await expectAuthRequired(server, 'GET', `${BASE}/all`);
    await expectAuthRequired(server, 'POST', `${BASE}/create`, { name: 'X', access_resources: [] });
    await expectAuthRequired(server, 'GET', `${BASE}/x`);
  });

  it('refuses cashiers (roles O, A only) and changes nothing', async () => {
    const cashier = await cashierToken(server, shop);
    const role = await createRole(shop, { name: 'Protected', access_resources: ['a'] });
    expectErrorBody(await server.request('GET', `${BASE}/all`, { token: cashier.token }), 403, 'Forbidden resource');
    expectErrorBody(await server.request('GET', `${BASE}/${role.body.id}`, { token: cashier.token }), 403, 'Forbidden resource');
    expectErrorBody(
      await server.request('POST', `${BASE}/create`, { token: cashier.token, body: { name: 'Sneaky', access_resources: [] } }),
      403,
    );
    expectErrorBody(
      await server.request('PATCH', `${BASE}/update/${role.body.id}`, { token: cashier.token, body: { name: 'Sneaky' } }),
      403,
    );
    expectErrorBody(await server.request('DELETE', `${BASE}/delete/${role.body.id}`, { token: cashier.token }), 403);
    expect(await storedRow(role.body.id)).toMatchObject({ name: 'Protected', is_deleted: 0 });
    const sneaky = await server.database.db.selectFrom('employee_roles').select('id').where('name', '=', 'Sneaky').execute();
    expect(sneaky).toEqual([]);
  });

  it('answers 404 for another business’s role and changes nothing', async () => {
    const theirs = await createRole(rival, { name: 'Theirs', access_resources: [] });
    const id = theirs.body.id;
    expectErrorBody(await server.request('GET', `${BASE}/${id}`, { token: shop.token }), 404, 'Role not found');
    expectErrorBody(
      await server.request('PATCH', `${BASE}/update/${id}`, { token: shop.token, body: { name: 'Mine now' } }),
      404,
      'Role not found',
    );
    expectErrorBody(await server.request('DELETE', `${BASE}/delete/${id}`, { token: shop.token }), 404, 'Role not found');
    expect(await storedRow(id)).toMatchObject({ name: 'Theirs', is_deleted: 0 });
  });

  it('writes an audit entry with every change', async () => {
    const created = await createRole(shop, { name: 'Audited', access_resources: [] });
    await server.request('PATCH', `${BASE}/update/${created.body.id}`, { token: shop.token, body: { name: 'Audited 2' } });
    await server.request('DELETE', `${BASE}/delete/${created.body.id}`, { token: shop.token });
    const entries = await server.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'details'])
      .where('business_id', '=', shop.businessId)
      .execute();
    const actions = entries
      .filter((entry) => entry.details?.includes(created.body.id) && entry.user_id === shop.userId)
      .map((entry) => entry.action);
    expect(actions.sort()).toEqual(['CREATE_EMPLOYEE_ROLE', 'DELETE_EMPLOYEE_ROLE', 'UPDATE_EMPLOYEE_ROLE']);
  });
});
