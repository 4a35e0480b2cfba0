import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../shared/ids.js';
import { hashSecret, PIN_COST } from '../../app/security/secret-hash.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { insertPoint, insertWorkplace } from '../helpers/fixtures.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';

const LOGIN = '/api/v1/auth/pos/login';
const WORKPLACES = '/api/v1/auth/pos/workplaces';

async function insertEmployee(server: TestServer, tenant: Tenant, pin: string, options: { workplaceId?: string | null; name?: string; deleted?: boolean } = {}) {
  const now = new Date().toISOString();
  const id = uuidv7();
  await server.database.db
    .insertInto('employees')
    .values({
      business_id: tenant.businessId,
      id,
      full_name: options.name ?? `Cashier ${pin}`,
      guid: null,
      role_id: '0',
      pin_hash: await hashSecret(pin, PIN_COST),
      employee_address: null,
      workplace_id: options.workplaceId ?? null,
      telegram_id: null,
      phone_number: '+998900000000',
      notes: null,
      email: null,
      is_deleted: options.deleted ? 1 : 0,
      dt_created: now,
      dt_updated: now,
    })
    .execute();
  return id;
}

describe.each(await testEngines())('POS login on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let other: Tenant;
  let pointId: string;

  const newWorkplace = () => insertWorkplace(server, shop, pointId, `Till ${Math.random().toString(36).slice(2, 6)}`);
  const pinLogin = (workplaceId: string, pincode: string, token = shop.token) => server.request('POST', LOGIN, { token, body: { workplaceId, pincode } });
  const workplaceRow = (id: string) => server.database.db.selectFrom('workplaces').select(['pin_failures', 'pin_locked_until']).where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'pos');
    other = await registerTenant(server, 'pos-other');
    pointId = await insertPoint(server, shop);
  });
  afterAll(() => server.close());

  it('logs an employee in with their PIN: a token scoped to the employee, workplace and point, and no PIN or hash', async () => {
    const workplaceId = await newWorkplace();
    const employeeId = await insertEmployee(server, shop, '1234', { workplaceId, name: 'Dilnoza' });
    const response = await pinLogin(workplaceId, '1234');
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ message: 'Login successful', workplaceId, automated_point_id: pointId, employee: { id: employeeId, full_name: 'Dilnoza', role: null } });
    expect(JSON.stringify(response.body)).not.toMatch(/pin_hash|password|scrypt/);
    const claims = await server.services.tokens.verify(response.body.pos_access_token);
    expect(claims).toMatchObject({ sub: employeeId, kind: 'employee', role: 'EMPLOYEE', businessId: shop.businessId, workplaceId, pointId });
    // A PIN is no password: the token carries no password-login time, so it proves no presence (docs/api/auth.md).
    expect(claims).not.toHaveProperty('auth_time');
    const profile = await server.request('GET', '/api/v1/auth/user/info', { token: response.body.pos_access_token });
    expect(profile.body).toMatchObject({ id: employeeId, role: 'EMPLOYEE', workplaceId, automated_point_id: pointId });
  });

  it('refuses a fresh PIN token the second-factor settings and password changes, with or without a password', async () => {
    const workplaceId = await newWorkplace();
    await insertEmployee(server, shop, '4321', { workplaceId });
    const token = (await pinLogin(workplaceId, '4321')).body.pos_access_token as string;
    const base = '/api/v1/auth/user/second-verification';
    expectErrorBody(await server.request('PATCH', `${base}/enable`, { token, body: { password: 'second-1234' } }), 403);
    expectErrorBody(await server.request('PATCH', `${base}/disable`, { token }), 403);
    expectErrorBody(await server.request('PATCH', `${base}/update-password`, { token, body: { password: 'second-1234', current_password: 'correct horse battery' } }), 403);
    expectErrorBody(await server.request('PATCH', `/api/v1/auth/user/${shop.userId}`, { token, body: { password: 'hijacked-1' } }), 403);
  });

  it('lets an employee with no workplace log in anywhere, but not one of another workplace or a deleted one', async () => {
    const here = await newWorkplace();
    const there = await newWorkplace();
    await insertEmployee(server, shop, '2468');
    await insertEmployee(server, shop, '1357', { workplaceId: there });
    await insertEmployee(server, shop, '9753', { workplaceId: here, deleted: true });
    expect((await pinLogin(here, '2468')).status).toBe(201);
    expectErrorBody(await pinLogin(here, '1357'), 401, 'Invalid pincode');
    expectErrorBody(await pinLogin(here, '9753'), 401, 'Invalid pincode');
  });

  it('refuses with 409 rather than guess when two employees who may log in here share the PIN', async () => {
    const workplaceId = await newWorkplace();
    await insertEmployee(server, shop, '4321', { workplaceId });
    await insertEmployee(server, shop, '4321');
    const response = await pinLogin(workplaceId, '4321');
    expectErrorBody(response, 409);
    expect(response.body).not.toHaveProperty('pos_access_token');
  });

  it('locks PIN login at the workplace after five wrong PINs, answering 429 with the seconds to wait, even for the right PIN (S4)', async () => {
    const workplaceId = await newWorkplace();
    await insertEmployee(server, shop, '8642', { workplaceId });
    for (let attempt = 1; attempt <= 4; attempt += 1) expectErrorBody(await pinLogin(workplaceId, '0000'), 401, 'Invalid pincode');
    expect(Number((await workplaceRow(workplaceId)).pin_failures)).toBe(4);
    expectErrorBody(await pinLogin(workplaceId, '0001'), 401, 'Invalid pincode');
    const locked = await pinLogin(workplaceId, '8642');
    expectErrorBody(locked, 429, /try again in \d+ seconds/);
    expect(locked.body.detail.retryAfterSeconds).toBeGreaterThan(0);
    expect(locked.body.detail.retryAfterSeconds).toBeLessThanOrEqual(30);
    const row = await workplaceRow(workplaceId);
    expect(Number(row.pin_failures)).toBe(5);
    expect(Date.parse(String(row.pin_locked_until))).toBeGreaterThan(Date.now());
  });

  it('counts parallel guesses so they cannot get around the lock', async () => {
    const workplaceId = await newWorkplace();
    await insertEmployee(server, shop, '7531', { workplaceId });
    const results = await Promise.all(Array.from({ length: 12 }, (_v, i) => pinLogin(workplaceId, String(1000 + i))));
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('doubles the lock with each further failure once it has expired, and a success resets the count', async () => {
    const workplaceId = await newWorkplace();
    await insertEmployee(server, shop, '1470', { workplaceId });
    const past = new Date(Date.now() - 1000).toISOString();
    await server.database.db.updateTable('workplaces').set({ pin_failures: 5, pin_locked_until: past }).where('id', '=', workplaceId).execute();
    expectErrorBody(await pinLogin(workplaceId, '0000'), 401);
    const locked = await pinLogin(workplaceId, '1470');
    expectErrorBody(locked, 429);
    expect(locked.body.detail.retryAfterSeconds).toBeGreaterThan(30);
    expect(locked.body.detail.retryAfterSeconds).toBeLessThanOrEqual(60);
    await server.database.db.updateTable('workplaces').set({ pin_locked_until: past }).where('id', '=', workplaceId).execute();
    expect((await pinLogin(workplaceId, '1470')).status).toBe(201);
    const row = await workplaceRow(workplaceId);
    expect(Number(row.pin_failures)).toBe(0);
    expect(row.pin_locked_until).toBeNull();
  });

  it('answers 404 for an unknown, deleted or other business’s workplace', async () => {
    const foreignPoint = await insertPoint(server, other);
    const foreign = await insertWorkplace(server, other, foreignPoint);
    await insertEmployee(server, other, '5555', { workplaceId: foreign });
    expectErrorBody(await pinLogin(foreign, '5555'), 404, 'Workplace not found');
    expectErrorBody(await pinLogin('no-such-workplace', '5555'), 404, 'Workplace not found');
    expect(Number((await workplaceRow(foreign)).pin_failures)).toBe(0);
  });

  it('refuses PIN login to a cashier token (no minting tokens for colleagues, S4) and without a token', async () => {
    const workplaceId = await newWorkplace();
    await insertEmployee(server, shop, '3690', { workplaceId });
    const cashier = await cashierToken(server, shop, { workplaceId, pointId });
    expectErrorBody(await pinLogin(workplaceId, '3690', cashier.token), 403);
    await expectAuthRequired(server, 'POST', LOGIN, { workplaceId, pincode: '3690' });
  });

  it('validates the PIN login body', async () => {
    expectValidation(await server.request('POST', LOGIN, { token: shop.token, body: { pincode: 1234 } }), 'workplaceId is required', 'pincode must be a string');
    await expectStrictBody(server, 'POST', LOGIN, shop.token, { workplaceId: 'x', pincode: '1234' });
  });

  it('records successful and failed PIN logins in the audit log without the PIN', async () => {
    const workplaceId = await newWorkplace();
    await insertEmployee(server, shop, '2580', { workplaceId });
    await pinLogin(workplaceId, '0852');
    await pinLogin(workplaceId, '2580');
    const entries = await server.database.db.selectFrom('audit_log').select(['type', 'action', 'details']).where('business_id', '=', shop.businessId).where('type', '=', 'AUTH').execute();
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['Employee PIN login failed', 'Employee PIN login successful']));
    expect(JSON.stringify(entries)).not.toMatch(/0852|2580|scrypt/);
  });

  it('lists live workplaces with their live employees’ public fields, never a PIN or hash (S3)', async () => {
    const workplaceId = await newWorkplace();
    const liveId = await insertEmployee(server, shop, '1111', { workplaceId, name: 'Live' });
    const goneId = await insertEmployee(server, shop, '2222', { workplaceId, name: 'Gone', deleted: true });
    const cashier = await cashierToken(server, shop, { workplaceId, pointId });
    for (const token of [shop.token, cashier.token]) {
      const response = await server.request('GET', WORKPLACES, { token });
      expect(response.status).toBe(200);
      const workplace = response.body.find((entry: { id: string }) => entry.id === workplaceId);
      expect(workplace).toMatchObject({ automated_point_id: pointId, is_deleted: false });
      const ids = workplace.employees.map((employee: { id: string }) => employee.id);
      expect(ids).toEqual(expect.arrayContaining([liveId, cashier.id]));
      expect(ids).not.toContain(goneId);
      expect(JSON.stringify(response.body)).not.toMatch(/pin_hash|password|scrypt|pin_failures|pin_locked/);
      expect(JSON.stringify(response.body)).not.toContain(other.businessId);
    }
    await expectAuthRequired(server, 'GET', WORKPLACES);
  });
});
