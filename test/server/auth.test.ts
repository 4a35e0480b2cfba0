import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { testEngines } from '../helpers/databases.js';
import { TEST_CONFIG, registerTenant, startTestServer, type TestServer } from '../helpers/server.js';
import { expectErrorBody, expectValidation } from '../helpers/checks.js';
import { ADMIN_AUDIENCE, ISSUER, TENANT_AUDIENCE } from '../../server/auth/tokens.js';

const register = (server: TestServer, login: string, password = 'secret-123') =>
  server.request('POST', '/api/v1/auth/register', { body: { login, password, businessName: 'Cafe', name: 'Owner', phoneNumber: '+998901234567' } });

const SECRET_PATTERN = /password|hash|pin/i;

describe.each(await testEngines())('auth on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('registers a business and its owner together and answers 201', async () => {
    const response = await register(server, 'cafe-one');
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ message: 'Registration successful' });
    const user = await server.database.db.selectFrom('users').selectAll().where('id', '=', response.body.userId).executeTakeFirstOrThrow();
    expect(user.business_id).toBe(response.body.businessId);
    expect(user.role).toBe('OWNER');
    expect(user.password_hash).toMatch(/^scrypt\$/);
    expect(user.password_hash).not.toContain('secret-123');
  });

  it('S1, D10: refuses a login that differs only in case or width, and leaves no orphan business', async () => {
    await register(server, 'Shop1');
    const before = await server.database.db.selectFrom('businesses').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    for (const lookAlike of ['shop1', 'SHOP1', 'ＳＨＯＰ１']) {
      expectErrorBody(await register(server, lookAlike), 400, 'User already exists');
    }
    const after = await server.database.db.selectFrom('businesses').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(BigInt(after.n)).toBe(BigInt(before.n));
  });

  it('refuses look-alike logins: zero-width, control, private-use and bidi characters are a 400 naming login, and nothing is created', async () => {
    expect((await register(server, 'Lookalike')).status).toBe(201);
    const count = async () => BigInt((await server.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const sneaky of ['Lookalike\u200b', '\u200bLookalike', 'Look\u200dalike', 'Lookalike\ufeff', 'Look\u0007alike', 'Look\u0000alike', 'Look\ue000alike', '\u202eekilakooL', 'Look\u2066alike', 'Look\u200falike', 'Lookalike\u00ad']) {
      expectValidation(await register(server, sneaky), /^login must not contain (zero-width, control, private-use or bidirectional characters|NUL characters)$/);
    }
    expect(await count()).toBe(before);
  });

  it('normalises logins: trimmed and NFKC-stored, unique after case folding (ß and ss are one)', async () => {
    const created = await register(server, '  Trimmed-Login  ');
    expect(created.status).toBe(201);
    const stored = await server.database.db.selectFrom('users').select(['login', 'login_key']).where('id', '=', created.body.userId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ login: 'Trimmed-Login', login_key: 'trimmed-login' });
    expectErrorBody(await register(server, 'trimmed-login'), 400, 'User already exists');
    expect((await server.request('POST', '/api/v1/auth/login', { body: { login: ' TRIMMED-LOGIN ', password: 'secret-123' } })).status).toBe(201);
    expect((await register(server, 'Straße-Shop')).status).toBe(201);
    for (const lookAlike of ['STRASSE-SHOP', 'strasse-shop', 'STRAẞE-SHOP']) expectErrorBody(await register(server, lookAlike), 400, 'User already exists');
    expect((await server.request('POST', '/api/v1/auth/login', { body: { login: 'STRASSE-SHOP', password: 'secret-123' } })).status).toBe(201);
    expectValidation(await register(server, '   '), 'login should not be empty');
  });

  it('refuses hidden characters in the owner’s and the business’s names with a 400 naming the field', async () => {
    const body = (fields: Record<string, string>) => ({ login: `named-${Math.random().toString(36).slice(2, 8)}`, password: 'secret-123', businessName: 'Cafe', name: 'Owner', ...fields });
    expectValidation(await server.request('POST', '/api/v1/auth/register', { body: body({ name: 'Own\u200ber' }) }), 'name must not contain zero-width, control, private-use or bidirectional characters');
    expectValidation(await server.request('POST', '/api/v1/auth/register', { body: body({ businessName: 'Cafe\ue001' }) }), 'businessName must not contain zero-width');
    expectValidation(await server.request('POST', '/api/v1/auth/register', { body: body({ businessName: '\u202eefaC' }) }), 'businessName must not contain');
    expectValidation(await server.request('POST', '/api/v1/auth/register', { body: body({ name: 'Line\nbreak' }) }), 'name must not contain');
    // Ordinary names in any script are fine.
    expect((await server.request('POST', '/api/v1/auth/register', { body: body({ name: 'Oʻlmas Дилноза', businessName: 'Choyxona «Ipak yoʻli»' }) })).status).toBe(201);
  });

  it('lets exactly one of two racing registrations of the same login win', async () => {
    const results = await Promise.all([register(server, 'racer'), register(server, 'RACER')]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    const users = await server.database.db.selectFrom('users').select('business_id').where('login_key', '=', 'racer').execute();
    expect(users).toHaveLength(1);
  });

  it('validates the registration body field by field', async () => {
    expectValidation(
      await server.request('POST', '/api/v1/auth/register', { body: { login: '', password: '123', name: 'x' } }),
      'login should not be empty',
      'password must be at least 6 characters',
      'businessName is required',
    );
    expectValidation(await server.request('POST', '/api/v1/auth/register', { body: { login: 'a', password: 'secret-1', businessName: 'b', name: 'c', role: 'SUPERADMIN' } }), 'property role should not exist');
  });

  it('S6: logs in with any case of the login and answers 201 with the user and a token, never a hash', async () => {
    await register(server, 'Baker');
    const response = await server.request('POST', '/api/v1/auth/login', { body: { login: 'baker', password: 'secret-123' } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ login: 'Baker', role: 'OWNER', is_deleted: false });
    expect(typeof response.body.access_token).toBe('string');
    const { access_token: _token, ...rest } = response.body;
    expect(JSON.stringify(Object.keys(rest))).not.toMatch(SECRET_PATTERN);
    const profile = await server.request('GET', '/api/v1/auth/user/info', { token: response.body.access_token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ login: 'Baker', role: 'OWNER' });
    expect(JSON.stringify(Object.keys(profile.body))).not.toMatch(SECRET_PATTERN);
  });

  it('answers 401 Invalid credentials for a wrong password or an unknown login', async () => {
    await register(server, 'grocer');
    expectErrorBody(await server.request('POST', '/api/v1/auth/login', { body: { login: 'grocer', password: 'wrong-pass' } }), 401, 'Invalid credentials');
    expectErrorBody(await server.request('POST', '/api/v1/auth/login', { body: { login: 'nobody-here', password: 'secret-123' } }), 401, 'Invalid credentials');
  });

  it('S5, S8: refuses expired tokens, other algorithms, other audiences and tokens of deleted users', async () => {
    const tenant = await registerTenant(server, 'tokens');
    const key = new TextEncoder().encode(TEST_CONFIG.jwtSecret);
    const claims = { kind: 'user', role: 'OWNER', businessId: tenant.businessId };
    const build = (alg: string, audience: string, expires: number) =>
      new SignJWT(claims).setProtectedHeader({ alg }).setSubject(tenant.userId).setIssuer(ISSUER).setAudience(audience).setIssuedAt().setExpirationTime(expires).sign(key);
    const now = Math.floor(Date.now() / 1000);
    expect((await server.request('GET', '/api/v1/auth/user/info', { token: await build('HS256', TENANT_AUDIENCE, now + 60) })).status).toBe(200);
    for (const token of [
      await build('HS256', TENANT_AUDIENCE, now - 60),
      await build('HS512', TENANT_AUDIENCE, now + 60),
      await build('HS256', ADMIN_AUDIENCE, now + 60),
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, sub: tenant.userId, iss: ISSUER, aud: TENANT_AUDIENCE })).toString('base64url')}.`,
    ]) {
      expectErrorBody(await server.request('GET', '/api/v1/auth/user/info', { token }), 401, 'Unauthorized');
    }
    await server.database.db.updateTable('users').set({ is_deleted: 1 }).where('id', '=', tenant.userId).execute();
    server.services.principals.forget(tenant.businessId, tenant.userId);
    expectErrorBody(await server.request('GET', '/api/v1/warehouses/all', { token: tenant.token }), 401);
  });

  it('records logins and registrations in the business’s audit log without secrets', async () => {
    const tenant = await registerTenant(server, 'audited');
    const entries = await server.database.db.selectFrom('audit_log').selectAll().where('business_id', '=', tenant.businessId).execute();
    expect(entries.map((entry) => entry.type)).toEqual(expect.arrayContaining(['AUTH']));
    expect(JSON.stringify(entries.map((entry) => entry.details))).not.toMatch(/scrypt|correct horse/);
  });
});
