import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { insertItem, insertMeasurement } from '../helpers/fixtures.js';

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

  describe('the business’s default warehouse', () => {
    const make = (tenant: Tenant, body: Record<string, unknown>) =>
      server.request('POST', '/api/v1/warehouses/create', { token: tenant.token, body });
    const edit = (tenant: Tenant, id: string, body: Record<string, unknown>, token = tenant.token) =>
      server.request('PATCH', `/api/v1/warehouses/update/${id}`, { token, body });
    const defaults = async (tenant: Tenant) =>
      ((await server.request('GET', '/api/v1/warehouses/all', { token: tenant.token })).body as { id: string; is_default: boolean }[])
        .filter((warehouse) => warehouse.is_default)
        .map((warehouse) => warehouse.id);

    it('is the first warehouse created; an owner may make another the default, on create or update', async () => {
      const tenant = await registerTenant(server, 'defaults');
      const first = await make(tenant, { name: 'First' });
      const second = await make(tenant, { name: 'Second' });
      expect([first.body.is_default, second.body.is_default]).toEqual([true, false]);
      expect(await defaults(tenant)).toEqual([first.body.id]);
      const moved = await edit(tenant, second.body.id, { is_default: true });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ is_default: true, name: 'Second' });
      expect(await defaults(tenant)).toEqual([second.body.id]);
      const third = await make(tenant, { name: 'Third', is_default: true });
      expect(third.body.is_default).toBe(true);
      expect(await defaults(tenant)).toEqual([third.body.id]);
      // Setting it again changes nothing; is_default: false on a warehouse that is not the default is a no-op.
      expect((await edit(tenant, third.body.id, { is_default: true })).body).toMatchObject({ is_default: true });
      expect((await edit(tenant, first.body.id, { is_default: false })).status).toBe(200);
      expect(await defaults(tenant)).toEqual([third.body.id]);
    });

    it('cannot be taken away without naming another, and a cashier cannot change it', async () => {
      const tenant = await registerTenant(server, 'keep-default');
      expectValidation(await make(tenant, { name: 'First', is_default: false }), 'is_default cannot be false for the business’s first warehouse');
      const first = await make(tenant, { name: 'First' });
      expectValidation(await edit(tenant, first.body.id, { is_default: false }), 'is_default cannot be cleared');
      expectValidation(await make(tenant, { name: 'X', is_default: 'yes' }), 'is_default must be a boolean');
      const second = await make(tenant, { name: 'Second' });
      const cashier = await cashierToken(server, tenant);
      expectErrorBody(await edit(tenant, second.body.id, { is_default: true }, cashier.token), 403);
      expectErrorBody(
        await server.request('POST', '/api/v1/warehouses/create', { token: cashier.token, body: { name: 'Mine', is_default: true } }),
        403,
      );
      expect(await defaults(tenant)).toEqual([first.body.id]);
      // Warehouses are structure (issue 28 §1): a cashier changes none of their fields either.
      expectErrorBody(await edit(tenant, second.body.id, { name: 'Renamed' }, cashier.token), 403, 'Forbidden resource');
    });

    it('a new business’s concurrent creates make one default; deleting it (200, as the reference) gives the flag to the oldest other warehouse', async () => {
      const tenant = await registerTenant(server, 'promote');
      const answers = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((name) => make(tenant, { name })));
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
      expect(answers.filter((answer) => answer.body.is_default)).toHaveLength(1);
      const all = (await server.request('GET', '/api/v1/warehouses/all', { token: tenant.token })).body as { id: string; is_default: boolean; dt_created: string }[];
      const current = all.find((warehouse) => warehouse.is_default)!;
      const others = all.filter((warehouse) => warehouse.id !== current.id);
      const oldest = [...others].sort((a, b) => (a.dt_created === b.dt_created ? (a.id < b.id ? -1 : 1) : a.dt_created < b.dt_created ? -1 : 1))[0]!;
      const deleted = await server.request('DELETE', `/api/v1/warehouses/delete/${current.id}`, { token: tenant.token });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      // The answer says it is no longer the default; the business's default is now the oldest other.
      expect(deleted.body).toMatchObject({ id: current.id, is_deleted: true, is_default: false });
      expect(await defaults(tenant)).toEqual([oldest.id]);
      // Deleting one that is not the default leaves the default alone.
      const notDefault = others.find((warehouse) => warehouse.id !== oldest.id)!;
      expect((await server.request('DELETE', `/api/v1/warehouses/delete/${notDefault.id}`, { token: tenant.token })).body).toMatchObject({ is_default: false });
      expect(await defaults(tenant)).toEqual([oldest.id]);
    });

    it('deleting a point’s default warehouse clears the point’s default, so its sales take the business’s; stock rows stay', async () => {
      const tenant = await registerTenant(server, 'point-default');
      const main = (await make(tenant, { name: 'Main' })).body.id as string;
      const floor = (await make(tenant, { name: 'Floor' })).body.id as string;
      const point = (await server.request('POST', '/api/v1/business-config/points/create', { token: tenant.token, body: { name: 'Shop', default_warehouse_id: floor } })).body
        .id as string;
      const row = await server.request('POST', '/api/v1/stock-quantity/create', {
        token: tenant.token,
        body: { itemId: await insertItem(server, tenant), stock_quantity: '4', price: '1', measureId: await insertMeasurement(server, tenant), dateFrom: '2026-11-20', warehouseId: floor },
      });
      expect(row.status, JSON.stringify(row.body)).toBe(201);
      expect((await server.request('DELETE', `/api/v1/warehouses/delete/${floor}`, { token: tenant.token })).status).toBe(200);
      const kept = await server.database.db.selectFrom('stock_levels').select(['quantity', 'is_deleted']).where('id', '=', row.body.id as string).executeTakeFirstOrThrow();
      expect([BigInt(kept.quantity), Number(kept.is_deleted)]).toEqual([4000n, 0]);
      const points = (await server.request('GET', '/api/v1/business-config/points/all', { token: tenant.token })).body as { id: string; default_warehouse_id: string | null }[];
      expect(points.find((row) => row.id === point)?.default_warehouse_id).toBeNull();
      expect(await defaults(tenant)).toEqual([main]);
    });

    it('deletes a business’s only warehouse (200): the business then has no default until it makes a warehouse', async () => {
      const tenant = await registerTenant(server, 'only');
      const only = await make(tenant, { name: 'Only one' });
      const deleted = await server.request('DELETE', `/api/v1/warehouses/delete/${only.body.id}`, { token: tenant.token });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect(await defaults(tenant)).toEqual([]);
      const next = await make(tenant, { name: 'Next' });
      expect(next.body.is_default).toBe(true);
    });
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
