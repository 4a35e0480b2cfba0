/**
 * Pokes (docs/sync.md, "Pokes"): a till's kept connection is refused without its device credential, and it is
 * poked after a commit that logged changes in its scope — not for another business's writes, nor for another
 * point's — and, on PostgreSQL, a write through one service instance pokes a till connected to another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, postgresUrlOf } from '../../db/connect.js';
import { buildServer, type BuiltServer } from '../../server/app.js';
import { freshDatabase, testEngines, type TestDatabase } from '../helpers/databases.js';
import { openPokeStream, type PokeStream } from '../helpers/poke-stream.js';
import { registerTenant, TEST_CONFIG, type Tenant, type TestServer } from '../helpers/server.js';
import { createItem, enrollTerminal, shopWorld, SYNC, type ShopWorld } from '../helpers/terminals.js';

/** Long enough for a poke that should come to have come (it takes a few ms), on a busy machine. */
const QUIET_MS = 400;
const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));

async function listening(built: BuiltServer): Promise<string> {
  return built.app.listen({ host: '127.0.0.1', port: 0 });
}

describe.each(await testEngines())('pokes on %s', (engine) => {
  let database: TestDatabase;
  let server: TestServer;
  let baseUrl: string;
  let shop: ShopWorld;
  let rival: Tenant;
  const streams: PokeStream[] = [];

  beforeAll(async () => {
    database = await freshDatabase(engine);
    // A short heartbeat, so the re-check of the terminal's row happens within a test.
    const built = await buildServer(TEST_CONFIG, database, { pokeHeartbeatMs: 150 });
    baseUrl = await listening(built);
    server = {
      ...built,
      engine,
      database,
      async request(method, url, options = {}) {
        const headers: Record<string, string> = { ...(options.headers ?? {}) };
        if (options.token) headers.authorization = `Bearer ${options.token}`;
        const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
        if (payload !== undefined) headers['content-type'] = 'application/json';
        const response = await built.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload }) });
        return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as never) : (undefined as never), headers: response.headers };
      },
      async close() {
        await built.app.close();
        await database.dispose();
      },
    };
    shop = await shopWorld(server, await registerTenant(server, 'poked'));
    rival = await registerTenant(server, 'rival');
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await server.close();
  });

  const stream = async (token: string | null) => {
    const opened = await openPokeStream(baseUrl, token);
    streams.push(opened);
    return opened;
  };
  const createClient = async (tenant: Tenant, name: string) => {
    const response = await server.request('POST', '/api/v1/clients/create', { token: tenant.token, body: { full_name: name } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  };

  it('refuses a stream without a device credential, with an owner’s token, or with a revoked one: 401 and no events', async () => {
    const none = await stream(null);
    expect(none.status).toBe(401);
    const owner = await stream(shop.tenant.token);
    expect(owner.status).toBe(401);
    const till = await enrollTerminal(server, shop.tenant, shop.workplace1, 'Revoked');
    expect((await server.request('DELETE', `${SYNC}/terminals/${till.terminalId}`, { token: shop.tenant.token })).status).toBe(200);
    const revoked = await stream(till.token);
    expect(revoked.status).toBe(401);
    expect([...none.events, ...owner.events, ...revoked.events]).toEqual([]);
  });

  it('says hello on connecting, then pokes after a business-wide write of its business, not after another business’s', async () => {
    const till = await enrollTerminal(server, shop.tenant, shop.workplace1);
    const poked = await stream(till.token);
    expect(poked.status).toBe(200);
    await poked.waitFor('hello');
    await createClient(rival, 'Someone else’s client');
    await quiet();
    expect(poked.count('poke')).toBe(0);
    await createClient(shop.tenant, 'Our client');
    await poked.waitFor('poke');
  });

  it('pokes a till for stock of its own point’s warehouse, not for another point’s', async () => {
    const till = await enrollTerminal(server, shop.tenant, shop.workplace1);
    const poked = await stream(till.token);
    await poked.waitFor('hello');
    const item = await createItem(server, shop.tenant, 'Poked tea');
    // Through the service (a fixture's direct insert would be stamped with the next write, and announced by it).
    const measure = await server.request('POST', '/api/v1/measurements/create', { token: shop.tenant.token, body: { name: 'pcs' } });
    expect(measure.status).toBe(201);
    const measureId = (measure.body as { id: string }).id;
    await quiet();
    const before = poked.count('poke');
    const stock = (warehouseId: string) =>
      server.request('POST', '/api/v1/stock-quantity/create', {
        token: shop.tenant.token,
        body: { itemId: item, stock_quantity: '5', price: '10', measureId, dateFrom: '2026-11-26', warehouseId },
      });
    expect((await stock(shop.warehouse2)).status).toBe(201);
    await quiet();
    expect(poked.count('poke')).toBe(before);
    expect((await stock(shop.warehouse1)).status).toBe(201);
    await poked.waitFor('poke', before + 1);
  });

  it('sends heartbeats, and ends the stream of a till revoked while connected', async () => {
    const till = await enrollTerminal(server, shop.tenant, shop.workplace2, 'Soon revoked');
    const poked = await stream(till.token);
    await poked.waitFor('heartbeat');
    expect((await server.request('DELETE', `${SYNC}/terminals/${till.terminalId}`, { token: shop.tenant.token })).status).toBe(200);
    await poked.waitFor('closed');
    await poked.waitFor('end');
  });

  it.runIf(engine === 'postgres')('pokes a till connected to one instance after a write through another (LISTEN/NOTIFY)', async () => {
    const url = postgresUrlOf(database.db);
    if (!url) throw new Error('no PostgreSQL URL');
    const second = openDatabase(url);
    const other = await buildServer(TEST_CONFIG, second);
    try {
      const otherUrl = await listening(other);
      const till = await enrollTerminal(server, shop.tenant, shop.workplace1, 'On instance B');
      const poked = await openPokeStream(otherUrl, till.token);
      streams.push(poked);
      await poked.waitFor('hello');
      await quiet();
      const before = poked.count('poke');
      // Through instance A (the test's server), where this till is not connected.
      await createClient(shop.tenant, 'Announced across instances');
      await poked.waitFor('poke', before + 1);
      // And another business's write through A does not reach it.
      await quiet();
      const after = poked.count('poke');
      await createClient(rival, 'Not ours, across instances');
      await quiet();
      expect(poked.count('poke')).toBe(after);
      poked.close();
    } finally {
      await other.app.close();
      await second.close();
    }
  });
});
