import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FixedWindowCounter, createThrottle } from '../../server/rate-limit.js';
import { registerTenant, startTestServer, type TestServer } from '../helpers/server.js';
import { expectErrorBody } from '../helpers/checks.js';
import { freshDatabase, type TestDatabase } from '../helpers/databases.js';

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

  it('counts a login per account whatever its letter case, so changing case does not reset it', async () => {
    const throttle = createThrottle({ loginPerMinute: 1, registrationsPerHour: 1 }, database);
    await throttle.check('AuthController_login', 'login', '10.0.0.1', { login: 'Owner' });
    await expect(throttle.check('AuthController_login', 'login', '10.0.0.2', { login: 'OWNER' })).rejects.toThrow(/Too many attempts/);
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
