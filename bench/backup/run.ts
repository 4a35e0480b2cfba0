/**
 * `npx tsx bench/backup/run.ts [--megabytes 500] [--rate 500] [--methods vacuum-worker,backup-worker,backup-worker-one-step,backup-writer] [--keep]`
 *
 * Which way of copying a live SQLite database blocks the service's writer least (server/backups.ts takes its
 * scheduled backups with the winner). A database of about `--megabytes` (a table of sale-like rows with two
 * indexes, WAL mode) is written by one connection on the main thread — as the service writes, one commit at a time
 * on its event loop — at `--rate` commits a second, each commit timed from when it was due (so a stalled event
 * loop counts). Each method copies the database while that goes on:
 *
 * - `vacuum-worker`: `VACUUM INTO` on a connection of its own in a worker thread (one read transaction).
 * - `backup-worker`: better-sqlite3's online backup API on a worker's connection, 100 pages a step (SQLite restarts
 *   it whenever another connection writes between steps).
 * - `backup-worker-one-step`: the same, every page in one step (one read transaction, like VACUUM INTO).
 * - `backup-writer`: the backup API on the writer's own connection, 100 pages a step on the event loop (writes by
 *   that connection are copied along, no restart).
 * - `service`: what server/backups/copy.ts does (the one-step backup, then the journal switch, the integrity check,
 *   the sync and the rename), for the whole cost of a scheduled backup.
 *
 * Prints, per method: how long the copy took, the copy's size, the writer's commits during it, their p50 / p99 /
 * max latency, and the WAL's size afterwards (a long read transaction holds checkpoints back). A script, not a
 * test; figures go to BENCHMARKS.md.
 */
import Sqlite from 'better-sqlite3';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { startCheckpointer } from '../../db/checkpointer.js';
import { copyDatabase } from '../../server/backups/copy.js';

const { values } = parseArgs({
  options: {
    megabytes: { type: 'string', default: '500' },
    rate: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '2' },
    methods: { type: 'string', default: 'vacuum-worker,backup-worker-one-step,backup-worker,backup-writer' },
    keep: { type: 'boolean', default: false },
    timeout: { type: 'string', default: '180' },
  },
});
const megabytes = Number(values.megabytes);
const rate = Number(values.rate);
const timeoutMs = Number(values.timeout) * 1000;
const methods = values.methods.split(',');
const rounds = Number(values.rounds);

const directory = mkdtempSync(join(tmpdir(), 'kassa-bench-backup-'));
const file = join(directory, 'large.sqlite');

function seed(): void {
  const db = new Sqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`create table sales (id integer primary key, business_id text not null, receipt text not null, amount integer not null, note text not null);
           create index sales_business on sales (business_id, receipt);
           create index sales_amount on sales (amount)`);
  const insert = db.prepare('insert into sales (business_id, receipt, amount, note) values (?, ?, ?, ?)');
  const rows = Math.round((megabytes * 1024 * 1024) / 330);
  const batch = db.transaction((from: number, count: number) => {
    for (let index = from; index < from + count; index += 1) {
      // Ids ascend, as the service's UUIDv7 ids do.
      insert.run(`b${index % 50}`, `r-${String(index).padStart(10, '0')}`, index % 100_000, 'x'.repeat(200));
    }
  });
  for (let from = 0; from < rows; from += 100_000) batch(from, Math.min(100_000, rows - from));
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
(async () => {
  let restarts = 0;
  if (workerData.method === 'vacuum-worker') db.prepare('vacuum into ?').run(workerData.target);
  else {
    let last = Infinity;
    await db.backup(workerData.target, { progress: ({ remainingPages }) => {
      if (remainingPages > last) restarts += 1;
      last = remainingPages;
      return workerData.method === 'backup-worker-one-step' ? 0x7fffffff : 100;
    } });
  }
  db.close();
  parentPort.postMessage({ restarts });
})().catch((error) => parentPort.postMessage({ error: String(error && error.message || error) }));
`;

async function copy(method: string, writer: Sqlite.Database, target: string): Promise<string> {
  if (method === 'service') {
    const started = performance.now();
    await copyDatabase(file, join(directory, '.partial'), target).done;
    return `whole service path (copy, journal switch, integrity check, sync, rename) ${((performance.now() - started) / 1000).toFixed(1)} s`;
  }
  if (method === 'backup-writer') {
    await writer.backup(target);
    return '';
  }
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, target, method } });
  const answer = await new Promise<{ restarts?: number; error?: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gave up after ${timeoutMs / 1000} s`)), timeoutMs);
    worker.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as never);
    });
    worker.once('error', reject);
  }).finally(() => void worker.terminate());
  if (answer.error) throw new Error(answer.error);
  return answer.restarts ? `${answer.restarts} restarts` : '';
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/** Runs the writer at `rate` commits a second until `during` settles; returns each commit's latency in ms. */
async function writeWhile(
  writer: Sqlite.Database,
  during: () => Promise<string>,
): Promise<{ latencies: number[]; note: string; failed?: string }> {
  const insert = writer.prepare('insert into sales (business_id, receipt, amount, note) values (?, ?, ?, ?)');
  const latencies: number[] = [];
  const interval = 1000 / rate;
  let running = true;
  let due = performance.now();
  const tick = () => {
    if (!running) return;
    while (performance.now() >= due) {
      insert.run('b1', `w-${latencies.length}-${Math.random()}`, 1, 'y'.repeat(200));
      latencies.push(performance.now() - due);
      due += interval;
    }
    setTimeout(tick, Math.max(0, due - performance.now()));
  };
  tick();
  try {
    const note = await during();
    return { latencies, note };
  } catch (error) {
    return { latencies, note: '', failed: (error as Error).message };
  } finally {
    running = false;
  }
}

function report(label: string, seconds: number, latencies: number[], extra: string): void {
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `${label.padEnd(24)} ${seconds.toFixed(1).padStart(6)} s  commits ${String(latencies.length).padStart(6)}  p50 ${ms(percentile(sorted, 50))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? NaN)}  ${extra}`,
  );
}

async function main(): Promise<void> {
  const seeded = performance.now();
  seed();
  const size = statSync(file).size / 1024 / 1024;
  console.log(
    `database ${size.toFixed(0)} MB (seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s), writer at ${rate} commits/s, node ${process.version}, SQLite ${new Sqlite(':memory:').prepare('select sqlite_version() as v').get()?.['v' as never]}`,
  );
  const writer = new Sqlite(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = NORMAL');
  writer.pragma('busy_timeout = 5000');
  // As the service runs it: the writer never checkpoints, a worker does (db/checkpointer.ts).
  writer.pragma('wal_autocheckpoint = 0');
  const checkpointer = startCheckpointer(file);
  for (let round = 1; round <= rounds; round += 1) {
    console.log(`round ${round}`);
    const baseline = await writeWhile(writer, () => new Promise((resolve) => setTimeout(() => resolve(''), 5000)));
    report('no backup (5 s)', 5, baseline.latencies, '');
    for (const method of methods) await measure(method, writer);
  }
  await checkpointer.stop();
  writer.close();
  if (!values.keep) rmSync(directory, { recursive: true, force: true });
  else console.log(`kept ${directory}`);
}

async function measure(method: string, writer: Sqlite.Database): Promise<void> {
  {
    await new Promise((resolve) => setTimeout(resolve, 500));
    writer.pragma('wal_checkpoint(TRUNCATE)');
    const target = join(directory, `copy-${method}.sqlite`);
    rmSync(target, { force: true });
    const started = performance.now();
    const run = await writeWhile(writer, () => copy(method, writer, target));
    const seconds = (performance.now() - started) / 1000;
    const copySize = existsSync(target) ? `${(statSync(target).size / 1024 / 1024).toFixed(0)} MB copy` : 'no copy';
    const wal = `${(statSync(`${file}-wal`).size / 1024 / 1024).toFixed(1)} MB WAL after`;
    report(
      method,
      seconds,
      run.latencies,
      [copySize, wal, run.note, run.failed ? `FAILED: ${run.failed}` : ''].filter(Boolean).join(', '),
    );
    rmSync(target, { force: true });
  }
}

await main();
