/**
 * `npx tsx bench/server/items-all.ts [--items 10000] [--engines sqlite,postgres] [--requests 200] [--profile]`
 *
 * In-process micro-benchmark of the catalogue lists (items/all above all) on a deterministic catalogue seeded
 * straight into the database: varied columns, a mix of points, deleted items, level rows in a live and a
 * deleted warehouse, deleted level rows, fractional and negative quantities. Prints per engine the handler time
 * (query + mapping), the serialisation time, the time of one full request through Fastify inject, throughput
 * at 32 concurrent requests, and a SHA-256 of each answer — for owner and cashier — so a change can be checked
 * to give byte-identical results. `--profile` writes /tmp/kassa-items-all-<engine>.cpuprofile.
 * A diagnostic: the client shares the process. `--wire [--duration 5]` instead runs only the items/all scenario
 * of `bench/server/run.ts` (real service in a child process, items seeded over HTTP, autocannon, 32 connections).
 */
import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { domainHandlers } from '../../app/handlers.js';
import type { OperationContext } from '../../app/context.js';
import type { Engine } from '../../db/connect.js';
import type { ItemsTable, StockLevelsTable } from '../../db/schema.js';
import { buildServer } from '../../server/app.js';
import { freshDatabase } from '../../test/helpers/databases.js';
import { TEST_CONFIG } from '../../test/helpers/server.js';
import { createFixtures, seedItems } from './fixtures.js';
import { startService } from './service.js';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    requests: { type: 'string', default: '200' },
    profile: { type: 'boolean', default: false },
    wire: { type: 'boolean', default: false },
    duration: { type: 'string', default: '5' },
  },
});
const ITEMS = Number(values.items);
const REQUESTS = Number(values.requests);
const engines = String(values.engines).split(',') as Engine[];

const id = (prefix: number, index: number) => `0190a000-0000-7000-8${prefix}00-${String(index).padStart(12, '0')}`;
const at = (index: number) => new Date(Date.UTC(2026, 0, 1) + Math.floor(index / 3) * 1000).toISOString();
const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? NaN;

/** Median wall time and median CPU time (this process: user + system) of `run`, in ms. */
async function timeIt(times: number, run: () => unknown): Promise<{ wall: number; cpu: number }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const start = performance.now();
    const used = process.cpuUsage();
    await run();
    const { user, system } = process.cpuUsage(used);
    wall.push(performance.now() - start);
    cpu.push((user + system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}
const ms = ({ wall, cpu }: { wall: number; cpu: number }) => `${wall.toFixed(1)} ms (cpu ${cpu.toFixed(1)})`;

async function benchEngine(engine: Engine) {
  const database = await freshDatabase(engine);
  const { app } = await buildServer({ ...TEST_CONFIG, logLevel: 'warn' }, database);
  const call = async (method: string, url: string, body?: unknown, token?: string) => {
    const response = await app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    if (response.statusCode >= 300) throw new Error(`${url} ${response.body}`);
    return response;
  };
  await call('POST', '/auth/register', { login: `items-${engine}`, password: 'secret12', businessName: 'b', name: 'n' });
  const { access_token: token } = JSON.parse((await call('POST', '/auth/login', { login: `items-${engine}`, password: 'secret12' })).body);
  const businessId = (await database.db.selectFrom('businesses').select('id').executeTakeFirstOrThrow()).id;

  // ---- deterministic catalogue ----
  const db = database.db;
  const live = id(1, 1);
  const gone = id(1, 2);
  const point = id(2, 1);
  const now = at(0);
  await db
    .insertInto('warehouses')
    .values([
      { business_id: businessId, id: live, name: 'Live', location: null, is_deleted: 0, dt_created: now, dt_updated: now },
      { business_id: businessId, id: gone, name: 'Gone', location: null, is_deleted: 1, dt_created: now, dt_updated: now },
    ])
    .execute();
  const items: Insertable<ItemsTable>[] = [];
  const levels: Insertable<StockLevelsTable>[] = [];
  for (let index = 0; index < ITEMS; index += 1) {
    const itemId = id(3, index);
    items.push({
      business_id: businessId,
      id: itemId,
      group_id: index % 4 === 0 ? id(4, index % 10) : null,
      name: `Item ${index} "quoted" \\ ü`,
      description: index % 3 === 0 ? `Line\nbreak ${index}` : null,
      search_name: index % 5 === 0 ? `item${index}` : null,
      measurement: 'pcs',
      price: BigInt(index * 37 + 5),
      cost: index % 2 === 0 ? BigInt(index * 11) : null,
      shtrix: `478${String(index).padStart(10, '0')}`,
      color: index % 6 === 0 ? '#ff0000' : null,
      type: 'ITEM',
      id_automated_point: [null, '0', '', point, 'other-point'][index % 5] ?? null,
      tax_id: index % 7 === 0 ? 'tax' : null,
      discount_id: null,
      pictures: index % 8 === 0 ? '["a.png","b.png"]' : '[]',
      is_menu: index % 2,
      is_service: index % 3 === 0 ? 1 : 0,
      allow_pickup: 0,
      allow_delivery: index % 9 === 0 ? 1 : 0,
      is_deleted: index % 50 === 49 ? 1 : 0,
      dt_created: at(index),
      dt_updated: at(index),
    });
    const level = (warehouseId: string, quantity: bigint, deleted = 0) =>
      levels.push({
        business_id: businessId,
        id: id(5, levels.length),
        item_id: itemId,
        warehouse_id: warehouseId,
        quantity,
        price: 0n,
        measure_id: '',
        date_from: now,
        ...{ mon: 0n, tue: 0n, wed: 0n, thu: 0n, fri: 0n, sat: 0n, sun: 0n },
        is_deleted: deleted,
        dt_created: now,
        dt_updated: now,
      });
    if (index % 2 === 0) level(live, BigInt(index * 1001 - 3_000_000) * (index % 4 === 0 ? 1n : -1n), index % 14 === 0 ? 1 : 0);
    if (index % 5 === 0) level(gone, 123_456_789n);
  }
  for (let start = 0; start < items.length; start += 500) await db.insertInto('items').values(items.slice(start, start + 500)).execute();
  // A few groups and modifiers too, so their lists are checked as well (same columns; modifiers add item_id).
  const entry = (prefix: number, index: number) => {
    const { group_id: _group, ...item } = items[index % items.length] as Insertable<ItemsTable>;
    return { ...item, id: id(prefix, index), name: `Entry ${prefix}/${index}` };
  };
  const few = Math.ceil(ITEMS / 20);
  for (const [table, prefix] of [['item_groups', 6], ['modifier_groups', 7]] as const) {
    await db.insertInto(table).values(Array.from({ length: few }, (_, index) => entry(prefix, index))).execute();
  }
  const modifiers = Array.from({ length: few * 2 }, (_, index) => ({ ...entry(8, index), group_id: id(7, index % 10), item_id: index % 3 ? id(3, index) : null }));
  for (let start = 0; start < modifiers.length; start += 500) await db.insertInto('modifiers').values(modifiers.slice(start, start + 500)).execute();
  for (let start = 0; start < levels.length; start += 500) await db.insertInto('stock_levels').values(levels.slice(start, start + 500)).execute();

  const owner: OperationContext = { businessId, actor: { kind: 'user', id: 'x', role: 'OWNER' }, now, side: 'server', newId: () => '' };
  const cashier: OperationContext = { ...owner, actor: { kind: 'employee', id: 'y', role: 'EMPLOYEE', pointId: point } };
  const input = { body: undefined, query: undefined, params: {} } as never;
  const lists = ['findAllItems', 'findAllItemGroups', 'findAllModifiers', 'findAllModifierGroups'];
  const hashes: Record<string, string> = {};
  for (const list of lists) {
    const run = domainHandlers.get(`ItemModifierController_${list}`)?.run;
    if (!run) throw new Error(list);
    hashes[`${list} owner`] = sha(JSON.stringify(await run(db, input, owner)));
    hashes[`${list} cashier`] = sha(JSON.stringify(await run(db, input, cashier)));
  }
  const findAll = domainHandlers.get('ItemModifierController_findAllItems')?.run;
  if (!findAll) throw new Error('findAllItems');
  const result = await findAll(db, input, owner);
  const count = (result as unknown[]).length;

  const handlerMs = await timeIt(15, () => findAll(db, input, owner));
  const stringifyMs = await timeIt(15, () => JSON.stringify(result));
  const get = () => call('GET', '/item-modifier/items/all', undefined, token);
  const body = (await get()).body;
  hashes['items/all HTTP body'] = sha(body);
  const requestMs = await timeIt(15, get);

  const session = values.profile ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  let sent = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (sent < REQUESTS) {
        sent += 1;
        await get();
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(`/tmp/kassa-items-all-${engine}.cpuprofile`, JSON.stringify(profile));
  }

  console.log(`\n[${engine}] ${count} live items (${ITEMS} seeded, ${levels.length} level rows), body ${(body.length / 1e6).toFixed(1)} MB`);
  console.log(`  handler (query + mapping) ${ms(handlerMs)}, JSON.stringify ${ms(stringifyMs)}, one request ${ms(requestMs)}`);
  console.log(`  ${REQUESTS} requests, 32 concurrent: ${(REQUESTS / seconds).toFixed(1)} req/s`);
  for (const [name, hash] of Object.entries(hashes)) console.log(`  sha256 ${hash}  ${name}`);
  await app.close();
  await database.dispose();
}

/**
 * The service's own CPU time (user + system, ms) from /proc — unlike req/s it stays meaningful on a machine
 * shared with other work. The pid is the listener of the port (Linux `ss`).
 */
function listenerPid(port: number): number {
  const line = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  return Number(/pid=(\d+)/.exec(line)?.[1] ?? NaN);
}
/** CPU time (ms) of every PostgreSQL process on this machine (other users of the server count too). */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += processCpuMs(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The items/all scenario of run.ts alone: same service, seeding and load. */
async function wireEngine(engine: Engine, port: number) {
  const service = await startService(engine, port);
  try {
    const fixtures = await createFixtures(service.baseUrl);
    await seedItems(service.baseUrl, fixtures.token, ITEMS);
    const pid = listenerPid(port);
    // First one request at a time (after a warm-up), so the service CPU per request counts whole requests only.
    await (await fetch(`${service.baseUrl}/api/v1/item-modifier/items/all`, { headers: { authorization: `Bearer ${fixtures.token}` } })).arrayBuffer();
    const cpuSequential = processCpuMs(pid);
    const postgresSequential = postgresCpuMs();
    for (let index = 0; index < 10; index += 1) {
      const response = await fetch(`${service.baseUrl}/api/v1/item-modifier/items/all`, { headers: { authorization: `Bearer ${fixtures.token}` } });
      await response.arrayBuffer();
    }
    const cpu = (processCpuMs(pid) - cpuSequential) / 10;
    const postgresCpu = engine === 'postgres' ? `, postgres ${((postgresCpuMs() - postgresSequential) / 10).toFixed(0)} ms` : '';
    const result = await autocannon({
      url: service.baseUrl,
      connections: 32,
      duration: Number(values.duration),
      requests: [{ method: 'GET', path: '/api/v1/item-modifier/items/all', headers: { authorization: `Bearer ${fixtures.token}` } }],
    });
    const errors = result.errors + result.non2xx + result.timeouts;
    console.log(
      `[${engine}] items/all (${ITEMS} items) over the wire: ${result.requests.average.toFixed(1)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms` +
        `  CPU per request: service ${cpu.toFixed(0)} ms${postgresCpu}${errors ? `  errors ${errors}` : ''}`,
    );
  } finally {
    await service.stop();
  }
}

for (const [index, engine] of engines.entries()) {
  if (values.wire) await wireEngine(engine, 18950 + index);
  else await benchEngine(engine);
}
