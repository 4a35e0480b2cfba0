import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_FAILURES_FACTOR, FixedWindowCounter, createThrottle } from '../../server/rate-limit.js';
import { registerTenant, startTestServer, type TestServer } from '../helpers/server.js';
import { expectErrorBody } from '../helpers/checks.js';
import { freshDatabase, testEngines, type TestDatabase } from '../helpers/databases.js';

describe('a fixed-window counter', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await freshDatabase('sqlite');
  });
  afterEach(() => database.dispose());

  it('allows the limit, then tells how many seconds remain in the window, then allows again', async () => {
    let now = 1_000_000;
    const counter = new FixedWindowCounter(database, 2, 60_000, () => now);
    expect(await counter.hit('a')).toBe(0);
    expect(await counter.hit('a')).toBe(0);
    expect(await counter.hit('a')).toBe(60);
    now += 45_500;
    expect(await counter.hit('a')).toBe(15);
    expect(await counter.hit('b')).toBe(0);
    now += 15_000;
    expect(await counter.hit('a')).toBe(0);
  });

  it('counts failures per account whatever its letter case, so changing case does not reset the bound', async () => {
    const throttle = createThrottle({ loginPerMinute: 1, registrationsPerHour: 1 }, database);
    const spellings = ['Owner', 'OWNER', 'owner', 'oWnEr', 'ＯＷＮＥＲ'];
    for (const [source, login] of spellings.entries()) await throttle.check('AuthController_login', 'login', `10.0.0.${source}`, { login });
    expect(spellings).toHaveLength(ACCOUNT_FAILURES_FACTOR);
    await expect(throttle.check('AuthController_login', 'login', '10.0.1.1', { login: 'Owner' })).rejects.toThrow(/Too many attempts/);
  });

  it('takes back an attempt that succeeded, so the account bound counts only failures', async () => {
    const throttle = createThrottle({ loginPerMinute: 1, registrationsPerHour: 1 }, database);
    for (let source = 0; source < 2 * ACCOUNT_FAILURES_FACTOR; source += 1) {
      const attempt = await throttle.check('AuthController_login', 'login', `10.0.0.${source}`, { login: 'owner' });
      await attempt.succeeded();
    }
  });

  it('deletes ended windows (at most once a minute), so the table does not grow with every address ever seen', async () => {
    let now = 5_000_000;
    const counter = new FixedWindowCounter(database, 5, 60_000, () => now);
    for (let address = 0; address < 20; address += 1) await counter.hit(`ip-${address}`);
    const count = async () => (await database.db.selectFrom('rate_limit_windows').select('key').execute()).length;
    expect(await count()).toBe(20);
    now += 61_000;
    await counter.hit('ip-new');
    expect(await count()).toBe(1);
  });

  it('takes a login that PostgreSQL text could not hold (a NUL, a megabyte) as an account key without failing', async () => {
    const throttle = createThrottle({ loginPerMinute: 1, registrationsPerHour: 1 }, database);
    await throttle.check('AuthController_login', 'login', '10.0.0.1', { login: `a\u0000${'x'.repeat(1_000_000)}` });
    const keys = await database.db.selectFrom('rate_limit_windows').select('key').execute();
    expect(Math.max(...keys.map((row) => row.key.length))).toBeLessThan(200);
  });
});

describe('rate limits on the service', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { rateLimits: { loginPerMinute: 3, registrationsPerHour: 2 } });
  });
  afterAll(() => server.close());

  it('S12: registration from one address beyond the hourly limit is 429 with retry-after, and creates nothing', async () => {
    const register = (login: string) => server.request('POST', '/api/v1/auth/register', { body: { login, password: 'correct horse battery', businessName: 'b', name: 'n' } });
    expect((await register('first-shop')).status).toBe(201);
    expect((await register('second-shop')).status).toBe(201);
    const refused = await register('third-shop');
    expectErrorBody(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    const businesses = await server.database.db.selectFrom('businesses').select('id').execute();
    expect(businesses).toHaveLength(2);
  });

  it('S7: password guessing at login is cut off after the per-minute limit, even with the right password', async () => {
    const guess = (password: string) => server.request('POST', '/api/v1/auth/login', { body: { login: 'first-shop', password } });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await guess(`wrong-${attempt}`)).status).toBe(401);
    const refused = await guess('correct horse battery');
    expectErrorBody(refused, 429);
    expect(refused.body.message).toMatch(/Too many attempts; try again in \d+ seconds/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('S7: second-verification guessing is limited the same way', async () => {
    const verify = () => server.request('POST', '/api/v1/auth/second-verification/verify', { body: { login: 'second-shop', password: 'not-it' } });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await verify()).status).not.toBe(429);
    expectErrorBody(await verify(), 429);
  });

  it('admin login guessing is limited the same way', async () => {
    const login = () => server.request('POST', '/api/v1/admin/login', { body: { login: 'root', password: 'guess' } });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await login()).status).toBe(401);
    expectErrorBody(await login(), 429);
  });
});

describe('the PIN-login limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { rateLimits: { loginPerMinute: 2, registrationsPerHour: 100 } });
  });
  afterAll(() => server.close());

  it('S3: PIN guesses against one workplace beyond the per-minute limit are 429 with retry-after', async () => {
    const tenant = await registerTenant(server);
    const attempt = () => server.request('POST', '/api/v1/auth/pos/login', { token: tenant.token, body: { workplaceId: 'no-such-workplace', pincode: '1234' } });
    expect((await attempt()).status).toBe(404);
    expect((await attempt()).status).toBe(404);
    const refused = await attempt();
    expectErrorBody(refused, 429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe.each(await testEngines())('the login bound as a weapon on %s (issue 28 §3)', (engine) => {
  // Per source 3 attempts a minute, per login 3 × ACCOUNT_FAILURES_FACTOR = 15 failures a minute from all sources.
  const PER_SOURCE = 3;
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: { loginPerMinute: PER_SOURCE, registrationsPerHour: 100 } });
  });
  afterAll(() => server.close());

  /** A password login sent from `source` (the client address the service sees). */
  async function login(source: string, login: string, password: string) {
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: source, payload: { login, password } });
    return response.statusCode;
  }

  it('lets the right password in from a source that has not been failing, while the failing source is refused even with it', async () => {
    const { login: owner } = await registerTenant(server);
    const attacker = '10.9.0.1';
    const statuses: number[] = [];
    // Far more attempts than the login's own bound: refused ones must not add up to a lock for everyone else.
    for (let attempt = 0; attempt < 4 * PER_SOURCE * ACCOUNT_FAILURES_FACTOR; attempt += 1) statuses.push(await login(attacker, owner, `wrong-${attempt}`));
    expect(statuses.slice(0, PER_SOURCE)).toEqual(Array(PER_SOURCE).fill(401));
    expect(new Set(statuses.slice(PER_SOURCE))).toEqual(new Set([429]));
    expect(await login(attacker, owner, 'correct horse battery')).toBe(429);
    expect(await login('10.1.0.1', owner, 'correct horse battery')).toBe(201);
  });

  it('bounds the wrong guesses of many sources at one login, and then lets in only a source that signed in to it before', async () => {
    const { login: owner } = await registerTenant(server);
    expect(await login('10.2.0.1', owner, 'correct horse battery')).toBe(201);
    const statuses: number[] = [];
    for (let source = 0; source < 2 * ACCOUNT_FAILURES_FACTOR; source += 1) {
      for (let attempt = 0; attempt < PER_SOURCE; attempt += 1) statuses.push(await login(`10.3.0.${source}`, owner, `wrong-${source}-${attempt}`));
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(PER_SOURCE * ACCOUNT_FAILURES_FACTOR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(PER_SOURCE * ACCOUNT_FAILURES_FACTOR);
    // A source never seen before is refused even with the right password: the bound holds for anyone unknown.
    expect(await login('10.4.0.1', owner, 'correct horse battery')).toBe(429);
    expect(await login('10.4.0.2', owner, 'wrong')).toBe(429);
    // The owner's own address, which signed in within the last days, is not locked out by the others.
    expect(await login('10.2.0.1', owner, 'correct horse battery')).toBe(201);
  });
});
