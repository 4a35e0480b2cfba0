/**
 * Our own fuzzer, in the suite (issue 13 §3): fast-check drives every operation of our OpenAPI document with
 * schema-shaped and broken bodies, own, foreign and made-up ids, odd money values, as an owner, a cashier, a
 * till and nobody, and holds each answer to the rules in test/helpers/fuzz.ts. A cashier and a till of the
 * business's second point call too (issue 28 §1), the till pushing what it draws; every write of theirs must leave
 * the first point's records exactly as they were (test/helpers/point-footprint.ts). A fixed seed and a fixed number
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
import { insertClient, insertItem, insertMeasurement, insertSupplier } from '../helpers/fixtures.js';
import {
  describeRequest,
  documentOperations,
  requestArbitrary,
  send,
  violations,
  type FuzzCorpus,
  type FuzzOperation,
  type FuzzRequest,
  type FuzzWorld,
} from '../helpers/fuzz.js';
import { changedParts, pointFootprint, type PointScopeIds } from '../helpers/point-footprint.js';
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

/** The fuzzed business, the other one, and the first point whose records the second point's callers must not touch. */
interface Built {
  readonly world: FuzzWorld;
  readonly rival: Tenant;
  readonly firstPoint: PointScopeIds;
}

async function buildWorld(server: TestServer): Promise<Built> {
  const [shop, rival] = await Promise.all([registerTenant(server, 'fuzz'), registerTenant(server, 'rival')]);
  const mine = await shopWorld(server, shop);
  const theirs = await shopWorld(server, rival);
  const marker = `rival-marker-${Math.random().toString(36).slice(2, 10)}`;
  const cashier = await cashierToken(server, shop, { pointId: mine.point1, workplaceId: mine.workplace1 });
  const otherCashier = await cashierToken(server, shop, { pointId: mine.point2, workplaceId: mine.workplace2 });
  const item = await insertItem(server, shop, { name: 'Fuzz tea', price: 1250n });
  const created = async (path: string, body: Record<string, unknown>) =>
    (await server.request('POST', `/api/v1${path}`, { token: shop.token, body })).body.id as string;
  // Records of the first point a second point's caller might reach for: its open shift and a stock row.
  const firstShift = await created('/settlements/create', { name: 'Fuzz shift', workplace_id: mine.workplace1 });
  const measureId = await insertMeasurement(server, shop);
  const stockRow = (warehouseId: string, itemId = item) => ({ itemId, stock_quantity: '10', price: '12.5', measureId, dateFrom: '2026-11-20', warehouseId });
  const firstStock = await created('/stock-quantity/create', stockRow(mine.warehouse1));
  const secondShift = await created('/settlements/create', { name: 'Fuzz shift 2', workplace_id: mine.workplace2 });
  const secondStock = await created('/stock-quantity/create', stockRow(mine.warehouse2));
  const stocked = await insertItem(server, shop, { name: 'Fuzz juice', price: 500n });
  await created('/stock-quantity/create', stockRow(mine.warehouse2, stocked));
  const client = await insertClient(server, shop, 'Fuzz client');
  const ownIds = [
    mine.warehouse1,
    mine.warehouse2,
    mine.point1,
    mine.point2,
    mine.workplace1,
    mine.workplace2,
    firstShift,
    firstStock,
    item,
    client,
    await insertSupplier(server, shop, 'Fuzz supplier'),
    cashier.id,
    otherCashier.id,
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
  const till = await enrollTerminal(server, shop, mine.workplace1);
  const otherTill = await enrollTerminal(server, shop, mine.workplace2);
  return {
    rival,
    firstPoint: { businessId: shop.businessId, pointId: mine.point1, warehouseId: mine.warehouse1 },
    world: {
      server,
      tokens: { owner: shop.token, cashier: cashier.token, till: till.token, otherCashier: otherCashier.token, otherTill: otherTill.token },
      ownIds,
      foreignIds,
      // Its ids are sent as values (and may be stored as such), so only texts no request ever carries mark a leak.
      foreignMarkers: [marker, rival.login],
      secrets: [PASSWORD, TEST_CONFIG.jwtSecret],
      pusher: { terminalId: otherTill.terminalId, epoch: otherTill.epoch, employeeId: otherCashier.id, seq: 0 },
      corpus: {
        entries: secondPointWrites({ ...mine, item, stocked, client, measureId, shift: secondShift, stock: secondStock, cashier: otherCashier.id }),
        swaps: {
          [mine.point2]: mine.point1,
          [mine.workplace2]: mine.workplace1,
          [mine.warehouse2]: mine.warehouse1,
          [secondShift]: firstShift,
          [secondStock]: firstStock,
          [otherCashier.id]: cashier.id,
        },
      },
    },
  };
}

/** Writes the second point's cashier may make at its own point (test/helpers/fuzz.ts, `FuzzCorpus`). */
function secondPointWrites(ids: {
  point2: string;
  workplace2: string;
  warehouse2: string;
  item: string;
  stocked: string;
  client: string;
  measureId: string;
  shift: string;
  stock: string;
  cashier: string;
}): FuzzCorpus['entries'] {
  const line = { itemId: ids.item, quantity: '1', price: '1', measureId: ids.measureId };
  const document = { organizationId: ids.point2, employeeId: ids.cashier, items: [line] };
  return [
    {
      operationId: 'OrderController_create',
      body: {
        order_id: 'F-1',
        automated_point_id: ids.point2,
        workplace_id: ids.workplace2,
        settlement_id: ids.shift,
        employee_id: ids.cashier,
        items: [{ item_id: ids.item, quantity: '1', price: '12.5', subtotal: '12.5', warehouse_id: ids.warehouse2 }],
        subtotal: '12.5',
        total_sum: '12.5',
      },
    },
    { operationId: 'StockQuantityController_update', params: { id: ids.stock }, body: { stock_quantity: '3' } },
    { operationId: 'StockQuantityController_remove', params: { id: ids.stock } },
    { operationId: 'StockQuantityController_create', body: { itemId: ids.item, stock_quantity: '2', price: '1', measureId: ids.measureId, dateFrom: '2026-11-20', warehouseId: ids.warehouse2 } },
    { operationId: 'ClientDebtController_createTransaction', body: { client_id: ids.client, debt_amount: '5', employee_id: ids.cashier, id_automated_point: ids.point2 } },
    { operationId: 'BusinessController_updateWorkplace', params: { id: ids.workplace2 }, body: { automated_point_id: ids.point2 } },
    { operationId: 'BusinessController_updatePoint', params: { id: ids.point2 }, body: { default_warehouse_id: ids.warehouse2 } },
    { operationId: 'SettlmentController_createCashMove', params: { id: ids.shift }, body: { kind: 'IN', amount: '10', reason: 'float' } },
    { operationId: 'SettlmentController_update', params: { id: ids.shift }, body: { name: 'Renamed shift' } },
    { operationId: 'WriteOffController_create', body: { ...document, name: 'Spoiled', warehouseId: [ids.warehouse2], conducted: true } },
    { operationId: 'MovementController_create', body: { ...document, name: 'Moved', warehouseId: ids.warehouse2, toWarehouseId: ids.warehouse2 } },
    { operationId: 'ItemModifierController_updateItem', params: { id: ids.stocked }, body: { stock_quantity: '4', warehouseId: ids.warehouse2 } },
  ];
}

/** The callers of the second point: none of their writes may change the first point's records. */
const SECOND_POINT: ReadonlySet<string> = new Set(['otherCashier', 'otherTill']);

/** The property: every request drawn keeps every rule, and a second point's write stays at its point. */
function everyAnswerKeepsTheRules(world: FuzzWorld, operations: readonly FuzzOperation[], firstPoint: PointScopeIds) {
  // The first point's footprint after the last watched write, while no other caller has written since: read once, not
  // twice, for a run of them (what keeps the run's time near what it was without them).
  let known: string | undefined;
  return fc.asyncProperty(requestArbitrary(operations, world), async (request: FuzzRequest) => {
    const writes = request.operation.method !== 'GET';
    const watched = writes && SECOND_POINT.has(request.actor);
    const before = watched ? (known ?? (await pointFootprint(world.server, firstPoint))) : '';
    const response = await send(world, request);
    const problems = violations(world, request, response);
    if (watched) {
      const after = await pointFootprint(world.server, firstPoint);
      const changed = changedParts(before, after);
      if (changed.length > 0) problems.push(`a write by the second point’s ${request.actor} changed the first point’s ${changed.join(', ')}`);
      known = after;
    } else if (writes) {
      known = undefined;
    }
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
  let firstPoint: PointScopeIds;

  beforeAll(async () => {
    server = await startTestServer(engine);
    ({ world, rival, firstPoint } = await buildWorld(server));
    rivalBefore = await businessSnapshot(server, rival.businessId);
  }, 60_000);
  afterAll(() => server.close());

  it('finds no 5xx, no undeclared status, no malformed error, no leak, no secret in any answer, and no write of a second point’s cashier or till at the first point', async () => {
    expect(OPERATIONS.length).toBeGreaterThan(150);
    await fc.assert(everyAnswerKeepsTheRules(world, OPERATIONS, firstPoint), { seed: SEED, numRuns: RUNS, endOnFailure: true });
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
      const { world, firstPoint } = await buildWorld(server);
      const operations = OPERATIONS.filter((operation) => operation.operationId.startsWith('WarehouseController_'));
      const result = await fc.check(everyAnswerKeepsTheRules(world, operations, firstPoint), { seed: SEED, numRuns: 200, endOnFailure: true });
      expect(result.failed).toBe(true);
      expect(String(result.errorInstance)).toMatch(/a 500[\s\S]*GET \/api\/v1\/warehouses\/all/);
    } finally {
      await server.close();
    }
  }, 60_000);
});
