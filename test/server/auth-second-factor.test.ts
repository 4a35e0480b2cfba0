import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken, userTokenLoggedInAt } from '../helpers/actors.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';

const PASSWORD = 'correct horse battery';
const SECOND = 'second-1234';
const BASE = '/api/v1/auth/user/second-verification';
const VERIFY = '/api/v1/auth/second-verification/verify';
const SECRET_KEYS = /password|hash|pin/i;

describe.each(await testEngines())('second verification on %s', (engine) => {
  let server: TestServer;

  const login = (tenant: Tenant, password = PASSWORD) => server.request('POST', '/api/v1/auth/login', { body: { login: tenant.login, password } });
  const verify = (tenant: Tenant, password = SECOND) => server.request('POST', VERIFY, { body: { login: tenant.login, password } });
  const enable = (tenant: Tenant, body: Record<string, unknown> = { password: SECOND, current_password: PASSWORD }) => server.request('PATCH', `${BASE}/enable`, { token: tenant.token, body });
  const stored = (tenant: Tenant) => server.database.db.selectFrom('users').selectAll().where('id', '=', tenant.userId).executeTakeFirstOrThrow();

  async function enabledTenant() {
    const tenant = await registerTenant(server, 'twofa');
    const response = await enable(tenant);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return tenant;
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('enables the check with the current password, storing only a salted hash and answering {id, login, second_verification}', async () => {
    const tenant = await registerTenant(server, 'enable');
    const response = await enable(tenant);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: tenant.userId, login: tenant.login, second_verification: true });
    const row = await stored(tenant);
    expect(Number(row.second_verification)).toBe(1);
    expect(row.second_verification_hash).toMatch(/^scrypt\$/);
  });

  it('refuses to enable, change or disable with a wrong current password, changing nothing (S7)', async () => {
    const tenant = await registerTenant(server, 'guarded');
    expectErrorBody(await enable(tenant, { password: SECOND, current_password: 'wrong-password' }), 400, 'current_password is incorrect');
    expect(Number((await stored(tenant)).second_verification)).toBe(0);
    await enable(tenant);
    const before = await stored(tenant);
    expectErrorBody(await server.request('PATCH', `${BASE}/update-password`, { token: tenant.token, body: { password: 'other-9876', current_password: 'wrong-password' } }), 400, 'current_password is incorrect');
    expectErrorBody(await server.request('PATCH', `${BASE}/disable`, { token: tenant.token, body: { current_password: 'wrong-password' } }), 400, 'current_password is incorrect');
    const after = await stored(tenant);
    expect(after.second_verification_hash).toBe(before.second_verification_hash);
    expect(Number(after.second_verification)).toBe(1);
  });

  it("accepts the reference's bodies (no current_password; disable with no body at all) from a password login of the last 10 minutes", async () => {
    const tenant = await registerTenant(server, 'refbodies');
    expect((await enable(tenant, { password: SECOND })).status).toBe(200);
    expect(Number((await stored(tenant)).second_verification)).toBe(1);
    const nineMinutes = await userTokenLoggedInAt(server, tenant, 9);
    const updated = await server.request('PATCH', `${BASE}/update-password`, { token: nineMinutes, body: { password: 'newer-5678' } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    await login(tenant);
    expect((await verify(tenant, 'newer-5678')).status).toBe(201);
    const disabled = await server.request('PATCH', `${BASE}/disable`, { token: tenant.token });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body).toEqual({ id: tenant.userId, login: tenant.login, second_verification: false });
  });

  it('without current_password, refuses a token whose password login is older than 10 minutes (or unknown) with a 401 that says to sign in again, changing nothing', async () => {
    const tenant = await registerTenant(server, 'stale');
    for (const token of [await userTokenLoggedInAt(server, tenant, 11), await userTokenLoggedInAt(server, tenant, null), await userTokenLoggedInAt(server, tenant, -30)]) {
      expectErrorBody(await server.request('PATCH', `${BASE}/enable`, { token, body: { password: SECOND } }), 401, 'Sign in again');
    }
    expect(Number((await stored(tenant)).second_verification)).toBe(0);
    await enable(tenant);
    const before = await stored(tenant);
    const old = await userTokenLoggedInAt(server, tenant, 11);
    expectErrorBody(await server.request('PATCH', `${BASE}/update-password`, { token: old, body: { password: 'other-9876' } }), 401, 'Sign in again');
    expectErrorBody(await server.request('PATCH', `${BASE}/disable`, { token: old }), 401, 'Sign in again');
    expectErrorBody(await server.request('PATCH', `${BASE}/disable`, { token: old, body: {} }), 401, 'Sign in again');
    const after = await stored(tenant);
    expect(after.second_verification_hash).toBe(before.second_verification_hash);
    expect(Number(after.second_verification)).toBe(1);
  });

  it('accepts the right current password even from a token whose password login is old', async () => {
    const tenant = await registerTenant(server, 'oldbutproven');
    const old = await userTokenLoggedInAt(server, tenant, 60 * 24);
    expect((await server.request('PATCH', `${BASE}/enable`, { token: old, body: { password: SECOND, current_password: PASSWORD } })).status).toBe(200);
    expect((await server.request('PATCH', `${BASE}/update-password`, { token: old, body: { password: 'newer-5678', current_password: PASSWORD } })).status).toBe(200);
    expect((await server.request('PATCH', `${BASE}/disable`, { token: old, body: { current_password: PASSWORD } })).status).toBe(200);
    expect(Number((await stored(tenant)).second_verification)).toBe(0);
  });

  it('puts the password-login time in the tokens of a password login and of a completed second verification, never in a PIN token', async () => {
    const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    // Bounds taken around each login, not a tolerance: a slow machine may take seconds over the password hashes.
    const seconds = () => Math.floor(Date.now() / 1000);
    const beforeRegistering = seconds();
    const tenant = await registerTenant(server, 'authtime');
    const afterRegistering = seconds();
    expect(Number(claims(tenant.token).auth_time)).toBeGreaterThanOrEqual(beforeRegistering);
    expect(Number(claims(tenant.token).auth_time)).toBeLessThanOrEqual(afterRegistering);
    await enable(tenant);
    const beforeLogin = seconds();
    await login(tenant);
    const verified = await verify(tenant);
    const afterVerifying = seconds();
    expect(Number(claims(verified.body.access_token).auth_time)).toBeGreaterThanOrEqual(beforeLogin);
    expect(Number(claims(verified.body.access_token).auth_time)).toBeLessThanOrEqual(afterVerifying);
    const cashier = await cashierToken(server, tenant);
    expect(claims(cashier.token)).not.toHaveProperty('auth_time');
  });

  it('refuses a second password equal to the login password', async () => {
    const tenant = await registerTenant(server, 'same');
    expectErrorBody(await enable(tenant, { password: PASSWORD, current_password: PASSWORD }), 400, 'must differ');
    expect(Number((await stored(tenant)).second_verification)).toBe(0);
  });

  it('answers the password login without a token but with second_verification_required once enabled (S7)', async () => {
    const tenant = await enabledTenant();
    const response = await login(tenant);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ id: tenant.userId, second_verification: true, second_verification_required: true });
    expect(response.body).not.toHaveProperty('access_token');
    expect(JSON.stringify(Object.keys(response.body))).not.toMatch(SECRET_KEYS);
    expectErrorBody(await login(tenant, 'wrong-password'), 401, 'Invalid credentials');
  });

  it('completes a pending login with the second password, once only', async () => {
    const tenant = await enabledTenant();
    await login(tenant);
    const response = await verify(tenant);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ id: tenant.userId, login: tenant.login });
    expect(JSON.stringify(Object.keys(response.body))).not.toMatch(SECRET_KEYS);
    const profile = await server.request('GET', '/api/v1/auth/user/info', { token: response.body.access_token });
    expect(profile.status).toBe(200);
    expect(JSON.stringify(profile.body)).not.toMatch(/scrypt|second_verification_hash|password/);
    expectErrorBody(await verify(tenant), 401, 'No pending login');
  });

  it('refuses verify without a pending login, after it expired, and for an unknown login (S7)', async () => {
    const tenant = await enabledTenant();
    expectErrorBody(await verify(tenant), 401, 'No pending login');
    await login(tenant);
    await server.database.db.updateTable('pending_logins').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', tenant.userId).execute();
    expectErrorBody(await verify(tenant), 401, 'No pending login');
    expectErrorBody(await server.request('POST', VERIFY, { body: { login: 'nobody-at-all', password: SECOND } }), 401, 'No pending login');
  });

  it('allows five wrong second passwords per pending login, then requires the password login again', async () => {
    const tenant = await enabledTenant();
    await login(tenant);
    for (let attempt = 1; attempt <= 5; attempt += 1) expectErrorBody(await verify(tenant, 'wrong-second'), 401, "Parol noto'g'ri");
    expectErrorBody(await verify(tenant), 401, 'No pending login');
    await login(tenant);
    expect((await verify(tenant)).status).toBe(201);
  });

  it('disables the check with the current password: the password login gives a token again', async () => {
    const tenant = await enabledTenant();
    await login(tenant);
    const response = await server.request('PATCH', `${BASE}/disable`, { token: tenant.token, body: { current_password: PASSWORD } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: tenant.userId, login: tenant.login, second_verification: false });
    expect((await stored(tenant)).second_verification_hash).toBeNull();
    expectErrorBody(await verify(tenant), 401, 'No pending login');
    expect(typeof (await login(tenant)).body.access_token).toBe('string');
  });

  it('replaces the second password without turning the check on, as the reference', async () => {
    const tenant = await enabledTenant();
    const response = await server.request('PATCH', `${BASE}/update-password`, { token: tenant.token, body: { password: 'newer-5678', current_password: PASSWORD } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: tenant.userId, login: tenant.login, second_verification: true });
    await login(tenant);
    expectErrorBody(await verify(tenant), 401, "Parol noto'g'ri");
    expect((await verify(tenant, 'newer-5678')).status).toBe(201);
  });

  it('B3: refuses the second-verification settings to a cashier (403) and without a token (401)', async () => {
    const tenant = await registerTenant(server, 'cashier2fa');
    const cashier = await cashierToken(server, tenant);
    expectErrorBody(await server.request('PATCH', `${BASE}/enable`, { token: cashier.token, body: { password: SECOND, current_password: PASSWORD } }), 403);
    expectErrorBody(await server.request('PATCH', `${BASE}/enable`, { token: cashier.token, body: { password: SECOND } }), 403);
    expectErrorBody(await server.request('PATCH', `${BASE}/disable`, { token: cashier.token }), 403);
    expectErrorBody(await server.request('PATCH', `${BASE}/update-password`, { token: cashier.token, body: { password: SECOND } }), 403);
    await expectAuthRequired(server, 'PATCH', `${BASE}/enable`, { password: SECOND, current_password: PASSWORD });
    await expectAuthRequired(server, 'PATCH', `${BASE}/disable`, { current_password: PASSWORD });
    await expectAuthRequired(server, 'PATCH', `${BASE}/update-password`, { password: SECOND, current_password: PASSWORD });
  });

  it('validates the bodies', async () => {
    const tenant = await registerTenant(server, 'valid2fa');
    expectValidation(await enable(tenant, { password: '123', current_password: PASSWORD }), 'password must be at least 4 characters');
    await expectStrictBody(server, 'PATCH', `${BASE}/enable`, tenant.token, { password: SECOND, current_password: PASSWORD });
    expectValidation(await server.request('POST', VERIFY, { body: { login: tenant.login } }), 'password is required');
    await expectStrictBody(server, 'POST', VERIFY, tenant.token, { login: tenant.login, password: SECOND });
  });
});
