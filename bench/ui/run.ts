/**
 * `npm run bench:ui [-- --items 100000 --loads 7 --searches 9]`
 *
 * The terminal's screen figures of issue 5, in browser mode on this machine: the real service (a child process,
 * SQLite) with a catalogue of `items` items each in stock, a terminal enrolled to it (its core in a worker, the
 * renderer served by the browser-mode host) and Debian's Chromium driven by playwright-core.
 * - first screen: from requesting the page to the PIN keypad being usable (a fresh browser context each load,
 *   so nothing is cached), `loads` times;
 * - search: in the stock screen over all `items` rows, from the keypress that completes a query to the frame that
 *   shows its results, `searches` times;
 * - item search: the same in a goods receipt's item box, over all `items` items;
 * - receipt line: in a new goods receipt, from the Enter that ends a scanned barcode to the frame showing the line;
 * - sale line (issue 16): on the sales screen, with a shift open, from the scanner's Enter to the frame showing the
 *   cart line (median and p95); `--shots <dir>` also saves the sales screen with that cart in uz, ru and en;
 * - sale completed (issue 16): Enter on a sale paid exactly in cash → the order committed by the terminal core and
 *   the next sale ready (cart empty, scan field focused).
 * `--port` is the service's port (default 18700); `--sale-only` runs only the sale scenario.
 * Times are taken in the page with its own clock (page-timing.ts). Prints medians and worst cases. A script, not a
 * test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { openDatabase } from '../../db/connect.js';
import { startBrowserMode } from '../../main/browser-mode.js';
import { Terminal } from '../../main/terminal/terminal.js';
import { ensureRendererBuilt } from '../../scripts/renderer-build.js';
import { seedBulk } from '../seed-bulk.js';
import { apiClient } from '../server/fixtures.js';
import { startService } from '../server/service.js';
import { measureItemSearch, measureReceiptLine } from './receipt-line.js';
import { measureSaleCommit, measureSaleLine, saleScreenshots } from './sale-line.js';
import { armKeyLatency, interactiveWatcher } from './page-timing.js';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '100000' },
    loads: { type: 'string', default: '7' },
    searches: { type: 'string', default: '9' },
    port: { type: 'string', default: '18700' },
    shots: { type: 'string' },
    /** Only the sales screen's scenario (and its screenshots). */
    'sale-only': { type: 'boolean', default: false },
  },
});
const ITEMS = Number(values.items);
const LOADS = Number(values.loads);
const SEARCHES = Number(values.searches);
const PIN = '2580';
const ROOT = resolve(import.meta.dirname, '..', '..');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * Waits until `expression` is truthy in the page. Not `page.waitForFunction`: it compiles its predicate inside the
 * page, which the renderer's CSP (no 'unsafe-eval') rightly refuses; `evaluate` goes through the debugger instead.
 */
async function until(page: Page, expression: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${expression}`);
    await page.waitForTimeout(20);
  }
}

function summary(label: string, samples: number[], target: number): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  const worst = sorted[sorted.length - 1] ?? NaN;
  return `| ${label} | ${samples.length} | ${median.toFixed(0)} ms | ${worst.toFixed(0)} ms | ≤ ${target} ms |`;
}

/** The nearest-rank p95 of the samples. */
function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? NaN;
}

/** The business, its till and cashier, and `ITEMS` items in stock; then a terminal enrolled and downloaded. */
async function prepare(serviceUrl: string, databaseUrl: string, terminalDir: string): Promise<void> {
  const anonymous = apiClient(serviceUrl);
  const login = `ui-${Date.now()}`;
  const registered = await anonymous.post('/auth/register', {
    login,
    password: 'bench-password',
    businessName: 'Bench',
    name: 'Bench',
  });
  const { access_token: token } = await anonymous.post('/auth/login', { login, password: 'bench-password' });
  const api = apiClient(serviceUrl, token);
  const warehouse = await api.post('/warehouses/create', { name: 'Main' });
  const measure = await api.post('/measurements/create', { name: 'pcs' });
  await api.post('/suppliers/create', { name: 'Wholesale' });
  const point = await api.post('/business-config/points/create', { name: 'Shop', default_warehouse_id: warehouse.id });
  const workplace = await api.post('/business-config/workplaces/create', { name: 'Till', automated_point_id: point.id });
  await api.post('/employee/create', { full_name: 'Cashier', role_id: '0', password: PIN, workplace_id: workplace.id });
  // The sales screen sells only in an open shift of its till.
  await api.post('/settlements/create', { name: 'Bench shift', workplace_id: workplace.id });
  const seeding = openDatabase(databaseUrl);
  await seedBulk(seeding, {
    businessId: registered.businessId,
    warehouseId: warehouse.id,
    items: ITEMS,
    clients: 1000,
    measureId: measure.id,
  });
  await seeding.close();
  const terminal = await Terminal.open(join(terminalDir, 'terminal.sqlite'));
  await terminal.enroll(serviceUrl, (await api.post('/sync/enrollment-codes', { workplaceId: workplace.id })).code, 'Bench till');
  await terminal.bootstrap();
  await terminal.close();
}

async function firstScreen(browser: Awaited<ReturnType<typeof chromium.launch>>, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.addInitScript(interactiveWatcher('.keypad button'));
  await page.goto(url);
  await until(page, 'window.__interactiveAt !== undefined');
  const at = (await page.evaluate('window.__interactiveAt')) as number;
  await context.close();
  return at;
}

/** Types `query` but its last character, lets the screen settle, then times the last keypress. */
export async function timeLastKey(
  page: Page,
  input: ReturnType<Page['getByLabel']>,
  query: string,
  predicate: string,
): Promise<number> {
  await input.fill(query.slice(0, -1));
  await page.waitForTimeout(300);
  await page.evaluate(armKeyLatency(predicate));
  await input.press(query.slice(-1));
  return (await page.evaluate('window.__latency')) as number;
}

async function stockSearches(page: Page): Promise<number[]> {
  await page.keyboard.press('F7');
  await page.getByRole('heading', { name: 'Stock' }).waitFor();
  await until(page, `Number(document.querySelector('[role=grid]')?.getAttribute('aria-rowcount')) >= ${ITEMS}`);
  const search = page.getByLabel('Search');
  const samples: number[] = [];
  for (let index = 0; index < SEARCHES; index += 1) {
    // A name and a barcode, each matching exactly one of the items (and its prefix several).
    const n = ITEMS - 1 - index * 7;
    const query = index % 2 === 0 ? `Item ${n}` : `478${n}`;
    const predicate = `(doc) => doc.querySelector('[role=grid]')?.getAttribute('aria-rowcount') === '1' && [...doc.querySelectorAll('[role=row]')].some((row) => row.textContent.includes(${JSON.stringify(`Item ${n}`)}))`;
    samples.push(await timeLastKey(page, search, query, predicate));
  }
  return samples;
}

const directory = mkdtempSync(join(tmpdir(), 'kassa-bench-ui-'));
const service = await startService('sqlite', Number(values.port));
let closeTerminal = async () => {};
try {
  const prepareStart = performance.now();
  await prepare(service.baseUrl, service.databaseUrl, directory);
  console.log(
    `prepared ${ITEMS} items in stock and a terminal enrolled to them in ${((performance.now() - prepareStart) / 1000).toFixed(1)} s`,
  );
  await ensureRendererBuilt(ROOT, (line) => console.log(line));
  const terminal = await startBrowserMode({
    coreOptions: { dataDir: directory, serviceUrl: service.baseUrl },
    rootDir: ROOT,
    log: () => {},
  });
  closeTerminal = () => terminal.close();
  const browser = await chromium.launch({
    executablePath: process.env.KASSA_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const saleOnly = values['sale-only'];
    const loads: number[] = [];
    if (!saleOnly) for (let index = 0; index < LOADS; index += 1) loads.push(await firstScreen(browser, terminal.host.url));
    console.log(`first screen: ${loads.map((value) => value.toFixed(0)).join(', ')} ms`);

    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await page.goto(terminal.host.url);
    await page.getByRole('button', { name: 'EN' }).click();
    await page.keyboard.type(PIN);
    await page.keyboard.press('Enter');
    await page.getByTestId('employee-name').waitFor();
    const searches = saleOnly ? [] : await stockSearches(page);
    console.log(`stock search: ${searches.map((value) => value.toFixed(0)).join(', ')} ms`);
    const lines = saleOnly ? [] : await measureReceiptLine(page, SEARCHES, ITEMS);
    console.log(`receipt line: ${lines.map((value) => value.toFixed(0)).join(', ')} ms`);
    const itemSearches = saleOnly ? [] : await measureItemSearch(page, SEARCHES, ITEMS);
    console.log(`item search: ${itemSearches.map((value) => value.toFixed(0)).join(', ')} ms`);
    // Leaving the half-filled receipt: the frame asks first.
    await page.keyboard.press('F1');
    await page.waitForTimeout(300);
    const leave = page.getByRole('button', { name: 'Leave without saving' });
    if (await leave.isVisible()) await leave.click();
    const saleLines = await measureSaleLine(page, SEARCHES, ITEMS);
    console.log(`sale line: ${saleLines.map((value) => value.toFixed(0)).join(', ')} ms`);
    if (values.shots) console.log(`screenshots: ${(await saleScreenshots(page, values.shots)).join(', ')}`);
    const commits = await measureSaleCommit(page, SEARCHES, ITEMS);
    console.log(`sale commit: ${commits.map((value) => value.toFixed(0)).join(', ')} ms`);

    console.log(`\nbrowser mode, ${ITEMS} items, Chromium ${browser.version()}\n`);
    console.log('| measurement | samples | median | worst | target |');
    console.log('|---|---|---|---|---|');
    console.log(summary('first screen interactive (page requested → PIN keypad usable)', loads, 1500));
    console.log(summary(`search ${ITEMS} stock rows (keypress → results shown)`, searches, 50));
    console.log(summary(`search ${ITEMS} items in a receipt (keypress → results shown)`, itemSearches, 50));
    console.log(summary('receipt line added (scanner Enter → line shown)', lines, 50));
    console.log(summary('sale line added (scanner Enter → cart line shown)', saleLines, 30));
    console.log(`sale line p95: ${p95(saleLines).toFixed(0)} ms over ${saleLines.length} scans`);
    console.log(summary('sale completed (Enter on a paid sale → committed, next sale ready)', commits, 100));
  } finally {
    await browser.close();
  }
} finally {
  await closeTerminal();
  await service.stop();
  rmSync(directory, { recursive: true, force: true });
}
