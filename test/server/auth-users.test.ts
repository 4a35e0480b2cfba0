import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken, userTokenLoggedInAt } from '../helpers/actors.js';
import { expectAuthRequired, expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';

const USERS = '/api/v1/auth/user';
const SECRET_KEYS = /password|hash|pin/i;
let counter = 0;
const uniqueLogin = (name: string) => `${name}-${process.pid}-${(counter += 1)}-${Math.random().toString(36).slice(2, 7)}`;

describe.each(await testEngines())('business users on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let other: Tenant;

  const stored = (id: string) => server.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  const create = (token: string, body: Record<string, unknown>) => server.request('POST', USERS, { token, body });
  const loginAs = async (login: string, password = 'admin-pass-1') => {
    const response = await server.request('POST', '/api/v1/auth/login', { body: { login, password } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.access_token as string;
  };
  async function adminOf(tenant: Tenant) {
    const login = uniqueLogin('admin');
    const response = await create(tenant.token, { login, password: 'admin-pass-1', role: 'ADMIN' });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return { id: response.body.id as string, token: await loginAs(login) };
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'users');
    other = await registerTenant(server, 'other');
  });
  afterAll(() => server.close());

  it('S6: lets an owner create a user of their own business, stored with a salted hash and answered without one', async () => {
    const login = uniqueLogin('clerk');
    const response = await create(shop.token, { login, password: 'clerk-pass-1', full_name: 'Clerk', role: 'ADMIN' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ login, full_name: 'Clerk', role: 'ADMIN', business_id: shop.businessId, second_verification: false, is_deleted: false });
    expect(JSON.stringify(Object.keys(response.body))).not.toMatch(SECRET_KEYS);
    const row = await stored(response.body.id);
    expect(row?.business_id).toBe(shop.businessId);
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect((await server.request('POST', '/api/v1/auth/login', { body: { login, password: 'clerk-pass-1' } })).status).toBe(201);
  });

  it('refuses a user in another business, whatever business_id the body names (S2)', async () => {
    const login = uniqueLogin('intruder');
    expectErrorBody(await create(shop.token, { login, password: 'secret-12', business_id: other.businessId }), 403);
    expect(await server.database.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirst()).toBeUndefined();
    const same = await create(shop.token, { login, password: 'secret-12', business_id: shop.businessId });
    expect(same.status).toBe(201);
  });

  it('refuses the SUPERADMIN and EMPLOYEE roles and any unknown role for a user (S2)', async () => {
    for (const role of ['SUPERADMIN', 'EMPLOYEE', 'root']) {
      const login = uniqueLogin('role');
      expectValidation(await create(shop.token, { login, password: 'secret-12', role }), 'role must be one of the following values: OWNER, ADMIN');
      expect(await server.database.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirst()).toBeUndefined();
    }
    const target = await adminOf(shop);
    expectValidation(await server.request('PATCH', `${USERS}/${target.id}`, { token: shop.token, body: { role: 'SUPERADMIN' } }), 'role must be one of');
    expect((await stored(target.id))?.role).toBe('ADMIN');
  });

  it('refuses every user operation to a cashier token with 403 and changes nothing (S2)', async () => {
    const cashier = await cashierToken(server, shop);
    const login = uniqueLogin('cashier-made');
    expectErrorBody(await create(cashier.token, { login, password: 'secret-12', role: 'OWNER' }), 403);
    expectErrorBody(await server.request('PATCH', `${USERS}/${shop.userId}`, { token: cashier.token, body: { password: 'hijacked-1' } }), 403);
    expectErrorBody(await server.request('DELETE', `${USERS}/${shop.userId}`, { token: cashier.token }), 403);
    expect(await server.database.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirst()).toBeUndefined();
    expect((await stored(shop.userId))?.is_deleted).toBeFalsy();
  });

  it('lets an admin manage admins but never grant, change or delete an owner', async () => {
    const admin = await adminOf(shop);
    const peer = await adminOf(shop);
    const made = await create(admin.token, { login: uniqueLogin('by-admin'), password: 'secret-12' });
    expect(made.status).toBe(201);
    expect(made.body.role).toBe('ADMIN');
    expectErrorBody(await create(admin.token, { login: uniqueLogin('owner-by-admin'), password: 'secret-12', role: 'OWNER' }), 403);
    expectErrorBody(await server.request('PATCH', `${USERS}/${admin.id}`, { token: admin.token, body: { role: 'OWNER' } }), 403);
    expect((await stored(admin.id))?.role).toBe('ADMIN');
    expectErrorBody(await server.request('PATCH', `${USERS}/${shop.userId}`, { token: admin.token, body: { password: 'hijacked-1' } }), 403);
    expectErrorBody(await server.request('DELETE', `${USERS}/${shop.userId}`, { token: admin.token }), 403);
    expect((await stored(shop.userId))?.is_deleted).toBeFalsy();
    const renamed = await server.request('PATCH', `${USERS}/${peer.id}`, { token: admin.token, body: { full_name: 'Peer' } });
    expect(renamed.status).toBe(200);
    expect((await stored(peer.id))?.full_name).toBe('Peer');
  });

  it('updates a user: a new password is re-hashed and works, and a role change takes effect at once', async () => {
    const target = await adminOf(shop);
    const login = uniqueLogin('renamed');
    const response = await server.request('PATCH', `${USERS}/${target.id}`, { token: shop.token, body: { login, password: 'new-pass-12', language: 'ru', time_zone: 'Europe/Moscow' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: target.id, login, language: 'ru', time_zone: 'Europe/Moscow' });
    expect(JSON.stringify(Object.keys(response.body))).not.toMatch(SECRET_KEYS);
    expect((await server.request('POST', '/api/v1/auth/login', { body: { login, password: 'new-pass-12' } })).status).toBe(201);
    expect((await server.request('POST', '/api/v1/auth/login', { body: { login, password: 'admin-pass-1' } })).status).toBe(401);
    const promoted = await server.request('PATCH', `${USERS}/${target.id}`, { token: shop.token, body: { role: 'OWNER' } });
    expect(promoted.body.role).toBe('OWNER');
    const profile = await server.request('GET', '/api/v1/auth/user/info', { token: target.token });
    expect(profile.body.role).toBe('OWNER');
  });

  it('changes one’s own password with the right current_password, even from an old login', async () => {
    const me = await registerTenant(server, 'selfpw');
    const old = await userTokenLoggedInAt(server, me, 60);
    const response = await server.request('PATCH', `${USERS}/${me.userId}`, { token: old, body: { password: 'brand-new-1', current_password: 'correct horse battery' } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(JSON.stringify(response.body)).not.toMatch(/current_password|brand-new-1/);
    expect((await server.request('POST', '/api/v1/auth/login', { body: { login: me.login, password: 'brand-new-1' } })).status).toBe(201);
  });

  it('refuses one’s own password change with a wrong current_password (400 naming it), changing nothing', async () => {
    const me = await registerTenant(server, 'selfpw-wrong');
    const before = await stored(me.userId);
    expectErrorBody(await server.request('PATCH', `${USERS}/${me.userId}`, { token: me.token, body: { password: 'brand-new-1', current_password: 'not-my-password' } }), 400, 'current_password is incorrect');
    expect((await stored(me.userId))?.password_hash).toBe(before?.password_hash);
  });

  it('changes one’s own password without current_password from a password login of the last 10 minutes', async () => {
    const me = await registerTenant(server, 'selfpw-fresh');
    const response = await server.request('PATCH', `${USERS}/${me.userId}`, { token: await userTokenLoggedInAt(server, me, 9), body: { password: 'brand-new-2' } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await server.request('POST', '/api/v1/auth/login', { body: { login: me.login, password: 'brand-new-2' } })).status).toBe(201);
  });

  it('refuses one’s own password change without current_password from an older login with a 401 that says to sign in again, changing nothing', async () => {
    const me = await registerTenant(server, 'selfpw-old');
    const before = await stored(me.userId);
    for (const token of [await userTokenLoggedInAt(server, me, 11), await userTokenLoggedInAt(server, me, null)]) {
      expectErrorBody(await server.request('PATCH', `${USERS}/${me.userId}`, { token, body: { password: 'brand-new-3' } }), 401, 'Sign in again');
    }
    expect((await stored(me.userId))?.password_hash).toBe(before?.password_hash);
    // Other changes to one's own account, and an owner setting another user's password, need no such proof.
    const old = await userTokenLoggedInAt(server, me, 11);
    expect((await server.request('PATCH', `${USERS}/${me.userId}`, { token: old, body: { full_name: 'Still Me' } })).status).toBe(200);
    const clerk = await create(me.token, { login: uniqueLogin('clerk-of-old'), password: 'clerk-pass-1', role: 'ADMIN' });
    expect((await server.request('PATCH', `${USERS}/${clerk.body.id}`, { token: old, body: { password: 'clerk-pass-2' } })).status).toBe(200);
  });

  it('refuses a login another user already has, in any case, and leaves the user unchanged', async () => {
    const target = await adminOf(shop);
    const before = await stored(target.id);
    expectErrorBody(await server.request('PATCH', `${USERS}/${target.id}`, { token: shop.token, body: { login: other.login.toUpperCase() } }), 400, 'User already exists');
    expectErrorBody(await create(shop.token, { login: other.login, password: 'secret-12' }), 400, 'User already exists');
    expect((await stored(target.id))?.login).toBe(before?.login);
  });

  it('soft-deletes a user, whose token stops working at once', async () => {
    const target = await adminOf(shop);
    const response = await server.request('DELETE', `${USERS}/${target.id}`, { token: shop.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: target.id, is_deleted: true });
    expect(JSON.stringify(Object.keys(response.body))).not.toMatch(SECRET_KEYS);
    expect((await stored(target.id))?.is_deleted).toBeTruthy();
    expectErrorBody(await server.request('GET', '/api/v1/auth/user/info', { token: target.token }), 401);
    expectErrorBody(await server.request('DELETE', `${USERS}/${target.id}`, { token: shop.token }), 404, 'User not found');
  });

  it('never demotes or deletes the last owner of a business', async () => {
    const lone = await registerTenant(server, 'lone');
    expectErrorBody(await server.request('PATCH', `${USERS}/${lone.userId}`, { token: lone.token, body: { role: 'ADMIN' } }), 409, 'last owner');
    expectErrorBody(await server.request('DELETE', `${USERS}/${lone.userId}`, { token: lone.token }), 409, 'last owner');
    const row = await stored(lone.userId);
    expect(row?.role).toBe('OWNER');
    expect(row?.is_deleted).toBeFalsy();
    const second = await create(lone.token, { login: uniqueLogin('co-owner'), password: 'secret-12', role: 'OWNER' });
    expect((await server.request('DELETE', `${USERS}/${second.body.id}`, { token: lone.token })).status).toBe(200);
  });

  it('answers 404 for another business’s user, an unknown id, and changes nothing there', async () => {
    expectErrorBody(await server.request('PATCH', `${USERS}/${other.userId}`, { token: shop.token, body: { password: 'hijacked-1', role: 'ADMIN' } }), 404, 'User not found');
    expectErrorBody(await server.request('DELETE', `${USERS}/${other.userId}`, { token: shop.token }), 404, 'User not found');
    expectErrorBody(await server.request('PATCH', `${USERS}/no-such-user`, { token: shop.token, body: { full_name: 'x' } }), 404, 'User not found');
    const row = await stored(other.userId);
    expect(row?.role).toBe('OWNER');
    expect(row?.is_deleted).toBeFalsy();
    expect((await server.request('POST', '/api/v1/auth/login', { body: { login: other.login, password: 'correct horse battery' } })).status).toBe(201);
  });

  it('refuses hidden characters in a user’s login and full name on create and update, naming the field, and changes nothing', async () => {
    expectValidation(await create(shop.token, { login: `${uniqueLogin('zw')}\u200b`, password: 'secret-12' }), 'login must not contain zero-width, control, private-use or bidirectional characters');
    expectValidation(await create(shop.token, { login: uniqueLogin('fn'), password: 'secret-12', full_name: 'Ali\u202e' }), 'full_name must not contain');
    const target = await adminOf(shop);
    const before = await stored(target.id);
    expectValidation(await server.request('PATCH', `${USERS}/${target.id}`, { token: shop.token, body: { login: `${before?.login}\u200c` } }), 'login must not contain');
    expectValidation(await server.request('PATCH', `${USERS}/${target.id}`, { token: shop.token, body: { full_name: 'Private\uf8ff' } }), 'full_name must not contain');
    expect(await stored(target.id)).toEqual(before);
    // An empty or blank login in an update changes nothing, as in the reference; a padded one is stored trimmed.
    expect((await server.request('PATCH', `${USERS}/${target.id}`, { token: shop.token, body: { login: '  ' } })).status).toBe(200);
    expect((await stored(target.id))?.login).toBe(before?.login);
    const padded = uniqueLogin('padded');
    expect((await server.request('PATCH', `${USERS}/${target.id}`, { token: shop.token, body: { login: ` ${padded} ` } })).body.login).toBe(padded);
    // The same login with a zero-width character appended can no longer be a second account.
    expectValidation(await create(shop.token, { login: `${other.login}\u200b`, password: 'secret-12' }), 'login must not contain');
  });

  it('validates the bodies field by field', async () => {
    expectValidation(await create(shop.token, { password: '123', full_name: 5 }), 'login is required', 'password must be at least 6 characters', 'full_name must be a string');
    await expectStrictBody(server, 'POST', USERS, shop.token, { login: uniqueLogin('strict'), password: 'secret-12' });
    expectValidation(await server.request('PATCH', `${USERS}/${shop.userId}`, { token: shop.token, body: { password: '123' } }), 'password must be at least 6 characters');
    await expectStrictBody(server, 'PATCH', `${USERS}/${shop.userId}`, shop.token, { full_name: 'Owner' });
  });

  it('requires a token for every user operation', async () => {
    await expectAuthRequired(server, 'POST', USERS, { login: 'x', password: 'secret-12' });
    await expectAuthRequired(server, 'PATCH', `${USERS}/${shop.userId}`, { full_name: 'x' });
    await expectAuthRequired(server, 'DELETE', `${USERS}/${shop.userId}`);
  });

  it('records user changes in the audit log without any password or hash', async () => {
    const target = await adminOf(shop);
    await server.request('PATCH', `${USERS}/${target.id}`, { token: shop.token, body: { password: 'audited-pass-9' } });
    const entries = await server.database.db.selectFrom('audit_log').selectAll().where('business_id', '=', shop.businessId).where('type', '=', 'USER').execute();
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['User created', 'User updated']));
    expect(JSON.stringify(entries.map((entry) => [entry.action, entry.details]))).not.toMatch(/scrypt|audited-pass-9|admin-pass-1/);
  });
});
