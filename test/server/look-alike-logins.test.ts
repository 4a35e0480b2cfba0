/**
 * Look-alike logins (issue 28 §3): a login whose confusable skeleton (Unicode TR39, plus nonspacing marks) is some
 * user's already is a 409 naming `login` — the other login named only within the caller's business.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginSkeleton } from '../../server/platform/login-skeleton.js';
import { expectErrorBody } from '../helpers/checks.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type TestServer } from '../helpers/server.js';

/** The four: Cyrillic Ѕ, Cyrillic о, Greek ο, and o followed by U+0301 (combining acute). */
const LOOK_ALIKES = (latin: string) => [latin.replace('S', '\u0405'), latin.replace('o', '\u043e'), latin.replace('o', '\u03bf'), latin.replace('o', 'o\u0301')];

describe('the login skeleton', () => {
  it('is one for the issue’s look-alikes and the Latin login, and differs for an unrelated login', () => {
    for (const lookAlike of LOOK_ALIKES('Shop')) expect(loginSkeleton(lookAlike), lookAlike).toBe(loginSkeleton('Shop'));
    expect(loginSkeleton('0wner')).toBe(loginSkeleton('Owner'));
    expect(loginSkeleton('Shopper')).not.toBe(loginSkeleton('Shop'));
  });
});

describe.each(await testEngines())('look-alike logins on %s', (engine) => {
  let server: TestServer;
  let suffix = 0;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  /** A Latin login with an S and an o, unique to this test. */
  const latinLogin = () => `Shop-${++suffix}-${Math.random().toString(36).slice(2, 6).replace(/[0-9]/g, 'x')}`;
  const register = (login: string) =>
    server.request('POST', '/api/v1/auth/register', { body: { login, password: 'secret-123', businessName: 'Cafe', name: 'Owner' } });
  const count = async (table: 'users' | 'businesses') => BigInt((await server.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('refuses to register a look-alike of another business’s login (409 naming login, never the other login), and creates nothing', async () => {
    const latin = latinLogin();
    expect((await register(latin)).status).toBe(201);
    const [users, businesses] = [await count('users'), await count('businesses')];
    for (const lookAlike of LOOK_ALIKES(latin)) {
      expect(lookAlike).not.toBe(latin);
      const refused = await register(lookAlike);
      expectErrorBody(refused, 409, /^login is taken: it looks like a login already in use$/);
      expect(refused.body.detail).toEqual({ field: 'login' });
      expect(JSON.stringify(refused.body)).not.toContain(latin);
    }
    expect([await count('users'), await count('businesses')]).toEqual([users, businesses]);
    // An unrelated login is fine; a change of case is still the reference's 400.
    expect((await register(`${latin}-two`)).status).toBe(201);
    expectErrorBody(await register(latin.toUpperCase()), 400, 'User already exists');
  });

  it('refuses a user of the same business under a look-alike login, naming the login it looks like', async () => {
    const owner = await registerTenant(server);
    const latin = latinLogin();
    const create = (login: string) => server.request('POST', '/api/v1/auth/user', { token: owner.token, body: { login, password: 'secret-123', role: 'ADMIN' } });
    expect((await create(latin)).status).toBe(201);
    for (const lookAlike of LOOK_ALIKES(latin)) {
      const refused = await create(lookAlike);
      expectErrorBody(refused, 409, `login looks like the existing login "${latin}"`);
      expect(refused.body.detail).toEqual({ field: 'login' });
    }
    expectErrorBody(await create(latin.toLowerCase()), 400, 'User already exists');
  });

  it('refuses a rename to a look-alike, in the business (naming it) and across businesses (not naming it), and lets a user be saved under its own login', async () => {
    const owner = await registerTenant(server);
    const stranger = await registerTenant(server);
    const created = await server.request('POST', '/api/v1/auth/user', { token: owner.token, body: { login: latinLogin(), password: 'secret-123', role: 'ADMIN' } });
    const rename = (login: string) => server.request('PATCH', `/api/v1/auth/user/${created.body.id}`, { token: owner.token, body: { login } });
    const [lookAlikeOfOwner] = LOOK_ALIKES(owner.login.replace(/^s/, 'S'));
    expectErrorBody(await rename(lookAlikeOfOwner!), 409, `login looks like the existing login "${owner.login}"`);
    const [, lookAlikeOfStranger] = LOOK_ALIKES(stranger.login);
    const refused = await rename(lookAlikeOfStranger!);
    expectErrorBody(refused, 409, 'login is taken');
    expect(JSON.stringify(refused.body)).not.toContain(stranger.login);
    expect((await rename(created.body.login.toUpperCase())).status).toBe(200);
    expect((await rename(`${created.body.login}-renamed`)).status).toBe(200);
  });

  it('lets a look-alike older than the rule (no skeleton) sign in and be saved under its own login', async () => {
    const owner = await registerTenant(server);
    const older = await server.request('POST', '/api/v1/auth/user', { token: owner.token, body: { login: latinLogin(), password: 'secret-123', role: 'ADMIN' } });
    // As migration 0038 leaves it: a login that looks like the owner's, with no skeleton of its own.
    const [lookAlike] = LOOK_ALIKES(owner.login.replace(/^s/, 'S'));
    await server.database.db.updateTable('users').set({ login: lookAlike!, login_key: lookAlike!.toLowerCase(), login_skeleton: null }).where('id', '=', older.body.id).execute();
    expect((await server.request('POST', '/api/v1/auth/login', { body: { login: lookAlike, password: 'secret-123' } })).status).toBe(201);
    const saved = await server.request('PATCH', `/api/v1/auth/user/${older.body.id}`, { token: owner.token, body: { login: lookAlike, full_name: 'Renamed' } });
    expect(saved.status).toBe(200);
    expect(saved.body.full_name).toBe('Renamed');
  });

  it('lets exactly one of two racing look-alike registrations win', async () => {
    const latin = latinLogin();
    const [, cyrillic] = LOOK_ALIKES(latin);
    const statuses = (await Promise.all([register(latin), register(cyrillic!)])).map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409]);
  });
});
