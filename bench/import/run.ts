/**
 * `npm run bench:import [-- --engines sqlite,postgres --rows 100000 --batch 1000]`
 *
 * The catalogue import of issue 17 (target: 100,000 rows in ≤ 60 s on SQLite), end to end as the console does it:
 * a CSV of `rows` items (name, barcode, group, unit, price, cost, opening stock in two warehouses) is read and
 * previewed by the console's own modules (console/pages/import), then sent in batches of `batch` rows, two in
 * flight at a time (as the console sends them), to the real service (a child process) over HTTP. Then the same file is imported again (every row
 * unchanged: the re-run of a stopped import). Prints seconds, rows per second and the service's CPU seconds per
 * engine and run (on a busy shared machine the CPU figure is the one to compare), and checks
 * that the ledger balances and nothing was doubled. A script, not a test.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import Database from 'better-sqlite3';
import { readCsv } from '../../console/pages/import/parse.js';
import { batchesOf, buildPreview } from '../../console/pages/import/preview.js';
import { sendBatches } from '../../console/pages/import/send.js';
import { apiClient } from '../server/fixtures.js';
import { startService } from '../server/service.js';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    rows: { type: 'string', default: '100000' },
    batch: { type: 'string', default: '1000' },
    port: { type: 'string', default: '42810' },
  },
});
const rowCount = Number(values.rows);
const batchSize = Number(values.batch);

/** A CSV as an owner's spreadsheet export: one in ten rows without a barcode, twenty groups, exact amounts. */
function catalogueCsv(count: number): string {
  const lines = ['name;barcode;group;unit;price;cost;stock: Main;stock: Shop'];
  for (let index = 1; index <= count; index += 1) {
    const barcode = index % 10 === 0 ? '' : String(4780000000000 + index);
    const price = `${1000 + (index % 9000)},${String(index % 100).padStart(2, '0')}`;
    lines.push(`Item ${index};${barcode};Group ${index % 20};pcs;${price};${500 + (index % 500)}.5;${index % 50};${(index % 7) / 2}`);
  }
  return `${lines.join('\n')}\n`;
}

async function importOnce(api: ReturnType<typeof apiClient>, batches: ReturnType<typeof batchesOf>) {
  const started = performance.now();
  const totals = { created: 0, updated: 0, unchanged: 0, stock_changes: 0 };
  await sendBatches(batches, (batch) => api.post('/item-modifier/items/import', { rows: batch }), (answer) => {
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += (answer as typeof totals)[key];
  });
  return { seconds: (performance.now() - started) / 1000, totals };
}

/** Σ levels vs Σ ledger for the business, and the number of items: read straight from the database. */
async function books(engine: string, databaseUrl: string) {
  const query = `select (select count(*) from items where is_deleted = 0) as items,
                        (select coalesce(sum(quantity), 0) from stock_levels) as levels,
                        (select coalesce(sum(delta), 0) from stock_moves) as moves`;
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query(query);
    await client.end();
    return rows[0] as Record<string, string>;
  }
  const db = new Database(databaseUrl, { readonly: true });
  db.defaultSafeIntegers(true);
  const row = db.prepare(query).get() as Record<string, bigint>;
  db.close();
  return row;
}

async function run(engine: 'sqlite' | 'postgres') {
  const service = await startService(engine, Number(values.port));
  try {
    const anonymous = apiClient(service.baseUrl);
    const login = `import-bench-${Date.now()}`;
    await anonymous.post('/auth/register', { login, password: 'bench-password', businessName: 'Bench', name: 'Bench' });
    const { access_token: token } = await anonymous.post('/auth/login', { login, password: 'bench-password' });
    const api = apiClient(service.baseUrl, token);
    const unit = await api.post('/measurements/create', { name: 'pcs' });
    const warehouses = [await api.post('/warehouses/create', { name: 'Main' }), await api.post('/warehouses/create', { name: 'Shop' })];

    const readStarted = performance.now();
    const preview = buildPreview(readCsv(catalogueCsv(rowCount)), [unit], warehouses);
    const batches = batchesOf(preview.rows, batchSize);
    const readSeconds = (performance.now() - readStarted) / 1000;
    const bad = preview.rows.filter((row) => row.problems.length > 0).length;

    const cpu = () => service.serviceCpuSeconds() ?? NaN;
    const cpuBefore = cpu();
    const first = await importOnce(api, batches);
    const cpuFirst = cpu();
    const again = await importOnce(api, batches);
    const cpuAgain = cpu();
    const sums = await books(engine, service.databaseUrl);
    const line = (label: string, result: Awaited<ReturnType<typeof importOnce>>) =>
      `${engine.padEnd(8)} ${label.padEnd(22)} ${result.seconds.toFixed(1).padStart(6)} s  ${Math.round(rowCount / result.seconds).toString().padStart(6)} rows/s  ${JSON.stringify(result.totals)}`;
    console.log(`${engine.padEnd(8)} read + preview (browser)  ${readSeconds.toFixed(1).padStart(6)} s  ${rowCount} rows, ${bad} with problems, ${batches.length} batches of ≤ ${batchSize}`);
    console.log(`${line('first import', first)}  service CPU ${(cpuFirst - cpuBefore).toFixed(1)} s`);
    console.log(`${line('same file again', again)}  service CPU ${(cpuAgain - cpuFirst).toFixed(1)} s`);
    console.log(`${engine.padEnd(8)} books: ${sums.items} items, Σ levels ${sums.levels} = Σ ledger ${sums.moves} thousandths: ${String(sums.levels) === String(sums.moves) ? 'balanced' : 'MISMATCH'}`);
  } finally {
    await service.stop();
  }
}

// The machine is shared: the load says how much of it this run had (wall time ≈ service CPU on an idle machine).
console.log(`load average ${(await import('node:os')).loadavg().map((load) => load.toFixed(1)).join(' ')} on ${(await import('node:os')).cpus().length} cores`);
for (const engine of values.engines.split(',') as ('sqlite' | 'postgres')[]) await run(engine);
