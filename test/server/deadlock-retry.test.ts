/**
 * PostgreSQL aborts one of two writes that wait on each other's rows (40P01). The service's transactor runs the
 * aborted one again (db/transactor.ts), so both callers get their answer and each write is applied once — the
 * fault harness saw back-office receipts answer 500 "deadlock detected" against a till's push before.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainHandlers } from '../../app/handlers.js';
import type { Handler } from '../../app/operation.js';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { cashierToken } from '../helpers/actors.js';
import { expectErrorBody } from '../helpers/checks.js';
import { freshDatabase, testEngines } from '../helpers/databases.js';
import { insertClient } from '../helpers/fixtures.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { enrollTerminal, shopWorld } from '../helpers/terminals.js';

const measurement = (id: string) => ({ business_id: 'b', id, name: id, is_deleted: 0, dt_created: 'now', dt_updated: 'now' });

describe.skipIf(!(await testEngines()).includes('postgres'))('writes that deadlock on PostgreSQL', () => {
  it('both commit, each once: the transaction PostgreSQL aborted runs again instead of answering an error', async () => {
    const database = await freshDatabase('postgres', { poolSize: 4 });
    try {
      await database.db.insertInto('measurements').values([measurement('a'), measurement('b')]).execute();
      let runs = 0;
      // Each locks one row, waits until the other holds its own, then asks for the other's: a certain deadlock.
      let arrived = 0;
      let bothHoldOne!: () => void;
      const bothHold = new Promise<void>((resolve) => (bothHoldOne = resolve));
      const crossing = (first: string, second: string) =>
        database.writes.transaction(async (tx) => {
          runs += 1;
          await sql`update measurements set name = name || '+' where id = ${first}`.execute(tx);
          if (++arrived === 2) bothHoldOne();
          await bothHold;
          await sql`update measurements set name = name || '+' where id = ${second}`.execute(tx);
          await tx.insertInto('measurements').values(measurement(`by-${first}`)).execute();
        });
      const outcomes = await Promise.allSettled([crossing('a', 'b'), crossing('b', 'a')]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(runs).toBe(3);
      const rows = await database.db.selectFrom('measurements').select(['id', 'name']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 'a', name: 'a++' },
        { id: 'b', name: 'b++' },
        { id: 'by-a', name: 'by-a' },
        { id: 'by-b', name: 'by-b' },
      ]);
    } finally {
      await database.dispose();
    }
  });

  it('does not run again a write that failed for its own reasons', async () => {
    const database = await freshDatabase('postgres');
    try {
      let runs = 0;
      await expect(
        database.writes.transaction(async (tx) => {
          runs += 1;
          await tx.insertInto('measurements').values(measurement('x')).execute();
          await tx.insertInto('measurements').values(measurement('x')).execute();
        }),
      ).rejects.toMatchObject({ code: '23505' });
      expect(runs).toBe(1);
    } finally {
      await database.dispose();
    }
  });
});

/**
 * What the transactor's retries do not get past — the same conflict again and again, or a database out of reach — is
 * answered 503 with a Retry-After header (seconds) in the reference's error body, never 500 (server/errors.ts,
 * db/transient.ts): the same request succeeds when sent again. A push that meets one aborts its whole batch, so the
 * till's retry applies it once.
 */
describe.each(await testEngines())('a write that meets a conflict it cannot get past, on %s', (engine) => {
  const handlers = domainHandlers as Map<string, Handler>;
  const failing = ['ClientController_create', 'ClientDebtController_createTransaction'] as const;
  const originals = new Map(failing.map((name) => [name, handlers.get(name)!]));
  let failWith: unknown = null;
  let runs = 0;
  let server: TestServer;
  let shop: Tenant;

  beforeAll(async () => {
    // Before the service starts: its routes take their handlers when they are registered.
    for (const [name, original] of originals) {
      handlers.set(name, {
        ...original,
        async run(db, input, ctx) {
          runs += 1;
          if (failWith) throw failWith;
          return original.run(db, input, ctx);
        },
      });
    }
    server = await startTestServer(engine);
    shop = await registerTenant(server);
  });
  afterAll(async () => {
    for (const [name, original] of originals) handlers.set(name, original);
    await server.close();
  });
  const fail = (code: string) => Object.assign(new Error(`a failure with code ${code}`), { code });

  it('answers a deadlock that persists 503 with Retry-After: 1, after the transactor’s retries', async () => {
    failWith = fail('40P01');
    runs = 0;
    const response = await server.request('POST', '/api/v1/clients/create', { token: shop.token, body: { full_name: 'Deadlocked' } });
    failWith = null;
    expectErrorBody(response, 503, 'busy');
    expect(response.headers['retry-after']).toBe('1');
    expect(response.body.detail).toEqual({ code: 'BUSY', retryAfterSeconds: 1 });
    // PostgreSQL's transactor ran it again first (db/transactor.ts); SQLite never deadlocks and does not.
    expect(runs).toBe(engine === 'postgres' ? 4 : 1);
    expect(await server.database.db.selectFrom('clients').select('id').where('full_name', '=', 'Deadlocked').execute()).toEqual([]);
  });

  it.each([
    ['a serialization failure', '40001', 1],
    ['a lock timeout', '55P03', 1],
    ['a refused connection to the database', 'ECONNREFUSED', 5],
    ['too many connections', '53300', 5],
    ['a lost connection', '08006', 5],
  ])('answers %s 503 with its Retry-After', async (_label, code, seconds) => {
    failWith = fail(code);
    const response = await server.request('POST', '/api/v1/clients/create', { token: shop.token, body: { full_name: 'Refused' } });
    failWith = null;
    expectErrorBody(response, 503);
    expect(response.headers['retry-after']).toBe(String(seconds));
  });

  it('answers a push whose operation meets a deadlock 503 with Retry-After, applying nothing, and its retry applies it once', async () => {
    const world = await shopWorld(server, shop);
    const till = await enrollTerminal(server, shop, world.workplace1);
    const cashier = (await cashierToken(server, shop, { workplaceId: world.workplace1 })).id;
    const client = await insertClient(server, shop, 'Owes');
    const sale = { seq: 1, mutationId: uuidv7(), name: 'ClientDebtController_createTransaction', v: 1, occurredAt: new Date().toISOString(), actor: { employeeId: cashier }, args: { client_id: client, debt_amount: '5', employee_id: cashier, id_automated_point: world.point1 } };
    const push = () => server.request('POST', '/api/v1/sync/push', { token: till.token, body: { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations: [sale] } });
    failWith = fail('40P01');
    const refused = await push();
    failWith = null;
    expectErrorBody(refused, 503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(await server.database.db.selectFrom('sync_mutations').select('seq').where('terminal_id', '=', till.terminalId).execute()).toEqual([]);
    const retried = await push();
    expect(retried.status).toBe(201);
    expect(retried.body.results[0].status).toBe('applied');
    expect(await server.database.db.selectFrom('client_debt_txns').select('id').where('client_id', '=', client).execute()).toHaveLength(1);
  });
});
