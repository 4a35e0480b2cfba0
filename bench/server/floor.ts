/**
 * `npx tsx bench/server/floor.ts [--engines sqlite,postgres] [--only receipt,debt,stock,modifier] [--operations 4000] [--seconds 8] [--without-log]`
 *
 * The ceiling the database alone puts on each write scenario of bench:server on this machine. One request of the
 * scenario runs through the real service (in this process) while the SQL it sends is recorded; then that SQL alone
 * is replayed with fresh ids, nothing else around it — no HTTP, no validation, no query building:
 *
 * - SQLite: by one better-sqlite3 connection, in transactions of 16 operations each in its own savepoint, as the
 *   group commit runs them (`synchronous = NORMAL`, no fsync: the service syncs off the event loop). The time per
 *   operation is what the one writer must spend whatever the service's code does.
 * - PostgreSQL: by pgbench (a C client, so the machine's CPU goes to PostgreSQL), one transaction per operation, at
 *   2, 4 and 8 clients. Needs pgbench on the PATH (Debian: postgresql-client).
 *
 * `--print-scripts` prints the SQL of one operation as replayed (PostgreSQL).
 *
 * `--without-log` drops the change log's capture triggers first: what the same writes cost without the log terminals
 * pull (a diagnostic; the product cannot run so).
 *
 * A script, not a test. Its figures sit beside bench:server's in BENCHMARKS.md.
 */
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { CAPTURED_TABLES } from '../../db/change-capture.js';
import { openDatabase } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { buildServer } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createFixtures } from './fixtures.js';
import { createOrderFixtures } from './orders.js';
import { scenarios, type Fixtures, type Scenario } from './scenarios.js';
import { freshPostgresUrl } from './service.js';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    only: { type: 'string', default: 'receipt,debt,stock,modifier' },
    operations: { type: 'string', default: '4000' },
    seconds: { type: 'string', default: '8' },
    'without-log': { type: 'boolean', default: false },
    // Prints each scenario's pgbench script (the SQL one operation sends) before replaying it.
    'print-scripts': { type: 'boolean', default: false },
  },
});
const engines = String(values.engines).split(',') as ('sqlite' | 'postgres')[];
const only = String(values.only).split(',').filter(Boolean);
const chosen = scenarios.filter((scenario) => scenario.method !== 'GET' && only.some((part) => scenario.name.includes(part)));

/** One statement as the driver received it, with the rows it returned (SQLite). */
interface Recorded {
  readonly sql: string;
  readonly params: readonly unknown[];
  readonly rows?: readonly Record<string, unknown>[];
}

let recording: Recorded[] | null = null;

// SQLite: every statement the service prepares reports its runs while recording.
const prepare = Sqlite.prototype.prepare;
Sqlite.prototype.prepare = function (this: Sqlite.Database, source: string) {
  const statement = prepare.call(this, source) as Sqlite.Statement;
  return new Proxy(statement, {
    get(target, key) {
      if (key === 'run' || key === 'all' || key === 'get') {
        return (parameters: unknown[] = []) => {
          const result = (target[key] as (p: unknown[]) => unknown)(parameters);
          recording?.push({ sql: source, params: [...parameters], ...(key === 'all' ? { rows: result as Record<string, unknown>[] } : {}) });
          return result;
        };
      }
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
} as typeof prepare;

// PostgreSQL: every statement of every pooled client passes the prototype's query.
const query = pg.Client.prototype.query;
// Only a request's own statements, on pooled clients (checked out with a `release`): the change capture consumer's
// clients (server/capture/) write the log in batches of many requests, a cost the floor leaves out and names.
pg.Client.prototype.query = function (this: { release?: unknown }, ...args: unknown[]) {
  if (typeof this.release !== 'function') return (query as (...rest: unknown[]) => unknown).apply(this, args);
  const first = args[0] as string | { text?: string; values?: unknown[] };
  const sql = typeof first === 'string' ? first : (first.text ?? '');
  const params = (typeof first === 'string' ? (args[1] as unknown[] | undefined) : first.values) ?? [];
  recording?.push({ sql, params: [...params] });
  return (query as (...rest: unknown[]) => unknown).apply(this, args);
} as typeof query;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Runs the real service in this process and records the SQL of one request per scenario. */
async function recordScenarios(databaseUrl: string): Promise<{ known: Set<string>; recorded: Map<string, Recorded[]> }> {
  const handle = openDatabase(databaseUrl);
  await migrateToLatest(handle.db as never);
  if (values['without-log']) await dropCapture(handle.db as never, handle.engine);
  const config = { ...loadConfig({ ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, DATA_DIR: tmpdir(), JWT_SECRET: 'floor-secret-floor-secret-floor-secret-0123456789' }), logLevel: 'warn' as const };
  const { app } = await buildServer({ ...config, rateLimits: { loginPerMinute: 1_000_000, registrationsPerHour: 1_000_000 } }, handle);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const common = await createFixtures(baseUrl);
    const fixtures: Fixtures = { ...common, orders: await createOrderFixtures(baseUrl, common) };
    const recorded = new Map<string, Recorded[]>();
    for (const scenario of chosen) {
      // Warm: caches filled, PostgreSQL's statements prepared, as in a running service.
      for (let warm = 0; warm < 8; warm += 1) await send(baseUrl, fixtures, scenario);
      recording = [];
      await send(baseUrl, fixtures, scenario);
      recorded.set(scenario.name, recording);
      recording = null;
    }
    const business = (await handle.db.selectFrom('businesses').select('id').executeTakeFirstOrThrow()).id;
    const known = new Set<string>([business, ...Object.values(common).flat().filter((value): value is string => typeof value === 'string')]);
    return { known, recorded };
  } finally {
    await app.close();
    await handle.close();
  }
}

/** The diagnostic of `--without-log`: no capture triggers (and on PostgreSQL no stamp at COMMIT). */
async function dropCapture(db: Kysely<unknown>, engine: 'sqlite' | 'postgres'): Promise<void> {
  for (const table of Object.keys(CAPTURED_TABLES)) {
    if (engine === 'postgres') await sql.raw(`drop trigger if exists "${table}_capture" on "${table}"`).execute(db);
    else for (const event of ['insert', 'update']) await sql.raw(`drop trigger if exists "${table}_capture_${event}"`).execute(db);
  }
  if (engine === 'postgres') await sql`drop trigger if exists sync_pending_stamp on sync_pending`.execute(db);
}

async function send(baseUrl: string, fixtures: Fixtures, scenario: Scenario): Promise<void> {
  const response = await fetch(baseUrl + scenario.path(fixtures), {
    method: scenario.method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${fixtures.token}` },
    ...(scenario.body ? { body: JSON.stringify(scenario.body(fixtures)) } : {}),
  });
  if (!response.ok) throw new Error(`${scenario.name}: ${response.status} ${await response.text()}`);
}

/**
 * SQLite: replays the operation `operations` times, 16 to a transaction. Ids the operation made are replaced by new
 * ones, and values it read back (a version, a returned id) by what this run reads.
 */
function replaySqlite(file: string, statements: readonly Recorded[], known: ReadonlySet<string>, operations: number) {
  const db = new Sqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('wal_autocheckpoint = 0');
  db.pragma('foreign_keys = ON');
  db.defaultSafeIntegers(true);
  const body = statements.filter((statement) => !/^(begin|commit)\b/i.test(statement.sql));
  const prepared = body.map((statement) => db.prepare(statement.sql));
  const begin = db.prepare('begin immediate');
  const commit = db.prepare('commit');
  // Time inside SQLite alone (the replay's own id bookkeeping left out).
  let sqliteNs = 0n;
  const timed = <T>(call: () => T): T => {
    const started = process.hrtime.bigint();
    try {
      return call();
    } finally {
      sqliteNs += process.hrtime.bigint() - started;
    }
  };
  const runOnce = () => {
    const map = new Map<unknown, unknown>();
    body.forEach((statement, index) => {
      const params = statement.params.map((value) => {
        if (map.has(value)) return map.get(value);
        if (typeof value === 'string' && UUID.test(value) && !known.has(value)) {
          const fresh = randomUUID();
          map.set(value, fresh);
          return fresh;
        }
        return value;
      });
      const target = prepared[index] as Sqlite.Statement;
      const rows = timed(() => (target.reader ? (target.all(params) as Record<string, unknown>[]) : (target.run(params), undefined)));
      // A value read back by the recorded run (a version, an id) stands for what this run read.
      statement.rows?.forEach((row, rowIndex) => {
        for (const [column, value] of Object.entries(row)) map.set(value, rows?.[rowIndex]?.[column]);
      });
    });
  };
  for (let index = 0; index < 200; index += 1) {
    begin.run();
    runOnce();
    commit.run();
  }
  sqliteNs = 0n;
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let done = 0; done < operations; done += 16) {
    timed(() => begin.run());
    for (let index = 0; index < 16; index += 1) runOnce();
    timed(() => commit.run());
  }
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  db.close();
  return {
    perSecond: (operations / elapsed) * 1000,
    cpuMs: (used.user + used.system) / 1000 / operations,
    sqliteMs: Number(sqliteNs) / 1e6 / operations,
    statements: body.length,
  };
}

/** PostgreSQL: the operation as a pgbench script, its ids made fresh per transaction from a random variable. */
function pgbenchScript(statements: readonly Recorded[], known: ReadonlySet<string>): string {
  const ids = new Map<string, number>();
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'bigint' || typeof value === 'number') return String(value);
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    const text = String(value);
    if (UUID.test(text) && !known.has(text)) {
      if (!ids.has(text)) ids.set(text, ids.size);
      return `(:kassa_floor_id || '-${ids.get(text)}')`;
    }
    return `'${text.replace(/'/g, "''")}'`;
  };
  // One line per statement (pgbench ends a command at a line's final semicolon): comments out, whitespace folded.
  const oneLine = (sql: string) => sql.replace(/--[^\n]*/g, '').replace(/\s+/g, ' ');
  const lines = statements.map((statement) => `${oneLine(statement.sql).replace(/\$(\d+)/g, (_, n: string) => literal(statement.params[Number(n) - 1]))};`);
  return ['\\set kassa_floor_id random(1, 9000000000000)', ...lines].join('\n') + '\n';
}

/** Runs `work`, then removes `directory`. */
function runIn<T>(directory: string, work: () => T): T {
  try {
    return work();
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

function runPgbench(url: string, script: string, clients: number, seconds: number): number {
  const target = new URL(url);
  const directory = mkdtempSync(join(tmpdir(), 'kassa-floor-'));
  const file = join(directory, 'operation.sql');
  writeFileSync(file, script);
  const output = runIn(directory, () => execFileSync(
    'pgbench',
    ['-n', '-f', file, '-c', String(clients), '-j', '2', '-T', String(seconds), '-h', target.hostname, '-p', target.port || '5432', '-U', target.username || 'postgres', target.pathname.slice(1)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  ));
  const tps = /tps = ([\d.]+)/.exec(output);
  if (!tps) throw new Error(`pgbench said:\n${output}`);
  return Number(tps[1]);
}

const lines: string[] = [];
for (const engine of engines) {
  if (engine === 'sqlite') {
    const directory = mkdtempSync(join(tmpdir(), 'kassa-floor-'));
    const file = join(directory, 'kassa.sqlite');
    try {
      const { known, recorded } = await recordScenarios(file);
      for (const [name, statements] of recorded) {
        const result = replaySqlite(file, statements, known, Number(values.operations));
        lines.push(
          `| ${name} | SQLite, one writer | ${result.statements} statements | ${result.perSecond.toFixed(0)} operations/s | ${(result.sqliteMs * 1000).toFixed(0)} µs in SQLite, ${(result.cpuMs * 1000).toFixed(0)} µs CPU each |`,
        );
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  } else {
    if (spawnSync('pgbench', ['--version']).status !== 0) {
      lines.push('| (PostgreSQL) | pgbench is not installed: skipped | | | |');
      continue;
    }
    const database = await freshPostgresUrl();
    try {
      const { known, recorded } = await recordScenarios(database.url);
      for (const [name, statements] of recorded) {
        const script = pgbenchScript(statements, known);
        if (values['print-scripts']) console.log(`\n-- ${name}\n${script}`);
        const rates = [2, 4, 8].map((clients) => `${runPgbench(database.url, script, clients, Number(values.seconds)).toFixed(0)} (${clients})`);
        lines.push(`| ${name} | PostgreSQL, pgbench | ${statements.length} statements | ${rates.join(', ')} transactions/s (clients) | |`);
      }
    } finally {
      await database.drop();
    }
  }
}

const variant = values['without-log'] ? ', change-log triggers dropped' : '';
console.log(`\nThe database alone: each scenario's recorded SQL replayed with fresh ids${variant} (Node ${process.version})\n`);
console.log('| scenario | replayed by | one operation | throughput | time per operation |');
console.log('|---|---|---|---|---|');
for (const line of lines) console.log(line);
