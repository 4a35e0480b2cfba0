import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { loadConfig, ConfigError } from '../../server/config.js';
import { sameSecret } from '../../server/platform/admin.js';

const ADMIN = { adminLogin: 'platform-root', adminPassword: 'a-long-admin-password' };

describe('admin configuration', () => {
  it('has no default credentials and refuses a short admin password in production', () => {
    const base = { DATA_DIR: '/tmp/kassa-admin-config-test', JWT_SECRET: 'x'.repeat(40) };
    const none = loadConfig(base);
    expect(none.adminLogin).toBeUndefined();
    expect(none.adminPassword).toBeUndefined();
    expect(loadConfig({ ...base, ADMIN_LOGIN: 'root', ADMIN_PASSWORD: 'long-enough-pass' })).toMatchObject({ adminLogin: 'root', adminPassword: 'long-enough-pass' });
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', ADMIN_LOGIN: 'root', ADMIN_PASSWORD: 'short' })).toThrow(ConfigError);
    expect(loadConfig({ ...base, NODE_ENV: 'production', ADMIN_LOGIN: 'root', ADMIN_PASSWORD: 'twelve-chars' }).adminLogin).toBe('root');
  });

  it('compares secrets by keyed digest, so inputs of any length compare without throwing (S16)', () => {
    expect(sameSecret('secret', 'secret')).toBe(true);
    expect(sameSecret('secret', 'secreT')).toBe(false);
    expect(sameSecret('', 'a-much-longer-secret-value')).toBe(false);
  });
});

describe.each(await testEngines())('the platform administrator on %s', (engine) => {
  let server: TestServer;
  let bare: TestServer;
  let shop: Tenant;
  let adminToken: string;

  const adminLogin = (target: TestServer, body: unknown) => target.request('POST', '/api/v1/admin/login', { body });

  beforeAll(async () => {
    server = await startTestServer(engine, ADMIN);
    bare = await startTestServer(engine);
    shop = await registerTenant(server, 'listed');
    const response = await adminLogin(server, { login: ADMIN.adminLogin, password: ADMIN.adminPassword });
    expect(response.status).toBe(201);
    adminToken = response.body.access_token;
  });
  afterAll(async () => {
    await server.close();
    await bare.close();
  });

  it('logs the administrator in with the configured credentials and answers the reference shape', async () => {
    const response = await adminLogin(server, { login: ADMIN.adminLogin, password: ADMIN.adminPassword });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(['access_token', 'message']);
    expect(response.body.message).toBe('Admin login successful');
  });

  it('answers 401 Admin login failed for a wrong login or password, and always when none is configured (S16)', async () => {
    expectErrorBody(await adminLogin(server, { login: ADMIN.adminLogin, password: 'wrong' }), 401, 'Admin login failed');
    expectErrorBody(await adminLogin(server, { login: 'someone', password: ADMIN.adminPassword }), 401, 'Admin login failed');
    for (const guess of [{ login: 'admin', password: 'admin' }, { login: 'x', password: 'x' }]) {
      expectErrorBody(await adminLogin(bare, guess), 401, 'Admin login failed');
    }
  });

  it('validates the admin login body', async () => {
    expectValidation(await adminLogin(server, { login: '' }), 'login should not be empty', 'password is required');
    await expectStrictBody(server, 'POST', '/api/v1/admin/login', adminToken, { login: 'a', password: 'b' });
  });

  it('B4: lists registered businesses newest first with their owner, never a hash', async () => {
    const newer = await registerTenant(server, 'newer');
    const response = await server.request('GET', '/api/v1/admin/registered-businesses', { token: adminToken });
    expect(response.status).toBe(200);
    const ids = response.body.map((business: { id: string }) => business.id);
    expect(ids.indexOf(newer.businessId)).toBeLessThan(ids.indexOf(shop.businessId));
    const listed = response.body.find((business: { id: string }) => business.id === shop.businessId);
    expect(listed).toMatchObject({ name: 'listed business', is_deleted: false, owner: { id: shop.userId, login: shop.login, role: 'OWNER', email: null } });
    expect(JSON.stringify(response.body)).not.toMatch(/scrypt|password|hash/);
  });

  it('lists every live user with the reference fields only', async () => {
    const response = await server.request('GET', '/api/v1/admin/users-list', { token: adminToken });
    expect(response.status).toBe(200);
    const user = response.body.find((entry: { id: string }) => entry.id === shop.userId);
    expect(Object.keys(user).sort()).toEqual(['business_id', 'dt_created', 'full_name', 'id', 'language', 'login', 'public_name', 'role', 'time_zone']);
  });

  it('refuses tenant tokens (owner and cashier) on admin operations', async () => {
    const cashier = await cashierToken(server, shop);
    for (const token of [shop.token, cashier.token]) {
      expectErrorBody(await server.request('GET', '/api/v1/admin/registered-businesses', { token }), 401);
      expectErrorBody(await server.request('GET', '/api/v1/admin/users-list', { token }), 401);
    }
    await expectAuthRequired(server, 'GET', '/api/v1/admin/users-list');
  });

  it('refuses the admin token on tenant operations, user management included', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/v1/auth/user/info', undefined],
      ['GET', '/api/v1/warehouses/all', undefined],
      ['POST', '/api/v1/auth/user', { login: 'by-admin-token', password: 'secret-12', business_id: shop.businessId }],
      ['PATCH', `/api/v1/auth/user/${shop.userId}`, { password: 'hijacked-1' }],
      ['GET', '/api/v1/auth/pos/workplaces', undefined],
    ] as const) {
      const response = await server.request(method, url, { token: adminToken, body });
      expect([401, 403]).toContain(response.status);
    }
    expect(await server.database.db.selectFrom('users').select('id').where('login', '=', 'by-admin-token').executeTakeFirst()).toBeUndefined();
    expect((await server.request('POST', '/api/v1/auth/login', { body: { login: shop.login, password: 'correct horse battery' } })).status).toBe(201);
  });

  it('gives no admin access to a user whose stored role says SUPERADMIN (S2)', async () => {
    const tenant = await registerTenant(server, 'tampered');
    await server.database.db.updateTable('users').set({ role: 'SUPERADMIN' }).where('id', '=', tenant.userId).execute();
    server.services.principals.forget(tenant.businessId, tenant.userId);
    expectErrorBody(await server.request('GET', '/api/v1/admin/users-list', { token: tenant.token }), 401);
    expectErrorBody(await server.request('GET', '/api/v1/auth/user/info', { token: tenant.token }), 401);
  });
});
