/**
 * Fleet health over HTTP on both engines (docs/fleet-health.md): a protocol 2 pull stores its till's report, a
 * protocol 1 pull only marks the till seen, a bad report is a 400 naming the field, and the console's read lists
 * every till of the caller's business with its health, marked when its queue is stale or it went silent.
 */
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { expectErrorBody, expectValidation } from '../helpers/checks.js';
import { enrollTerminal, shopWorld, syncCall, SYNC, type ShopWorld } from '../helpers/terminals.js';

const report = (overrides: Record<string, unknown> = {}) => ({
  appVersion: '0.2.0',
  os: 'linux 6.1.0',
  outboxDepth: 3,
  oldestUnsentAgeSeconds: 120,
  needsAttention: 1,
  lastSyncError: { message: 'offline', at: '2026-11-25T10:00:00.000Z' },
  printer: { status: 'paper-out', detail: null },
  ...overrides,
});

describe.each(await testEngines())('fleet health on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;
  let world: ShopWorld;

  const fleet = async (query = '', token = shop.token) => server.request('GET', `${SYNC}/fleet${query}`, { token });
  const entryOf = async (terminalId: string, query = '') => ((await fleet(query)).body.terminals as any[]).find((terminal) => terminal.id === terminalId);
  /** Moves a stored report back in time, as if the till had last pulled `minutes` ago. */
  const age = (terminalId: string, minutes: number) => {
    const at = new Date(Date.now() - minutes * 60_000).toISOString();
    return server.database.db.updateTable('terminal_health').set({ seen_at: at, reported_at: at }).where('terminal_id', '=', terminalId).execute();
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
    world = await shopWorld(server, shop);
  });
  afterAll(() => server.close());

  it('stores the health a pull reports and shows it on the fleet read with the till’s workplace and point', async () => {
    const till = await enrollTerminal(server, shop, world.workplace1, 'Till by the door');
    const pulled = await syncCall(server, 'pull', till, { cursor: null, health: report() });
    expect(pulled.status, pulled.text).toBe(201);
    const entry = await entryOf(till.terminalId);
    expect(entry).toMatchObject({
      name: 'Till by the door',
      workplace_id: world.workplace1,
      workplace_name: 'Till 1',
      automated_point_id: world.point1,
      point_name: 'Point 1',
      is_revoked: false,
      alerts: [],
      health: {
        protocol_version: PROTOCOL_VERSION,
        app_version: '0.2.0',
        os: 'linux 6.1.0',
        outbox_depth: 3,
        needs_attention: 1,
        last_sync_error: { message: 'offline', at: '2026-11-25T10:00:00.000Z' },
        printer: { status: 'paper-out', detail: null },
      },
    });
    expect(entry.health.oldest_unsent_age_seconds).toBeGreaterThanOrEqual(120);
    expect(entry.health.oldest_unsent_age_seconds).toBeLessThan(130);
    expect(Date.now() - Date.parse(entry.last_seen_at)).toBeLessThan(60_000);
  });

  it('marks a till whose oldest unsent operation is older than the set time, counting the time since its report', async () => {
    const till = await enrollTerminal(server, shop, world.workplace1);
    await syncCall(server, 'pull', till, { cursor: null, health: report({ oldestUnsentAgeSeconds: 25 * 60 }) });
    expect((await entryOf(till.terminalId)).alerts).toEqual([]);
    await age(till.terminalId, 10);
    const entry = await entryOf(till.terminalId);
    expect(entry.alerts).toEqual(['UNSENT_TOO_OLD']);
    expect(entry.health.oldest_unsent_age_seconds).toBeGreaterThanOrEqual(35 * 60);
    expect((await entryOf(till.terminalId, '?unsentMinutes=60')).alerts).toEqual([]);
  });

  it('marks a till not seen for the set time, and a till that never pulled once that long has passed since enrolling', async () => {
    const seen = await enrollTerminal(server, shop, world.workplace2);
    await syncCall(server, 'pull', seen, { cursor: null, health: report({ outboxDepth: 0, oldestUnsentAgeSeconds: null }) });
    await age(seen.terminalId, 90);
    expect((await entryOf(seen.terminalId)).alerts).toEqual(['NOT_SEEN']);
    expect((await entryOf(seen.terminalId, '?unseenMinutes=120')).alerts).toEqual([]);
    const silent = await enrollTerminal(server, shop, world.workplace2);
    expect(await entryOf(silent.terminalId)).toMatchObject({ last_seen_at: null, health: null, alerts: [] });
    await server.database.db.updateTable('terminals').set({ enrolled_at: new Date(Date.now() - 2 * 3600_000).toISOString() }).where('id', '=', silent.terminalId).execute();
    expect((await entryOf(silent.terminalId)).alerts).toEqual(['NOT_SEEN']);
  });

  it('shows how far a till’s clock is off and marks it, until a report without the skew says it is right again', async () => {
    const till = await enrollTerminal(server, shop, world.workplace1);
    const twoYears = 2 * 365 * 86_400;
    await syncCall(server, 'pull', till, { cursor: null, health: report({ outboxDepth: 0, oldestUnsentAgeSeconds: null, clockSkewSeconds: twoYears }) });
    expect(await entryOf(till.terminalId)).toMatchObject({ alerts: ['CLOCK_WRONG'], health: { clock_skew_seconds: twoYears } });
    await syncCall(server, 'pull', till, { cursor: null, health: report({ outboxDepth: 0, oldestUnsentAgeSeconds: null, clockSkewSeconds: -600 }) });
    expect((await entryOf(till.terminalId)).health.clock_skew_seconds).toBe(-600);
    await syncCall(server, 'pull', till, { cursor: null, health: report({ outboxDepth: 0, oldestUnsentAgeSeconds: null }) });
    expect(await entryOf(till.terminalId)).toMatchObject({ alerts: [], health: { clock_skew_seconds: null } });
    const bad = await syncCall(server, 'pull', till, { cursor: null, health: report({ clockSkewSeconds: 1.5 }) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['health.clockSkewSeconds must be an integer']);
  });

  it('keeps the last report when a protocol 1 till pulls, and only marks it seen', async () => {
    const till = await enrollTerminal(server, shop, world.workplace1);
    await syncCall(server, 'pull', till, { cursor: null, health: report({ appVersion: '0.3.0' }) });
    await age(till.terminalId, 5);
    const old = await syncCall(server, 'pull', till, { cursor: null, protocolVersion: 1 });
    expect(old.status, old.text).toBe(201);
    const entry = await entryOf(till.terminalId);
    expect(entry.health).toMatchObject({ app_version: '0.3.0', protocol_version: 1 });
    expect(Date.now() - Date.parse(entry.last_seen_at)).toBeLessThan(60_000);
    expect(Date.now() - Date.parse(entry.health.reported_at)).toBeGreaterThan(4 * 60_000);
  });

  it('writes a changed report at once and an unchanged one at most once a minute', async () => {
    const till = await enrollTerminal(server, shop, world.workplace1);
    await syncCall(server, 'pull', till, { cursor: null, health: report() });
    await age(till.terminalId, 0.5);
    await syncCall(server, 'pull', till, { cursor: null, health: report() });
    const unchanged = await entryOf(till.terminalId);
    expect(Date.now() - Date.parse(unchanged.last_seen_at)).toBeGreaterThan(25_000);
    await syncCall(server, 'pull', till, { cursor: null, health: report({ outboxDepth: 0, oldestUnsentAgeSeconds: null }) });
    const changed = await entryOf(till.terminalId);
    expect(changed.health).toMatchObject({ outbox_depth: 0, oldest_unsent_age_seconds: null });
    expect(Date.now() - Date.parse(changed.last_seen_at)).toBeLessThan(25_000);
  });

  it('refuses a bad report with a 400 naming the field, and stores nothing of it', async () => {
    const till = await enrollTerminal(server, shop, world.workplace1);
    const bad = await syncCall(server, 'pull', till, { cursor: null, health: report({ outboxDepth: -1, printer: { status: 'on fire' }, appVersion: 'x'.repeat(41) }) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(
      expect.arrayContaining(['health.outboxDepth must not be negative', 'health.appVersion must be at most 40 characters', expect.stringMatching(/^health\.printer\.status must be one of/)]),
    );
    expect(await entryOf(till.terminalId)).toMatchObject({ health: null, last_seen_at: null });
    expectValidation(await fleet('?unsentMinutes=soon'), 'unsentMinutes must be a whole number of minutes');
  });

  it('shows a revoked till as revoked and never red; owners and admins only; each business sees its own tills', async () => {
    const till = await enrollTerminal(server, shop, world.workplace1);
    await syncCall(server, 'pull', till, { cursor: null, health: report({ oldestUnsentAgeSeconds: 99 * 60 }) });
    expect((await server.request('DELETE', `${SYNC}/terminals/${till.terminalId}`, { token: shop.token })).status).toBe(200);
    expect(await entryOf(till.terminalId)).toMatchObject({ is_revoked: true, alerts: [] });
    const cashier = await cashierToken(server, shop);
    expectErrorBody(await fleet('', cashier.token), 403);
    expectErrorBody(await server.request('GET', `${SYNC}/fleet`), 401);
    expectErrorBody(await server.request('GET', `${SYNC}/fleet`, { token: till.token }), 401);
    const theirs = await fleet('', rival.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.terminals).toEqual([]);
  });
});
