/**
 * `npm run bench:server [-- --duration 10 --connections 32 --engines sqlite,postgres]`
 *
 * Drives the running central service over HTTP with autocannon and prints, side by side per engine, requests/s
 * p50/p99 latency and CPU per request (the service's, and on PostgreSQL the database's) for: conducted 10-line receipt create, order create (5 lines, 2 payments), debt transaction
 * create, stock update, modifier group create, and items/all with 10,000 items. A script, not a test: it never
 * gates CI on wall-clock time.
 */
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import { createFixtures, seedItems } from './fixtures.js';
import { scenarios, type Fixtures, type Scenario } from './scenarios.js';
import { postgresCpuSeconds, startService, type RunningService } from './service.js';
import { createOrderFixtures } from './orders.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    items: { type: 'string', default: '10000' },
    // Comma-separated substrings of scenario names to run (default: all); e.g. `--only receipt,debt`.
    only: { type: 'string', default: '' },
    // The first engine's service port (the next engine takes the next port).
    port: { type: 'string', default: '18900' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const engines = String(values.engines).split(',') as ('sqlite' | 'postgres')[];
const only = String(values.only).split(',').filter(Boolean);
const selected = (name: string) => only.length === 0 || only.some((part) => name.includes(part));

interface Row {
  engine: string;
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU milliseconds per request: the service's, and (PostgreSQL) the database's. */
  serviceCpu: number | null;
  databaseCpu: number | null;
}

/** CPU used by the service and the database while `run` runs, in ms per request it made. */
async function measured(service: RunningService, engine: string, run: () => Promise<Omit<Row, 'engine' | 'serviceCpu' | 'databaseCpu'> & { total: number }>) {
  const serviceBefore = service.serviceCpuSeconds();
  const databaseBefore = engine === 'postgres' ? postgresCpuSeconds() : null;
  const { total, ...row } = await run();
  const serviceAfter = service.serviceCpuSeconds();
  const databaseAfter = engine === 'postgres' ? postgresCpuSeconds() : null;
  const perRequest = (before: number | null, after: number | null) => (before === null || after === null || total === 0 ? null : ((after - before) * 1000) / total);
  return { ...row, serviceCpu: perRequest(serviceBefore, serviceAfter), databaseCpu: perRequest(databaseBefore, databaseAfter) };
}

async function runScenario(baseUrl: string, fixtures: Fixtures, scenario: Scenario) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${fixtures.token}` };
  const result = await autocannon({
    url: baseUrl,
    connections: scenario.connections ?? connections,
    duration,
    requests: [
      {
        method: scenario.method,
        path: scenario.path(fixtures),
        headers,
        setupRequest: (request) => ({ ...request, ...(scenario.body ? { body: JSON.stringify(scenario.body(fixtures)) } : {}) }),
      },
    ],
  });
  return {
    scenario: scenario.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    total: result.requests.total,
  };
}

async function benchEngine(engine: 'sqlite' | 'postgres', port: number): Promise<Row[]> {
  const service = await startService(engine, port);
  try {
    const common = await createFixtures(service.baseUrl);
    const fixtures: Fixtures = { ...common, orders: await createOrderFixtures(service.baseUrl, common) };
    const rows: Row[] = [];
    for (const scenario of scenarios.filter((candidate) => selected(candidate.name))) {
      process.stderr.write(`[${engine}] ${scenario.name}…\n`);
      rows.push({ engine, ...(await measured(service, engine, () => runScenario(service.baseUrl, fixtures, scenario))) });
    }
    const listing: Scenario = { name: `items/all (${values.items} items)`, method: 'GET', path: () => '/api/v1/item-modifier/items/all' };
    if (!selected(listing.name)) return rows;
    process.stderr.write(`[${engine}] seeding ${values.items} items…\n`);
    await seedItems(service.baseUrl, fixtures.token, Number(values.items));
    process.stderr.write(`[${engine}] ${listing.name}…\n`);
    rows.push({ engine, ...(await measured(service, engine, () => runScenario(service.baseUrl, fixtures, listing))) });
    return rows;
  } finally {
    await service.stop();
  }
}

const all: Row[] = [];
for (const [index, engine] of engines.entries()) all.push(...(await benchEngine(engine, Number(values.port) + index)));

const names = [...new Set(all.map((row) => row.scenario))];
const cpu = (row: Row) =>
  row.serviceCpu === null ? '' : `  CPU ${row.serviceCpu.toFixed(2)}${row.databaseCpu === null ? '' : ` + ${row.databaseCpu.toFixed(2)}`} ms`;
const cell = (row: Row | undefined) =>
  row ? `${row.rps.toFixed(0).padStart(6)} req/s  p50 ${String(row.p50).padStart(3)} ms  p99 ${String(row.p99).padStart(4)} ms${cpu(row)}${row.errors ? `  errors ${row.errors}` : ''}` : '—';
console.log(`\nKassa central service, ${connections} connections, ${duration} s per scenario, Node ${process.version}`);
console.log('CPU: milliseconds per request used by the service process (+ all PostgreSQL processes)\n');
console.log(`| scenario | ${engines.join(' | ')} |`);
console.log(`|---|${engines.map(() => '---').join('|')}|`);
for (const name of names) {
  console.log(`| ${name} | ${engines.map((engine) => cell(all.find((row) => row.engine === engine && row.scenario === name))).join(' | ')} |`);
}
