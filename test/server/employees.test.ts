import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { insertPoint, insertWorkplace } from '../helpers/fixtures.js';

const BASE = '/api/v1/employee';
const WIRE_KEYS = [
  'dt_created',
  'dt_updated',
  'email',
  'employee_address',
  'full_name',
  'guid',
  'id',
  'is_deleted',
  'notes',
  'phone_number',
  'role_id',
  'telegram_id',
  'workplace_id',
];

describe.each(await testEngines())('employees on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;
  let workplaceId: string;
  let pinCounter = 1000;
  /** A fresh PIN for each employee, so tests never trip over the same-PIN rule by accident. */
  const nextPin = () => String((pinCounter += 7) % 10000).padStart(4, '0');

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
    workplaceId = await insertWorkplace(server, shop, await insertPoint(server, shop));
  });
  afterAll(() => server.close());
  afterEach(() => vi.useRealTimers());

  async function storedRow(id: string) {
    const row = await server.database.db.selectFrom('employees').selectAll().where('id', '=', id).executeTakeFirst();
    return row && { ...row, is_deleted: Number(row.is_deleted) };
  }
  const createEmployee = (tenant: Tenant, body: Record<string, unknown>) =>
    server.request('POST', `${BASE}/create`, {
      token: tenant.token,
      body: { full_name: 'Ali', role_id: '0', password: nextPin(), ...body },
    });
  const createRole = async (tenant: Tenant, name = 'Cashier') =>
    (await server.request('POST', '/api/v1/employee-role/create', { token: tenant.token, body: { name, access_resources: [] } }))
      .body.id as string;

  it('creates an employee and answers 201 with the stored record, without the PIN', async () => {
    const roleId = await createRole(shop);
    const body = {
      full_name: 'Dilnoza',
      guid: 'ext-1',
      role_id: roleId,
      password: '2468',
      employee_address: 'Tashkent',
      workplace_id: workplaceId,
      telegram_id: '@dil',
      phone_number: '+998901234567',
      notes: 'Morning shift',
      email: 'dil@example.com',
    };
    const created = await server.request('POST', `${BASE}/create`, { token: shop.token, body });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(WIRE_KEYS);
    const { password: _pin, ...visible } = body;
    expect(created.body).toMatchObject({ ...visible, is_deleted: false });
    expect(await storedRow(created.body.id)).toMatchObject({ ...visible, business_id: shop.businessId, is_deleted: 0 });
    const fetched = await server.request('GET', `${BASE}/${created.body.id}`, { token: shop.token });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created.body);
  });

  it('refuses hidden characters in an employee’s name on create and update with a 400 naming full_name', async () => {
    for (const name of ['Ali\u200b', 'Ali\u0007', 'Ali\ue000', '\u202eilA']) {
      expectValidation(await createEmployee(shop, { full_name: name }), 'full_name must not contain zero-width, control, private-use or bidirectional characters');
    }
    const created = await createEmployee(shop, { full_name: 'Visible' });
    expect(created.status).toBe(201);
    expectValidation(await server.request('PATCH', `${BASE}/update/${created.body.id}`, { token: shop.token, body: { full_name: 'Visible\u2066' } }), 'full_name must not contain');
    expect((await storedRow(created.body.id))?.full_name).toBe('Visible');
  });

  it('accepts role "0" (no role) and no workplace, with nulls for the optional fields', async () => {
    const created = await createEmployee(shop, { full_name: 'Minimal' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ role_id: '0', workplace_id: null, guid: null, email: null, notes: null });
  });

  it('lists only live employees of the caller’s business', async () => {
    const kept = await createEmployee(shop, { full_name: 'Kept' });
    const dropped = await createEmployee(shop, { full_name: 'Dropped' });
    await createEmployee(rival, { full_name: 'Rival staff' });
    const deleted = await server.request('DELETE', `${BASE}/delete/${dropped.body.id}`, { token: shop.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: dropped.body.id, is_deleted: true });
    const list = await server.request('GET', `${BASE}/all`, { token: shop.token });
    const names = list.body.map((e: { full_name: string }) => e.full_name);
    expect(names).toContain('Kept');
    expect(names).not.toContain('Dropped');
    expect(names).not.toContain('Rival staff');
    expect(list.body).toContainEqual(kept.body);
  });

  it('updates only the fields sent; null clears an optional field', async () => {
    const created = await createEmployee(shop, { full_name: 'Old name', notes: 'note', phone_number: '123' });
    const updated = await server.request('PATCH', `${BASE}/update/${created.body.id}`, {
      token: shop.token,
      body: { full_name: 'New name', notes: null },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ full_name: 'New name', notes: null, phone_number: '123', role_id: '0' });
    expect(await storedRow(created.body.id)).toMatchObject({ full_name: 'New name', notes: null, phone_number: '123' });
    expectValidation(
      await server.request('PATCH', `${BASE}/update/${created.body.id}`, { token: shop.token, body: { guid: 'x' } }),
      'property guid should not exist',
    );
  });

  it('refuses a role or workplace that is not a live record of the business, and stores nothing', async () => {
    const theirRole = await createRole(rival, 'Their role');
    const theirWorkplace = await insertWorkplace(server, rival, await insertPoint(server, rival));
    const deletedRole = await createRole(shop, 'Gone role');
    await server.request('DELETE', `/api/v1/employee-role/delete/${deletedRole}`, { token: shop.token });
    for (const roleId of ['no-such-role', theirRole, deletedRole]) {
      expectValidation(
        await createEmployee(shop, { full_name: 'Orphan', role_id: roleId }),
        'role_id must be an existing employee role',
      );
    }
    for (const id of ['no-such-workplace', theirWorkplace, '']) {
      expectValidation(
        await createEmployee(shop, { full_name: 'Orphan', workplace_id: id }),
        'workplace_id must be an existing workplace',
      );
    }
    expectValidation(
      await createEmployee(shop, { full_name: 'Orphan', role_id: theirRole, workplace_id: theirWorkplace }),
      'role_id must be an existing employee role',
      'workplace_id must be an existing workplace',
    );
    const existing = await createEmployee(shop, { full_name: 'Settled', workplace_id: workplaceId });
    expectValidation(
      await server.request('PATCH', `${BASE}/update/${existing.body.id}`, {
        token: shop.token,
        body: { workplace_id: theirWorkplace, full_name: 'Moved' },
      }),
      'workplace_id must be an existing workplace',
    );
    expect(await storedRow(existing.body.id)).toMatchObject({ workplace_id: workplaceId, full_name: 'Settled' });
    const orphans = await server.database.db.selectFrom('employees').select('id').where('full_name', '=', 'Orphan').execute();
    expect(orphans).toEqual([]);
  });

  it('soft-deletes a workplace live employees are assigned to; they keep naming it and can log in again once moved', async () => {
    const point = await insertPoint(server, shop);
    const till = await insertWorkplace(server, shop, point, 'Busy till');
    const other = await insertWorkplace(server, shop, point, 'Other till');
    const pin = nextPin();
    const employee = await createEmployee(shop, { full_name: 'Assigned', workplace_id: till, password: pin });
    expect((await server.request('DELETE', `/api/v1/business-config/workplaces/delete/${till}`, { token: shop.token })).status).toBe(200);
    const stored = await server.request('GET', `${BASE}/${employee.body.id}`, { token: shop.token });
    expect(stored.body).toMatchObject({ workplace_id: till, is_deleted: false });
    const login = (workplaceId: string) =>
      server.request('POST', '/api/v1/auth/pos/login', { token: shop.token, body: { workplaceId, pincode: pin } });
    expectErrorBody(await login(till), 404, 'Workplace not found');
    await server.request('PATCH', `${BASE}/update/${employee.body.id}`, { token: shop.token, body: { workplace_id: other } });
    expect((await login(other)).status).toBe(201);
  });

  it('rejects invalid bodies with a line naming each field', async () => {
    const post = (body: unknown) => server.request('POST', `${BASE}/create`, { token: shop.token, body });
    expectValidation(await post({}), 'full_name is required', 'role_id is required', 'password is required');
    expectValidation(await post({ full_name: 1, role_id: '0', password: '1234' }), 'full_name must be a string');
    expectValidation(await post({ full_name: 'A', role_id: '0', password: 1234 }), 'password must be a string');
    expectValidation(await post({ full_name: 'A', role_id: '0', password: '' }), 'password should not be empty');
    expectValidation(await post({ full_name: 'A', role_id: '0', password: '123' }), 'password must be at least 4 characters');
    expectValidation(await post({ full_name: 'A', role_id: '0', password: '12345' }), 'password must be at most 4 characters');
    expectValidation(
      await post({ full_name: 'A', role_id: '0', password: '12a4' }),
      "password PIN kod faqat raqamlardan iborat bo'lishi kerak",
    );
    expectValidation(
      await post({ full_name: 'A', role_id: '0', password: '١٢٣٤' }),
      "PIN kod faqat raqamlardan iborat bo'lishi kerak",
    );
    expectValidation(
      await post({ full_name: 'A', role_id: '0', password: '1234', email: 'not-an-email' }),
      'email must be an email',
    );
    expectValidation(
      await post({ full_name: 'A', role_id: '0', password: '1234', workplace_id: 5 }),
      'workplace_id must be a string',
    );
    expectValidation(
      await server.request('PATCH', `${BASE}/update/x`, { token: shop.token, body: { password: '98' } }),
      'password must be at least 4 characters',
    );
    await expectStrictBody(server, 'POST', `${BASE}/create`, shop.token, { full_name: 'Strict', role_id: '0', password: '1234' });
    await expectStrictBody(server, 'PATCH', `${BASE}/update/x`, shop.token, { full_name: 'Strict' });
    const stored = await server.database.db
      .selectFrom('employees')
      .select('id')
      .where('full_name', 'in', ['A', 'Strict'])
      .execute();
    expect(stored).toEqual([]);
  });

  it('requires a valid token', async () => {
    await expectAuthRequired(server, 'GET', `${BASE}/all`);
    await expectAuthRequired(server, 'GET', `${BASE}/x`);
    await expectAuthRequired(server, 'POST', `${BASE}/create`, { full_name: 'X', role_id: '0', password: '1234' });
    await expectAuthRequired(server, 'DELETE', `${BASE}/delete/x`);
  });

  it('refuses cashiers on every employee operation (roles O, A only) and changes nothing', async () => {
    const cashier = await cashierToken(server, shop);
    const target = await createEmployee(shop, { full_name: 'Protected' });
    const id = target.body.id;
    expectErrorBody(await server.request('GET', `${BASE}/all`, { token: cashier.token }), 403, 'Forbidden resource');
    expectErrorBody(await server.request('GET', `${BASE}/${id}`, { token: cashier.token }), 403, 'Forbidden resource');
    expectErrorBody(
      await server.request('POST', `${BASE}/create`, {
        token: cashier.token,
        body: { full_name: 'Sneaky', role_id: '0', password: '4321' },
      }),
      403,
    );
    expectErrorBody(
      await server.request('PATCH', `${BASE}/update/${id}`, { token: cashier.token, body: { full_name: 'Sneaky' } }),
      403,
    );
    expectErrorBody(await server.request('DELETE', `${BASE}/delete/${id}`, { token: cashier.token }), 403);
    expect(await storedRow(id)).toMatchObject({ full_name: 'Protected', is_deleted: 0 });
    expect(await server.database.db.selectFrom('employees').select('id').where('full_name', '=', 'Sneaky').execute()).toEqual([]);
  });

  it('answers 404 Employee not found for unknown, deleted and another business’s employees, and changes nothing', async () => {
    const theirs = await createEmployee(rival, { full_name: 'Theirs' });
    const gone = await createEmployee(shop, { full_name: 'Gone' });
    await server.request('DELETE', `${BASE}/delete/${gone.body.id}`, { token: shop.token });
    for (const id of [theirs.body.id, gone.body.id, 'no-such-employee']) {
      expectErrorBody(await server.request('GET', `${BASE}/${id}`, { token: shop.token }), 404, 'Employee not found');
      expectErrorBody(
        await server.request('PATCH', `${BASE}/update/${id}`, {
          token: shop.token,
          body: { full_name: 'Mine now', password: '0000' },
        }),
        404,
        'Employee not found',
      );
      expectErrorBody(await server.request('DELETE', `${BASE}/delete/${id}`, { token: shop.token }), 404, 'Employee not found');
    }
    expect(await storedRow(theirs.body.id)).toMatchObject({ full_name: 'Theirs', is_deleted: 0 });
    expect(await storedRow(gone.body.id)).toMatchObject({ full_name: 'Gone', is_deleted: 1 });
  });

  it('S5: refuses a deleted employee’s token at once on the service that deleted them', async () => {
    const cashier = await cashierToken(server, shop);
    expect((await server.request('GET', '/api/v1/measurements/all', { token: cashier.token })).status).toBe(200);
    expect((await server.request('DELETE', `${BASE}/delete/${cashier.id}`, { token: shop.token })).status).toBe(200);
    expectErrorBody(await server.request('GET', '/api/v1/measurements/all', { token: cashier.token }), 401);
  });

  it('S5: revokes access of an employee deleted elsewhere (another service process) once the principal cache (≤ 5 s) lapses', async () => {
    const cashier = await cashierToken(server, shop);
    expect((await server.request('GET', '/api/v1/measurements/all', { token: cashier.token })).status).toBe(200);
    await server.database.db.updateTable('employees').set({ is_deleted: 1 }).where('business_id', '=', shop.businessId).where('id', '=', cashier.id).execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6_000);
    expectErrorBody(await server.request('GET', '/api/v1/measurements/all', { token: cashier.token }), 401);
  });

  it('writes an audit entry with every change', async () => {
    const created = await createEmployee(shop, { full_name: 'Audited' });
    await server.request('PATCH', `${BASE}/update/${created.body.id}`, { token: shop.token, body: { full_name: 'Audited 2' } });
    await server.request('DELETE', `${BASE}/delete/${created.body.id}`, { token: shop.token });
    const entries = await server.database.db
      .selectFrom('audit_log')
      .select(['action', 'user_id', 'details'])
      .where('business_id', '=', shop.businessId)
      .execute();
    const actions = entries
      .filter((entry) => entry.details?.includes(created.body.id) && entry.user_id === shop.userId)
      .map((entry) => entry.action);
    expect(actions.sort()).toEqual(['CREATE_EMPLOYEE', 'DELETE_EMPLOYEE', 'UPDATE_EMPLOYEE']);
  });
});
