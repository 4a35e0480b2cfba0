/**
 * Push batches take their balance rows in one global order (app/sync/push-locks.ts), so concurrent batches cannot
 * deadlock on PostgreSQL: ten tills each pushing 30 credit sales on random clients of one business at once, twice —
 * the storm that had 7 of 10 answered 500 after 19–29 s, and 4 more on its second round. Deadlocks are counted at
 * the driver (the transactor runs a deadlocked transaction again, so answers alone would hide them). And stock:
 * tills' batches of write-offs crossing each other and the back office's several-line write-offs of the same items.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../shared/ids.js';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { cashierToken } from '../helpers/actors.js';
import { testEngines } from '../helpers/databases.js';
import { insertClient, insertItem, insertMeasurement } from '../helpers/fixtures.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { enrollTerminal, shopWorld, type EnrolledTerminal, type ShopWorld } from '../helpers/terminals.js';

const TILLS = 10;
const SALES_PER_PUSH = 30;
const CLIENTS = 40;

/** How many statements PostgreSQL aborted as deadlocked (40P01) while `run` ran, counted at the driver. */
async function deadlocksDuring<T>(run: () => Promise<T>): Promise<{ result: T; deadlocks: number }> {
  const query = pg.Client.prototype.query;
  let deadlocks = 0;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const answer = (query as (...rest: unknown[]) => unknown).apply(this, args);
    if (answer instanceof Promise) {
      answer.catch((error: { code?: string }) => {
        if (error?.code === '40P01') deadlocks += 1;
      });
    }
    return answer;
  } as typeof query;
  try {
    return { result: await run(), deadlocks };
  } finally {
    pg.Client.prototype.query = query;
  }
}

/** A small seeded generator: the same storm on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe.skipIf(!(await testEngines()).includes('postgres'))('push batches on PostgreSQL', () => {
  let server: TestServer;
  let shop: Tenant;
  let world: ShopWorld;
  let cashier: string;
  let clients: string[];
  let tills: EnrolledTerminal[];

  beforeAll(async () => {
    server = await startTestServer('postgres');
    shop = await registerTenant(server);
    world = await shopWorld(server, shop);
    cashier = (await cashierToken(server, shop, { workplaceId: world.workplace1, rights: ['STOCK'] })).id;
    clients = [];
    for (let index = 0; index < CLIENTS; index += 1) clients.push(await insertClient(server, shop, `Storm client ${index}`));
    tills = [];
    for (let index = 0; index < TILLS; index += 1) tills.push(await enrollTerminal(server, shop, world.workplace1, `Storm till ${index}`));
  });
  afterAll(() => server.close());

  const random = seeded(27);
  let clock = Date.parse('2026-11-20T09:00:00.000Z');
  const batch = (firstSeq: number) =>
    Array.from({ length: SALES_PER_PUSH }, (_, index) => {
      clock += 1;
      return {
        seq: firstSeq + index,
        mutationId: uuidv7(),
        name: 'ClientDebtController_createTransaction',
        v: 1,
        occurredAt: new Date(clock).toISOString(),
        actor: { employeeId: cashier },
        args: { client_id: clients[Math.floor(random() * CLIENTS)], debt_amount: String(1 + Math.floor(random() * 9)), employee_id: cashier, id_automated_point: world.point1 },
      };
    });
  const push = (till: EnrolledTerminal, mutations: unknown[]) =>
    server.request('POST', '/api/v1/sync/push', {
      token: till.token,
      body: { protocolVersion: PROTOCOL_VERSION, terminalId: till.terminalId, epoch: till.epoch, mutations },
    });

  it('apply six tills’ 30-write-off batches and the back office’s several-line write-offs of the same items, at once, without one deadlock', async () => {
    const measure = await insertMeasurement(server, shop, 'pcs');
    const items: string[] = [];
    for (let index = 0; index < 12; index += 1) items.push(await insertItem(server, shop, { name: `Storm item ${index}` }));
    for (const itemId of items) {
      const row = { itemId, warehouseId: world.warehouse1, stock_quantity: '100000', price: '1', measureId: measure, dateFrom: '2026-11-01' };
      expect((await server.request('POST', '/api/v1/stock-quantity/create', { token: shop.token, body: row })).status).toBe(201);
    }
    const pick = (count: number) => Array.from({ length: count }, () => items[Math.floor(random() * items.length)]!);
    const writeOff = (lines: string[], employeeId: string) => ({
      name: 'Storm write-off',
      warehouseId: [world.warehouse1],
      organizationId: world.point1,
      employeeId,
      conducted: true,
      items: [...new Set(lines)].map((itemId) => ({ itemId, quantity: '1', price: '1', measureId: measure })),
    });
    const stormTills: EnrolledTerminal[] = [];
    for (let index = 0; index < 6; index += 1) stormTills.push(await enrollTerminal(server, shop, world.workplace1, `Stock till ${index}`));
    const queued = stormTills.map(() =>
      Array.from({ length: SALES_PER_PUSH }, (_, index) => {
        clock += 1;
        return { seq: index + 1, mutationId: uuidv7(), name: 'WriteOffController_create', v: 1, occurredAt: new Date(clock).toISOString(), actor: { employeeId: cashier }, args: writeOff(pick(2), cashier) };
      }),
    );
    const office = Array.from({ length: 6 }, () => writeOff(pick(6), shop.userId));
    const { result, deadlocks } = await deadlocksDuring(() =>
      Promise.all([
        ...stormTills.map((till, index) => push(till, queued[index]!)),
        ...office.map((body) => server.request('POST', '/api/v1/write-off/create', { token: shop.token, body })),
      ]),
    );
    expect(result.map((answer) => answer.status), JSON.stringify(result.find((answer) => answer.status !== 201)?.body)).toEqual(Array(result.length).fill(201));
    for (const answer of result.slice(0, stormTills.length)) expect(answer.body.results.every((one: { status: string }) => one.status === 'applied')).toBe(true);
    expect(deadlocks).toBe(0);
  });

  it('apply ten tills’ 30-sale batches on random clients, pushed at once, twice, without one deadlock', async () => {
    // The first round creates the clients' debt records, the second finds them.
    for (const round of [0, 1]) {
      const batches = tills.map(() => batch(round * SALES_PER_PUSH + 1));
      const { result: answers, deadlocks } = await deadlocksDuring(() => Promise.all(tills.map((till, index) => push(till, batches[index]!))));
      expect(answers.map((answer) => answer.status), JSON.stringify(answers.find((answer) => answer.status !== 201)?.body)).toEqual(Array(TILLS).fill(201));
      for (const answer of answers) expect(answer.body.results.every((result: { status: string }) => result.status === 'applied')).toBe(true);
      expect(deadlocks, `round ${round + 1}`).toBe(0);
    }
    // Every entry once, and every balance the sum of its entries.
    const sums = await server.database.db
      .selectFrom('client_debt_txns')
      .select(['client_id', (eb) => eb.fn.sum<string>('amount').as('total'), (eb) => eb.fn.countAll<string>().as('entries')])
      .where('business_id', '=', shop.businessId)
      .groupBy('client_id')
      .execute();
    expect(sums.reduce((total, row) => total + Number(row.entries), 0)).toBe(2 * TILLS * SALES_PER_PUSH);
    const balances = await server.database.db.selectFrom('client_debts').select(['client_id', 'debt_amount']).where('business_id', '=', shop.businessId).execute();
    expect(new Map(balances.map((row) => [row.client_id, BigInt(row.debt_amount)]))).toEqual(new Map(sums.map((row) => [row.client_id, BigInt(row.total)])));
  });
});
