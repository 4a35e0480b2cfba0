/**
 * Our own fuzzer, in the suite (issue 13 §3): fast-check drives every operation of our OpenAPI document with
 * schema-shaped and broken bodies, own, foreign and made-up ids, odd money values, as an owner, a cashier, a
 * till and nobody, and holds each answer to the rules in test/helpers/fuzz.ts. A fixed seed and a fixed number
 * of runs keep it repeatable and bounded (FUZZ_SEED and FUZZ_RUNS change them; a failure prints the seed).
 *
 * The last test plants a fault in one handler and shows the same property catching it: a fuzzer that could
 * never fail would prove nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainHandlers } from '../../app/handlers.js';
import { handler, type Handler } from '../../app/operation.js';
import { cashierToken } from '../helpers/actors.js';
import { testEngines } from '../helpers/databases.js';
import { insertClient, insertItem, insertSupplier } from '../helpers/fixtures.js';
import {
  describeRequest,
  documentOperations,
  requestArbitrary,
  send,
  violations,
  type FuzzOperation,
  type FuzzRequest,
  type FuzzWorld,
} from '../helpers/fuzz.js';
import { registerTenant, startTestServer, TEST_CONFIG, type Tenant, type TestServer } from '../helpers/server.js';
import { enrollTerminal, shopWorld } from '../helpers/terminals.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 800);
const PASSWORD = 'correct horse battery';

/** The other business's rows in every table that has a business column, as text: must not change. */
async function businessSnapshot(server: TestServer, businessId: string): Promise<string> {
  const tables = await server.database.db.introspection.getTables();
  const parts: string[] = [];
  for (const table of tables.filter((t) => t.columns.some((column) => column.name === 'business_id')).sort((a, b) => a.name.localeCompare(b.name))) {
    const rows = await server.database.db
      .selectFrom(table.name as 'items')
      .selectAll()
      .where('business_id', '=', businessId)
      .execute();
    const texts = rows.map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)));
    parts.push(`${table.name}:${texts.sort().join(',')}`);
  }
  return parts.join('\n');
}

async function buildWorld(server: TestServer): Promise<{ world: FuzzWorld; rival: Tenant }> {
  const [shop, rival] = await Promise.all([registerTenant(server, 'fuzz'), registerTenant(server, 'rival')]);
  const mine = await shopWorld(server, shop);
  const theirs = await shopWorld(server, rival);
  const marker = `rival-marker-${Math.random().toString(36).slice(2, 10)}`;
  const ownIds = [
    mine.warehouse1,
    mine.point1,
    mine.point2,
    mine.workplace1,
    await insertItem(server, shop, { name: 'Fuzz tea', price: 1250n }),
    await insertClient(server, shop, 'Fuzz client'),
    await insertSupplier(server, shop, 'Fuzz supplier'),
    shop.userId,
    shop.businessId,
  ];
  const foreignIds = [
    theirs.warehouse1,
    theirs.point1,
    theirs.workplace1,
    await insertItem(server, rival, { name: `${marker} item`, price: 99_999_999n }),
    await insertClient(server, rival, `${marker} client`),
    await insertSupplier(server, rival, `${marker} supplier`),
    rival.userId,
    rival.businessId,
  ];
  const cashier = await cashierToken(server, shop, { pointId: mine.point1, workplaceId: mine.workplace1 });
  const till = await enrollTerminal(server, shop, mine.workplace1);
  return {
    rival,
    world: {
      server,
      tokens: { owner: shop.token, cashier: cashier.token, till: till.token },
      ownIds,
      foreignIds,
      // Its ids are sent as values (and may be stored as such), so only texts no request ever carries mark a leak.
      foreignMarkers: [marker, rival.login],
      secrets: [PASSWORD, TEST_CONFIG.jwtSecret],
    },
  };
}

/** The property: every request drawn keeps every rule. */
function everyAnswerKeepsTheRules(world: FuzzWorld, operations: readonly FuzzOperation[]) {
  return fc.asyncProperty(requestArbitrary(operations, world), async (request: FuzzRequest) => {
    const response = await send(world, request);
    const problems = violations(world, request, response);
    if (problems.length > 0) {
      const answer = JSON.stringify(response.body)?.slice(0, 300);
      throw new Error(`${problems.join('; ')}\n  request: ${describeRequest(request)}\n  answer: ${response.status} ${answer}`);
    }
  });
}

const OPERATIONS = documentOperations();

describe.each(await testEngines())('the fuzzer, driven by our OpenAPI document, on %s', (engine) => {
  let server: TestServer;
  let world: FuzzWorld;
  let rival: Tenant;
  let rivalBefore: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ world, rival } = await buildWorld(server));
    rivalBefore = await businessSnapshot(server, rival.businessId);
  }, 60_000);
  afterAll(() => server.close());

  it('finds no 5xx, no undeclared status, no malformed error, no leak and no secret in any answer', async () => {
    expect(OPERATIONS.length).toBeGreaterThan(150);
    await fc.assert(everyAnswerKeepsTheRules(world, OPERATIONS), { seed: SEED, numRuns: RUNS, endOnFailure: true });
  }, 120_000);

  it("leaves every row of the other business exactly as it was", async () => {
    expect(await businessSnapshot(server, rival.businessId)).toBe(rivalBefore);
  });
});

describe('the fuzzer can fail', () => {
  it('catches a 500 planted in one handler, and names the request that found it', async () => {
    const handlers = domainHandlers as Map<string, Handler>;
    const original = handlers.get('WarehouseController_findAll') as Handler;
    handlers.set(
      'WarehouseController_findAll',
      handler('WarehouseController_findAll', () => {
        throw new Error('planted fault');
      }, { readOnly: true }) as Handler,
    );
    const server = await startTestServer('sqlite').finally(() => handlers.set('WarehouseController_findAll', original));
    try {
      const { world } = await buildWorld(server);
      const operations = OPERATIONS.filter((operation) => operation.operationId.startsWith('WarehouseController_'));
      const result = await fc.check(everyAnswerKeepsTheRules(world, operations), { seed: SEED, numRuns: 200, endOnFailure: true });
      expect(result.failed).toBe(true);
      expect(String(result.errorInstance)).toMatch(/a 500[\s\S]*GET \/api\/v1\/warehouses\/all/);
    } finally {
      await server.close();
    }
  }, 60_000);
});
