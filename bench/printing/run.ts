/**
 * `npm run bench:printing [-- --items 100000 --sales 30]`
 *
 * Issue 16's printing figure: "print job handed to the printer ≤ 50 ms after the commit". A real service (in
 * process, SQLite) with `items` items in stock, a terminal in browser mode enrolled to it (its core in a worker),
 * and a fake ESC/POS printer on loopback configured for the till's point. Each sale is committed through the
 * bridge exactly as the sales screen does (`OrderController_create`: 5 lines, paid in cash); the clock starts when
 * the commit's answer arrives and stops at the first byte the printer receives. The print request itself goes over
 * the same bridge (`terminal.print`, as renderer/printing.ts sends it). Also printed: the first receipt after
 * sign-in (name lists read cold) and the time until the printer confirmed the job (its status answer). A script,
 * not a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startBrowserMode } from '../../main/browser-mode.js';
import { connectBrowserModeClient, type BrowserModeClient } from '../../test/helpers/browser-mode-client.js';
import { startFakePrinter, type FakePrinter } from '../../test/helpers/fake-printer.js';
import { registerTenant, startTestServer } from '../../test/helpers/server.js';
import { seedBulk } from '../seed-bulk.js';

const { values } = parseArgs({ options: { items: { type: 'string', default: '100000' }, sales: { type: 'string', default: '30' } } });
const ITEMS = Number(values.items);
const SALES = Number(values.sales);
const PIN = '2580';

function summary(label: string, samples: number[], target: string): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  const worst = sorted[sorted.length - 1] ?? NaN;
  return `| ${label} | ${samples.length} | ${median.toFixed(0)} ms | ${worst.toFixed(0)} ms | ${target} |`;
}

async function sellAndPrint(client: BrowserModeClient, printer: FakePrinter, ids: { point: string; workplace: string; cash: string }, n: number) {
  const items = Array.from({ length: 5 }, (_, line) => `00000000-0000-7000-8001-${String(((n * 7 + line * 13) % ITEMS) + 1).padStart(12, '0')}`);
  const body = {
    order_id: `B-${n}`,
    automated_point_id: ids.point,
    workplace_id: ids.workplace,
    items: items.map((item_id) => ({ item_id, quantity: '1', price: '1000', subtotal: '1000' })),
    subtotal: '5000',
    total_sum: '5000',
    total_paid: '5000',
    total_change: '0',
    is_closed: true,
    payments: [{ payment_type_id: ids.cash, paid_sum: '5000' }],
  };
  const jobsBefore = printer.jobs.length;
  const order = await client.run('OrderController_create', { body });
  const committedAt = Date.now();
  const answer = await client.terminal('terminal.print', { kind: 'sale', orderId: order.id, openDrawer: true, language: 'uz' });
  const confirmedAt = Date.now();
  if (!answer.ok) throw new Error(`sale ${n} did not print: ${JSON.stringify(answer)}`);
  const [job] = (await printer.waitForJobs(jobsBefore + 1)).slice(jobsBefore);
  return { handedOver: job!.firstByteAt - committedAt, confirmed: confirmedAt - committedAt };
}

const dir = mkdtempSync(join(tmpdir(), 'kassa-bench-print-'));
const server = await startTestServer('sqlite');
const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
const printer = await startFakePrinter();
try {
  const shop = await registerTenant(server, 'bench');
  const post = async (path: string, body: Record<string, unknown>) => {
    const answer = await server.request('POST', `/api/v1${path}`, { token: shop.token, body });
    if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { id: string };
  };
  const warehouse = await post('/warehouses/create', { name: 'Main' });
  const measure = await post('/measurements/create', { name: 'pcs' });
  const point = await post('/business-config/points/create', { name: 'Shop', default_warehouse_id: warehouse.id });
  const workplace = await post('/business-config/workplaces/create', { name: 'Till', automated_point_id: point.id });
  await post('/employee/create', { full_name: 'Cashier', role_id: '0', password: PIN, workplace_id: workplace.id });
  await post('/business-config/printers/create', { name: 'Bench printer', ip_address: '127.0.0.1', port: String(printer.port), type: `receipt 80mm point=${point.id}` });
  await seedBulk(server.database, { businessId: shop.businessId, warehouseId: warehouse.id, items: ITEMS, clients: 0, measureId: measure.id });
  const methods = await server.request('GET', '/api/v1/payment-methods/all', { token: shop.token });
  const cash = (methods.body as { id: string; kind: string }[]).find((method) => method.kind === 'CASH')!.id;

  const mode = await startBrowserMode({ coreOptions: { dataDir: join(dir, 'terminal') }, rootDir: dir, log: () => {} });
  const client = await connectBrowserModeClient(mode);
  try {
    const preparing = Date.now();
    await client.terminal('terminal.enroll', { serviceUrl: url, code: (await post('/sync/enrollment-codes', { workplaceId: workplace.id }) as unknown as { code: string }).code, name: 'Bench till' });
    await client.terminal('terminal.pinLogin', { pincode: PIN });
    console.log(`prepared: ${ITEMS} items downloaded and signed in in ${((Date.now() - preparing) / 1000).toFixed(1)} s`);
    const ids = { point: point.id, workplace: workplace.id, cash };
    const first = await sellAndPrint(client, printer, ids, 0);
    const handed: number[] = [];
    const confirmed: number[] = [];
    for (let n = 1; n <= SALES; n += 1) {
      const sample = await sellAndPrint(client, printer, ids, n);
      handed.push(sample.handedOver);
      confirmed.push(sample.confirmed);
    }
    console.log(`\n| Printing (${ITEMS} items) | n | median | worst | target |\n|---|---|---|---|---|`);
    console.log(summary('first receipt after sign-in: commit → printer', [first.handedOver], '—'));
    console.log(summary('commit → print job handed to the printer', handed, '≤ 50 ms'));
    console.log(summary('commit → printer confirmed (status answer)', confirmed, '—'));
  } finally {
    client.close();
    await mode.close();
  }
} finally {
  await printer.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
