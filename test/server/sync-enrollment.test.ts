import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { enrollmentCode, enrollTerminal, shopWorld, SYNC, syncCall, type ShopWorld } from '../helpers/terminals.js';

const CODE_FORMAT = /^[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}$/;

describe.each(await testEngines())('terminal enrollment and device credentials on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let other: Tenant;
  let world: ShopWorld;
  let otherWorld: ShopWorld;
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'sync-shop');
    other = await registerTenant(server, 'sync-other');
    world = await shopWorld(server, shop);
    otherWorld = await shopWorld(server, other);
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const enroll = (body: unknown) => server.request('POST', `${SYNC}/enroll`, { body });

  describe('enrollment codes', () => {
    it('gives an owner a short one-time code for a workplace, valid for ten minutes, storing only its digest', async () => {
      const before = Date.now();
      const response = await server.request('POST', `${SYNC}/enrollment-codes`, { token: shop.token, body: { workplaceId: world.workplace1 } });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(String),
        code: expect.stringMatching(CODE_FORMAT),
        workplace_id: world.workplace1,
        expires_at: expect.any(String),
        dt_created: expect.any(String),
      });
      const lifetime = Date.parse(response.body.expires_at) - before;
      expect(lifetime).toBeGreaterThan(9 * 60_000);
      expect(lifetime).toBeLessThanOrEqual(10 * 60_000 + 1_000);
      const stored = await server.database.db.selectFrom('enrollment_codes').selectAll().where('id', '=', response.body.id).executeTakeFirstOrThrow();
      const plain = (response.body.code as string).replace(/-/g, '');
      expect(JSON.stringify(stored)).not.toContain(plain);
      expect(JSON.stringify(stored)).not.toContain(response.body.code);
      const audit = await server.database.db.selectFrom('audit_log').select(['action', 'details']).where('business_id', '=', shop.businessId).where('action', '=', 'CREATE_ENROLLMENT_CODE').execute();
      expect(audit.length).toBeGreaterThan(0);
      expect(JSON.stringify(audit)).not.toContain(plain);
    });

    it('lets an admin create codes, and refuses cashiers (403) and callers without a token (401)', async () => {
      const admin = await server.request('POST', '/api/v1/auth/user', { token: shop.token, body: { login: `admin-${Date.now()}-${engine}`, password: 'secret-admin', role: 'ADMIN' } });
      expect(admin.status, JSON.stringify(admin.body)).toBe(201);
      const login = await server.request('POST', '/api/v1/auth/login', { body: { login: admin.body.login, password: 'secret-admin' } });
      expect(login.status).toBe(201);
      expect((await server.request('POST', `${SYNC}/enrollment-codes`, { token: login.body.access_token, body: { workplaceId: world.workplace1 } })).status).toBe(201);
      const cashier = await cashierToken(server, shop);
      expectErrorBody(await server.request('POST', `${SYNC}/enrollment-codes`, { token: cashier.token, body: { workplaceId: world.workplace1 } }), 403);
      expectErrorBody(await server.request('POST', `${SYNC}/enrollment-codes`, { body: { workplaceId: world.workplace1 } }), 401);
    });

    it('answers 404 for an unknown, another business’s or a deleted workplace', async () => {
      const create = (workplaceId: string) => server.request('POST', `${SYNC}/enrollment-codes`, { token: shop.token, body: { workplaceId } });
      expectErrorBody(await create('no-such-workplace'), 404, 'Workplace not found');
      expectErrorBody(await create(otherWorld.workplace1), 404, 'Workplace not found');
      const doomed = await server.request('POST', '/api/v1/business-config/workplaces/create', { token: shop.token, body: { name: 'Doomed', automated_point_id: world.point1 } });
      expect((await server.request('DELETE', `/api/v1/business-config/workplaces/delete/${doomed.body.id}`, { token: shop.token })).status).toBe(200);
      expectErrorBody(await create(doomed.body.id), 404, 'Workplace not found');
    });

    it('refuses a body without a workplace, or with unknown fields, naming the field', async () => {
      expectValidation(await server.request('POST', `${SYNC}/enrollment-codes`, { token: shop.token, body: {} }), 'workplaceId is required');
      await expectStrictBody(server, 'POST', `${SYNC}/enrollment-codes`, shop.token, { workplaceId: world.workplace1 });
    });
  });

  describe('enrolling', () => {
    it('exchanges a code, typed loosely, for a device credential and the scope of its workplace', async () => {
      const code = await enrollmentCode(server, shop.token, world.workplace1);
      const typed = ` ${code.toLowerCase().replace(/-/g, ' ')} `.replace(/0/g, 'o');
      const response = await enroll({ code: typed, name: 'Till by the door', protocolVersion: 1 });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body).toEqual({
        terminalId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        accessToken: expect.any(String),
        businessId: shop.businessId,
        businessName: (await server.database.db.selectFrom('businesses').select('name').where('id', '=', shop.businessId).executeTakeFirstOrThrow()).name,
        workplaceId: world.workplace1,
        pointId: world.point1,
        warehouseIds: [world.warehouse1],
        allWarehouses: false,
        // The service answers with the newest protocol it speaks (fleet health made it 2) and the oldest it accepts.
        protocolVersion: PROTOCOL_VERSION,
        minProtocolVersion: 1,
        // The database's generation, which the till carries from now on (docs/sync.md, "Disasters").
        generation: (await server.database.db.selectFrom('sync_generation').select('generation').executeTakeFirstOrThrow()).generation,
      });
      const stored = await server.database.db.selectFrom('terminals').selectAll().where('id', '=', response.body.terminalId).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ business_id: shop.businessId, workplace_id: world.workplace1, name: 'Till by the door', revoked_at: null });
      // Nothing secret is kept: the credential is verified by its signature and the terminal row.
      expect(JSON.stringify(stored)).not.toContain(response.body.accessToken);
    });

    it('puts every warehouse of the business in scope while the point has no default warehouse', async () => {
      const point = await server.request('POST', '/api/v1/business-config/points/create', { token: shop.token, body: { name: 'Kiosk' } });
      const workplace = await server.request('POST', '/api/v1/business-config/workplaces/create', { token: shop.token, body: { name: 'Kiosk till', automated_point_id: point.body.id } });
      const terminal = await enrollTerminal(server, shop, workplace.body.id);
      expect(terminal.enrollment.allWarehouses).toBe(true);
      expect([...terminal.enrollment.warehouseIds].sort()).toEqual([world.warehouse1, world.warehouse2].sort());
    });

    it('refuses a wrong, malformed, expired or already used code with one answer, 401', async () => {
      expectErrorBody(await enroll({ code: 'AAA-AAA-AAA' }), 401, 'Invalid or expired enrollment code');
      expectErrorBody(await enroll({ code: 'not a code at all' }), 401, 'Invalid or expired enrollment code');
      const expired = await server.request('POST', `${SYNC}/enrollment-codes`, { token: shop.token, body: { workplaceId: world.workplace1 } });
      await server.database.db.updateTable('enrollment_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', expired.body.id).execute();
      expectErrorBody(await enroll({ code: expired.body.code }), 401, 'Invalid or expired enrollment code');
      const code = await enrollmentCode(server, shop.token, world.workplace1);
      expect((await enroll({ code })).status).toBe(201);
      expectErrorBody(await enroll({ code }), 401, 'Invalid or expired enrollment code');
    });

    it('refuses a code whose workplace was deleted after it was made', async () => {
      const workplace = await server.request('POST', '/api/v1/business-config/workplaces/create', { token: shop.token, body: { name: 'Short-lived', automated_point_id: world.point1 } });
      const code = await enrollmentCode(server, shop.token, workplace.body.id);
      expect((await server.request('DELETE', `/api/v1/business-config/workplaces/delete/${workplace.body.id}`, { token: shop.token })).status).toBe(200);
      expectErrorBody(await enroll({ code }), 401, 'Invalid or expired enrollment code');
    });

    it('enrolls exactly one terminal when eight race with the same code', async () => {
      const code = await enrollmentCode(server, shop.token, world.workplace1);
      const answers = await Promise.all(Array.from({ length: 8 }, (_unused, index) => enroll({ code, name: `racer ${index}` })));
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
      for (const answer of answers.filter((response) => response.status !== 201)) expectErrorBody(answer, 401);
      const used = await server.database.db.selectFrom('terminals').select('id').where('business_id', '=', shop.businessId).where('name', 'like', 'racer %').execute();
      expect(used).toHaveLength(1);
    });

    it('refuses protocol versions outside the served window with 426, and bad bodies with 400', async () => {
      const code = await enrollmentCode(server, shop.token, world.workplace1);
      expectErrorBody(await enroll({ code, protocolVersion: 99 }), 426, 'newer than this service supports');
      expectErrorBody(await enroll({ code, protocolVersion: 0 }), 426, 'no longer supported');
      expectValidation(await enroll({}), 'code is required');
      expectValidation(await enroll({ code, zzz: 1 }), 'property zzz should not exist');
      // The refused attempts did not spend the code.
      expect((await enroll({ code })).status).toBe(201);
    });
  });

  describe('listing and revoking credentials', () => {
    it('lists the business’s terminals for owners only, never another business’s', async () => {
      const terminal = await enrollTerminal(server, shop, world.workplace2, 'Listed till');
      const listed = await server.request('GET', `${SYNC}/terminals`, { token: shop.token });
      expect(listed.status).toBe(200);
      expect(listed.body).toContainEqual(
        expect.objectContaining({ id: terminal.terminalId, name: 'Listed till', workplace_id: world.workplace2, automated_point_id: world.point2, is_revoked: false, revoked_at: null }),
      );
      const theirs = await server.request('GET', `${SYNC}/terminals`, { token: other.token });
      expect(theirs.body.map((row: { id: string }) => row.id)).not.toContain(terminal.terminalId);
      const cashier = await cashierToken(server, shop);
      expectErrorBody(await server.request('GET', `${SYNC}/terminals`, { token: cashier.token }), 403);
    });

    it('revokes a credential: its next pull is refused at once, the terminal stays listed as revoked', async () => {
      const terminal = await enrollTerminal(server, shop, world.workplace1);
      expect((await syncCall(server, 'pull', terminal, { cursor: null })).status).toBe(201);
      const revoked = await server.request('DELETE', `${SYNC}/terminals/${terminal.terminalId}`, { token: shop.token });
      expect(revoked.status).toBe(200);
      expect(revoked.body).toMatchObject({ id: terminal.terminalId, is_revoked: true, revoked_by: shop.userId, revoked_at: expect.any(String) });
      expect((await syncCall(server, 'pull', terminal, { cursor: null })).status).toBe(401);
      expect((await syncCall(server, 'bootstrap', terminal, {})).status).toBe(401);
      const listed = await server.request('GET', `${SYNC}/terminals`, { token: shop.token });
      expect(listed.body.find((row: { id: string }) => row.id === terminal.terminalId)).toMatchObject({ is_revoked: true });
      expectErrorBody(await server.request('DELETE', `${SYNC}/terminals/${terminal.terminalId}`, { token: shop.token }), 404, 'Terminal not found');
    });

    it('ends a credential revoked elsewhere (another service process) within the principal cache’s five seconds', async () => {
      const terminal = await enrollTerminal(server, shop, world.workplace1);
      expect((await syncCall(server, 'pull', terminal, { cursor: null })).status).toBe(201);
      await server.database.db.updateTable('terminals').set({ revoked_at: new Date().toISOString() }).where('id', '=', terminal.terminalId).execute();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 5_001);
      expect((await syncCall(server, 'pull', terminal, { cursor: null })).status).toBe(401);
    });

    it('answers 404 for revoking an unknown or another business’s terminal, and 403 for cashiers', async () => {
      const theirs = await enrollTerminal(server, other, otherWorld.workplace1);
      expectErrorBody(await server.request('DELETE', `${SYNC}/terminals/${theirs.terminalId}`, { token: shop.token }), 404, 'Terminal not found');
      expectErrorBody(await server.request('DELETE', `${SYNC}/terminals/no-such-terminal`, { token: shop.token }), 404, 'Terminal not found');
      const cashier = await cashierToken(server, shop);
      expectErrorBody(await server.request('DELETE', `${SYNC}/terminals/${theirs.terminalId}`, { token: cashier.token }), 403);
      expect((await syncCall(server, 'pull', theirs, { cursor: null })).status).toBe(201);
    });
  });

  describe('credentials and audiences', () => {
    it('refuses owner and cashier tokens on pull, push and bootstrap (401): only enrolled terminals sync', async () => {
      const cashier = await cashierToken(server, shop, { workplaceId: world.workplace1, pointId: world.point1 });
      for (const token of [shop.token, cashier.token]) {
        for (const operation of ['pull', 'push', 'bootstrap']) {
          expectErrorBody(await server.request('POST', `${SYNC}/${operation}`, { token, body: {} }), 401);
        }
      }
    });

    it('refuses a terminal credential on every other operation (401), including the terminal list', async () => {
      const terminal = await enrollTerminal(server, shop, world.workplace1);
      expectErrorBody(await server.request('GET', '/api/v1/warehouses/all', { token: terminal.token }), 401);
      expectErrorBody(await server.request('POST', '/api/v1/warehouses/create', { token: terminal.token, body: { name: 'x' } }), 401);
      expectErrorBody(await server.request('GET', `${SYNC}/terminals`, { token: terminal.token }), 401);
      expectErrorBody(await server.request('POST', `${SYNC}/enrollment-codes`, { token: terminal.token, body: { workplaceId: world.workplace1 } }), 401);
    });

    it('takes a terminal’s identity from its credential only: naming another terminal is 403', async () => {
      const mine = await enrollTerminal(server, shop, world.workplace1);
      const theirs = await enrollTerminal(server, shop, world.workplace2);
      const forged = { ...mine, terminalId: theirs.terminalId };
      expectErrorBody((await syncCall(server, 'pull', forged, { cursor: null })) as never, 403, 'terminalId');
      expectErrorBody((await syncCall(server, 'bootstrap', forged, {})) as never, 403, 'terminalId');
    });

    it('lets an enrolled terminal push (an empty body is a 400 naming the fields, not a 401)', async () => {
      const terminal = await enrollTerminal(server, shop, world.workplace1);
      expectErrorBody(await server.request('POST', `${SYNC}/push`, { token: terminal.token, body: {} }), 400, 'mutations is required');
    });
  });
});

describe.each(await testEngines())('enrollment attempts on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimits: { loginPerMinute: 3, registrationsPerHour: 1_000 } });
  });
  afterAll(() => server.close());

  it('are rate limited per client address (429), so codes cannot be guessed at speed', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push((await server.request('POST', `${SYNC}/enroll`, { body: { code: `AAA-AAA-AA${attempt}` } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
