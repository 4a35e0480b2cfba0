/**
 * `npm run bench:sync [-- --engines sqlite,postgres --items 100000 --clients 20000 --operations 10000 --terminals 200 --duration 15 --warmup 3]`
 * `npm run bench:sync -- --scenario pokes [...]`: how soon a change reaches the other tills (./pokes.ts).
 *
 * The sync figures of issue 4, against the real service (a child process) and the real terminal core (in this
 * process, on a SQLite file):
 * - bootstrap: a fresh terminal downloads a business of `items` items, `clients` clients and one stock row per
 *   item (seeded straight into the service's database, then versioned like any write), end to end: enroll,
 *   every bootstrap page fetched and applied;
 * - drain: `operations` debt sales done at the till while offline, then pushed and acknowledged (push + pull);
 * - fleet: `terminals` enrolled terminals, each the till of its own workplace with its shift open, each pushing one
 *   real sale (./fleet-sale.ts: an order of 5 lines paid in cash and on account) then pulling, in a loop for
 *   `duration` seconds after `warmup` seconds whose pushes are reported apart; every push's answer is checked and
 *   the sales the service rejected are counted and printed (a run with rejections measures refusals, not sales);
 *   each sells to its own client (`--fleet-clients own`, a fleet of tills) or all to one (`one`: one hot balance),
 *   one sale every `--interval` ms per terminal (default 1000: 200 sales/s offered, a very busy fleet) or back to
 *   back (`--interval 0`: the service's saturation point, where latency is queueing), in one shop or spread over
 *   `--points` shops (each a point with its own warehouse: a till receives its own shop's sales, not the chain's).
 * Prints seconds and rows (operations) per second per engine. A script, not a test.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../../db/connect.js';
import { Terminal, fetchTransport, type Transport } from '../../main/terminal/terminal.js';
import { seedBulk } from '../seed-bulk.js';
import { apiClient } from '../server/fixtures.js';
import { postgresCpuSeconds, startService } from '../server/service.js';
import { fleetSaleArgs, openFleetTill, prepareFleetSales } from './fleet-sale.js';
import { post as postSync } from './pokes-protocol.js';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    items: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '20000' },
    operations: { type: 'string', default: '10000' },
    terminals: { type: 'string', default: '200' },
    duration: { type: 'string', default: '15' },
    // Seconds the fleet runs before its figures count: 200 tills connecting and making their first sale at once.
    warmup: { type: 'string', default: '3' },
    // Internal: one engine's run in a child process (measureInChild).
    child: { type: 'boolean', default: false },
    port: { type: 'string', default: '18600' },
    // 'own': each terminal sells to its own client (a fleet of shops); 'one': all to one client (one hot balance row).
    'fleet-clients': { type: 'string', default: 'own' },
    // The shops the fleet's tills are spread over (round robin), each a point with its own warehouse. 1: one shop of
    // `terminals` tills, where every till receives every other till's sales (pages grow with the square of the fleet).
    points: { type: 'string', default: '1' },
    // Each terminal starts a sale every `interval` ms (0: back to back, the service's saturation point).
    interval: { type: 'string', default: '1000' },
    // `pokes`: issue 19's figure, change → other tills, with pokes and with polling (./pokes.ts, its own options).
    scenario: { type: 'string', default: 'all' },
    // The pokes scenario's own options (read by ./pokes.ts), accepted here so a mistyped option still fails.
    modes: { type: 'string' },
    every: { type: 'string' },
    'poll-interval': { type: 'string' },
    processes: { type: 'string' },
  },
  strict: true,
});
if (values.scenario === 'pokes') await import('./pokes.js');
const TERMINALS = Number(values.terminals);
const DURATION_MS = Number(values.duration) * 1000;
const WARMUP_MS = Number(values.warmup) * 1000;
const ITEMS = Number(values.items);
const CLIENTS = Number(values.clients);
const OPERATIONS = Number(values.operations);
const INTERVAL_MS = Number(values.interval);
const FLEET_CLIENTS = values['fleet-clients'] === 'one' ? 'one' : 'own';
const POINTS = Number(values.points);
if (!Number.isInteger(POINTS) || POINTS < 1) throw new Error('--points must be a positive integer');

async function measure(engine: 'sqlite' | 'postgres', port: number) {
  const service = await startService(engine, port);
  const directory = mkdtempSync(join(tmpdir(), 'kassa-bench-sync-'));
  const terminals: Terminal[] = [];
  try {
    const anonymous = apiClient(service.baseUrl);
    const login = `sync-${Date.now()}`;
    const registered = await anonymous.post('/auth/register', { login, password: 'bench-password', businessName: 'Bench', name: 'Bench' });
    const { access_token: token } = await anonymous.post('/auth/login', { login, password: 'bench-password' });
    const api = apiClient(service.baseUrl, token);
    const warehouse = await api.post('/warehouses/create', { name: 'Main' });
    const point = await api.post('/business-config/points/create', { name: 'Shop', default_warehouse_id: warehouse.id });
    const workplace = await api.post('/business-config/workplaces/create', { name: 'Till', automated_point_id: point.id });
    const client = await api.post('/clients/create', { full_name: 'Regular' });
    const cashier = await api.post('/employee/create', { full_name: 'Cashier', role_id: '0', password: '2580', workplace_id: workplace.id });

    const seeding = openDatabase(service.databaseUrl);
    const seedStart = performance.now();
    await seedBulk(seeding, { businessId: registered.businessId, warehouseId: warehouse.id, items: ITEMS, clients: CLIENTS });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    // PostgreSQL: the capture logs the seeded rows as it logs any write (docs/sync.md, "Capture on PostgreSQL"):
    // about a gigabyte of WAL decoded and rendered, seconds of the service's work. No business has its catalogue
    // bulk-loaded the second before its first till is enrolled, so the bootstrap starts once the capture has caught
    // up; the wait is printed apart.
    const captureSeconds = engine === 'postgres' ? await captureCaughtUp(seeding.db) : 0;
    // The seeding (and its logging) wrote gigabytes of WAL: without a checkpoint now, PostgreSQL starts one (minutes
    // long) in the middle of the measurements, and the fleet's commits wait on a disk busy with it (BENCHMARKS.md).
    if (engine === 'postgres') await sql`checkpoint`.execute(seeding.db);
    await seeding.close();

    // Bootstrap, end to end.
    const code = (await api.post('/sync/enrollment-codes', { workplaceId: workplace.id })).code as string;
    const start = performance.now();
    // Whose CPU the bootstrap takes: the till's (this process: parsing and applying pages), the service's, PostgreSQL's.
    const bootstrapCpu = { till: process.cpuUsage(), service: service.serviceCpuSeconds(), database: engine === 'postgres' ? postgresCpuSeconds() : null };
    const terminal = await Terminal.open(join(directory, 'till.sqlite'));
    terminals.push(terminal);
    await terminal.enroll(service.baseUrl, code, 'Bench till');
    let rows = 0;
    await terminal.bootstrap((progress) => {
      rows = progress.tables.reduce((total, table) => total + table.rowsTotal, 0);
    });
    const bootstrapSeconds = (performance.now() - start) / 1000;
    const tillUsage = process.cpuUsage(bootstrapCpu.till);
    const serviceAfter = service.serviceCpuSeconds();
    const databaseAfter = engine === 'postgres' ? postgresCpuSeconds() : null;
    const bootstrapCpuSeconds = {
      till: (tillUsage.user + tillUsage.system) / 1e6,
      service: serviceAfter === null || bootstrapCpu.service === null ? null : serviceAfter - bootstrapCpu.service,
      database: databaseAfter === null || bootstrapCpu.database === null ? null : databaseAfter - bootstrapCpu.database,
    };

    // Drain: operations done offline, then pushed and acknowledged.
    let online = false;
    const switchable: Transport = async (url, body, bearer) => {
      if (!online) throw new Error('offline');
      return fetchTransport(url, body, bearer);
    };
    const till = await Terminal.open(join(directory, 'till-2.sqlite'), switchable);
    terminals.push(till);
    online = true;
    await till.enroll(service.baseUrl, (await api.post('/sync/enrollment-codes', { workplaceId: workplace.id })).code, 'Drain till');
    await till.bootstrap();
    online = false;
    const queueStart = performance.now();
    for (let index = 0; index < OPERATIONS; index += 1) {
      await till.run('ClientDebtController_createTransaction', { body: { client_id: client.id, debt_amount: '1.5', employee_id: cashier.id, id_automated_point: point.id } }, cashier.id);
    }
    const queueSeconds = (performance.now() - queueStart) / 1000;
    online = true;
    const drainStart = performance.now();
    const cpuBefore = service.serviceCpuSeconds();
    const tillCpuBefore = process.cpuUsage();
    await till.push();
    const tillCpu = process.cpuUsage(tillCpuBefore);
    const tillCpuMicros = (tillCpu.user + tillCpu.system) / OPERATIONS;
    const pushSeconds = (performance.now() - drainStart) / 1000;
    // The service's own CPU for the push, per operation: steadier than the wall clock on a shared machine.
    const cpuAfter = service.serviceCpuSeconds();
    const pushCpuMicros = cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1e6) / OPERATIONS;
    await till.pull();
    const drainSeconds = (performance.now() - drainStart) / 1000;
    const left = await till.pendingOperations();
    const fleet = await manyTerminals(service.baseUrl, api, { clientId: client.id, employeeId: cashier.id, pointId: point.id, warehouseId: warehouse.id });
    return { engine, seedSeconds, captureSeconds, rows, bootstrapSeconds, bootstrapCpuSeconds, queueSeconds, pushSeconds, pushCpuMicros, tillCpuMicros, drainSeconds, left, fleet };
  } finally {
    for (const terminal of terminals) await terminal.close();
    await service.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * TERMINALS enrolled terminals, each a loop of: push one sale (an order paid cash + on account), then pull from its
 * cursor (the protocol a till speaks after each sale), for DURATION_MS. Raw protocol requests — no local store — so
 * the figure is the service's. Returns pushes per second, push latency percentiles and the rejected sales.
 */
/**
 * The cursor of a pull page, read from the head of its text. The 200 tills share this machine's two cores with the
 * service; parsing every page in full (hundreds of entries, a real till's work on its own machine) would take the
 * service's CPU and measure the load generator instead. The service writes `cursor` first (app/sync/pull.ts).
 */
function cursorOf(page: string): string | null {
  const match = /^\{"protocolVersion":\d+,"cursor":(null|"[^"]*")/.exec(page);
  if (!match) throw new Error(`not a pull page: ${page.slice(0, 120)}`);
  return match[1] === 'null' ? null : (JSON.parse(match[1]!) as string);
}

/** Seconds until the database's capture slot has confirmed everything written so far (PostgreSQL). */
async function captureCaughtUp(db: ReturnType<typeof openDatabase>['db']): Promise<number> {
  const started = performance.now();
  const target = (await sql<{ lsn: string }>`select pg_current_wal_flush_lsn()::text as lsn`.execute(db)).rows[0]!.lsn;
  for (;;) {
    const slot = await sql<{ done: boolean }>`
      select confirmed_flush_lsn >= ${target}::pg_lsn as done from pg_replication_slots where database = current_database()`.execute(db);
    if (slot.rows[0]?.done) return (performance.now() - started) / 1000;
    if (performance.now() - started > 600_000) throw new Error('the change capture did not catch up with the seeding in 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function manyTerminals(baseUrl: string, api: ReturnType<typeof apiClient>, sale: { clientId: string; employeeId: string; pointId: string; warehouseId: string }) {
  const setup = await prepareFleetSales(api, sale.warehouseId);
  // The other shops sell from warehouses without stock: a till's sale still applies (a queued sale is never
  // refused for stock; it warns of the level below zero) and costs the same statements.
  const points = [sale.pointId];
  while (points.length < POINTS) {
    const warehouse = await api.post('/warehouses/create', { name: `Shop ${points.length + 1}` });
    points.push((await api.post('/business-config/points/create', { name: `Shop ${points.length + 1}`, default_warehouse_id: warehouse.id })).id as string);
  }
  const fleet = [];
  for (let index = 0; index < TERMINALS; index += 1) {
    // Each terminal is the till of its own workplace, whose shift is open: the service keeps one per workplace.
    const pointId = points[index % points.length]!;
    const till = await openFleetTill(api, pointId, index);
    const code = (await api.post('/sync/enrollment-codes', { workplaceId: till.workplaceId })).code as string;
    const enrolled = await apiClient(baseUrl).post('/sync/enroll', { code, name: `Till ${index}` });
    const clientId = FLEET_CLIENTS === 'one' ? sale.clientId : ((await api.post('/clients/create', { full_name: `Fleet client ${index}` })).id as string);
    fleet.push({ terminalId: enrolled.terminalId as string, token: enrolled.accessToken as string, epoch: `e-bench-${index}`, seq: 0, cursor: null as string | null, clientId, till, pointId });
  }
  let applied = 0;
  let rejected = 0;
  let firstRejection: string | null = null;
  // What the pulls after the sales carry: every till receives the other tills' sales of its point.
  let pulls = 0;
  let pulledBytes = 0;
  let pulledChanges = 0;
  const tables = new Map<string, number>();
  /** Counts the push's outcome: every sale must be applied, or the figure is the speed of refusals. */
  const tally = (text: string) => {
    const answer = JSON.parse(text) as { results?: { status: string; result: unknown }[] };
    for (const result of answer.results ?? []) {
      if (result.status === 'applied') applied += 1;
      else {
        rejected += 1;
        firstRejection ??= JSON.stringify(result.result).slice(0, 300);
      }
    }
  };
  // Over node:http with kept connections (./pokes-protocol.ts says why): the fleet's load shares the service's cores.
  const post = (path: string, token: string, body: unknown) => postSync(baseUrl, path, token, body);
  // Each terminal starts from the head, as after its bootstrap.
  for (const till of fleet) {
    const first = JSON.parse(await post('pull', till.token, { protocolVersion: 1, terminalId: till.terminalId, epoch: till.epoch, cursor: null }));
    if (first.reset) {
      const snapshot = JSON.parse(await post('bootstrap', till.token, { protocolVersion: 1, terminalId: till.terminalId, epoch: till.epoch, tables: ['clients'], limitRows: 1 }));
      till.cursor = snapshot.cursor;
    }
  }
  // Pushes started during the warm-up are reported apart: every till opens its connection and its client's debt
  // record in the same second, a start no running fleet sees again — but a restart of the service would.
  const latencies: number[] = [];
  const warmupLatencies: number[] = [];
  const started = performance.now();
  const counted = started + WARMUP_MS;
  const deadline = counted + DURATION_MS;
  await Promise.all(
    fleet.map(async (till, index) => {
      // Open loop: sales start on each terminal's own beat (staggered), however long the last one took.
      let due = started + (INTERVAL_MS * index) / fleet.length;
      while (performance.now() < deadline) {
        if (INTERVAL_MS > 0) {
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          due += INTERVAL_MS;
          if (performance.now() >= deadline) break;
        }
        till.seq += 1;
        const mutation = {
          seq: till.seq,
          mutationId: crypto.randomUUID(),
          name: 'OrderController_create',
          v: 1,
          occurredAt: new Date().toISOString(),
          actor: { employeeId: sale.employeeId },
          args: fleetSaleArgs(setup, till.till, { pointId: till.pointId, clientId: till.clientId, orderId: `F${index}-${till.seq}`, guid: crypto.randomUUID() }),
        };
        const before = performance.now();
        const answer = await post('push', till.token, { protocolVersion: 1, terminalId: till.terminalId, epoch: till.epoch, mutations: [mutation] });
        (before >= counted ? latencies : warmupLatencies).push(performance.now() - before);
        tally(answer);
        const page = await post('pull', till.token, { protocolVersion: 1, terminalId: till.terminalId, epoch: till.epoch, cursor: till.cursor, knownAck: till.seq - 1, limitRows: 1000 });
        const cursor = cursorOf(page);
        if (cursor) till.cursor = cursor;
        pulls += 1;
        pulledBytes += Buffer.byteLength(page);
        pulledChanges += page.split('"t":"').length - 1;
        if (process.env.BENCH_PAGE_TABLES) for (const match of page.matchAll(/"t":"([a-z_]+)"/g)) tables.set(match[1]!, (tables.get(match[1]!) ?? 0) + 1);
      }
    }),
  );
  if (process.env.BENCH_PAGE_TABLES) console.error(JSON.stringify([...tables]));
  const seconds = (performance.now() - counted) / 1000;
  const at = (values: number[], fraction: number) => values[Math.min(values.length - 1, Math.floor(values.length * fraction))] ?? 0;
  latencies.sort((a, b) => a - b);
  warmupLatencies.sort((a, b) => a - b);
  const all = [...latencies, ...warmupLatencies].sort((a, b) => a - b);
  return {
    pushes: latencies.length,
    perSecond: latencies.length / seconds,
    p50: at(latencies, 0.5),
    p99: at(latencies, 0.99),
    warmupP99: at(warmupLatencies, 0.99),
    allP99: at(all, 0.99),
    applied,
    rejected,
    firstRejection,
    pageKb: pulledBytes / Math.max(1, pulls) / 1024,
    changesPerPage: pulledChanges / Math.max(1, pulls),
  };
}

const engines = String(values.engines).split(',') as ('sqlite' | 'postgres')[];
type Measured = Awaited<ReturnType<typeof measure>>;
const RESULT_PREFIX = 'bench-sync-result ';

/**
 * One engine, in a process of its own: the load generator is this process, and one that has just driven the
 * other engine's fleet and held its terminals' data measures the next one worse (its heap, its sockets). And each
 * engine starts on a quiet disk: the previous one left hundreds of megabytes of dirty pages, whose write-back
 * slows PostgreSQL's commit flushes.
 */
function measureInChild(engine: 'sqlite' | 'postgres', port: number): Measured {
  execFileSync('sync');
  const args = process.argv.slice(2).filter((arg, index, all) => arg !== '--engines' && all[index - 1] !== '--engines' && !arg.startsWith('--engines='));
  const output = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...args, '--engines', engine, '--port', String(port), '--child'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = output.split('\n').find((candidate) => candidate.startsWith(RESULT_PREFIX));
  if (!line) throw new Error(`no result from the ${engine} run`);
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as Measured;
}

if (values.child) {
  const [engine] = engines;
  const measured = await measure(engine!, Number(values.port));
  console.log(`${RESULT_PREFIX}${JSON.stringify(measured)}`);
  process.exit(0);
}
const results: Measured[] = [];
for (const [index, engine] of engines.entries()) results.push(measureInChild(engine, Number(values.port) + index));
console.log(`\nbootstrap: ${ITEMS} items + ${ITEMS} stock rows + ${CLIENTS} clients; drain: ${OPERATIONS} debt sales queued offline\n`);
const cpu = (seconds: number | null) => (seconds === null ? 'n/a' : `${seconds.toFixed(1)} s`);
for (const result of results)
  console.log(`${result.engine}: the bootstrap's CPU — till ${cpu(result.bootstrapCpuSeconds.till)}, service ${cpu(result.bootstrapCpuSeconds.service)}, PostgreSQL ${cpu(result.bootstrapCpuSeconds.database)}`);
for (const result of results) if (result.captureSeconds > 0) console.log(`${result.engine}: the capture logged the seeded rows in ${result.captureSeconds.toFixed(1)} s before the bootstrap began\n`);
console.log('| engine | rows | bootstrap | rows/s | queue offline | drain (push + ack) | of which push | ops/s | CPU per pushed op: service, till | left |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const result of results) {
  console.log(
    `| ${result.engine} | ${result.rows} | ${result.bootstrapSeconds.toFixed(1)} s | ${Math.round(result.rows / result.bootstrapSeconds)} | ${result.queueSeconds.toFixed(1)} s | ${result.drainSeconds.toFixed(1)} s | ${result.pushSeconds.toFixed(1)} s | ${Math.round(OPERATIONS / result.drainSeconds)} | ${result.pushCpuMicros === null ? 'n/a' : `${Math.round(result.pushCpuMicros)} µs`}, ${Math.round(result.tillCpuMicros)} µs | ${result.left} |`,
  );
}
console.log(
  `\n${TERMINALS} terminals${POINTS > 1 ? ` in ${POINTS} shops` : ' in one shop'}, each the till of its own workplace with an open shift, pushing one sale (an order of 5 lines paid cash + on account, ${FLEET_CLIENTS === 'one' ? 'all to one client' : 'each to its own client'}) then pulling, ${INTERVAL_MS > 0 ? `one sale every ${INTERVAL_MS} ms each` : 'back to back'}, for ${DURATION_MS / 1000} s after a ${WARMUP_MS / 1000} s warm-up\n`,
);
console.log('| engine | pushes | pushes/s | push p50 | push p99 | p99 in the warm-up | p99 of warm-up and run together | sales applied | rejected | a pull page: KB, changes |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const result of results) {
  const { fleet } = result;
  console.log(
    `| ${result.engine} | ${fleet.pushes} | ${Math.round(fleet.perSecond)} | ${fleet.p50.toFixed(0)} ms | ${fleet.p99.toFixed(0)} ms | ${fleet.warmupP99.toFixed(0)} ms | ${fleet.allP99.toFixed(0)} ms | ${fleet.applied} | ${fleet.rejected} | ${fleet.pageKb.toFixed(0)}, ${fleet.changesPerPage.toFixed(0)} |`,
  );
}
for (const result of results) {
  if (result.fleet.rejected > 0) console.log(`\n${result.engine}: ${result.fleet.rejected} sales REJECTED by the service — these figures do not measure sales. First: ${result.fleet.firstRejection}`);
}
if (results.some((result) => result.fleet.rejected > 0)) process.exitCode = 1;
