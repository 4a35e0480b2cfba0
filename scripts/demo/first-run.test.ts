/**
 * The first run against a real central service (in-process Fastify over a fresh SQLite, listening on a local
 * port so the seeding goes through real HTTP, as from `npm start`), with the terminal's store in a temp directory.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Terminal } from '../../main/terminal/terminal.js';
import { registerTenant, startTestServer, type TestServer } from '../../test/helpers/server.js';
import { enrollmentCode, shopWorld } from '../../test/helpers/terminals.js';
import { DEMO_BUSINESS as demo } from './demo-data.js';
import { demoRecordPath, demoSummary, readDemoRecord, writeDemoRecord, type DemoRecord } from './demo-record.js';
import { enrollAndDownload, terminalFile, terminalState } from './demo-terminal.js';
import { prepareFirstRun, type FirstRunOptions } from './first-run.js';
import type { FetchLike } from './service-api.js';
import { approveAsManager } from '../../main/terminal/manager-approval.js';
import { resolveScan } from '../../shared/barcodes/scan-lookup.js';
import { weightBarcodeSettingsOrDefault, WEIGHT_BARCODES_CONFIG_KEY } from '../../shared/barcodes/weight-barcode-settings.js';
import { uuidv7 } from '../../shared/ids.js';
import { buildSaleCatalogue, scanCatalogueOf, type ItemRecord, type MeasurementRecord } from '../../renderer/screens/sale/catalogue.js';
import { saleBody } from '../../renderer/screens/payment/tender.js';
import type { SaleDraft } from '../../renderer/screens/sale/sale-draft.js';

let server: TestServer;
let url: string;
const root = mkdtempSync(join(tmpdir(), 'kassa-demo-'));

beforeAll(async () => {
  server = await startTestServer('sqlite');
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

let runs = 0;
/** A fresh DATA_DIR with its terminal directory inside, as `npm start` lays them out. */
function freshDirs(): Pick<FirstRunOptions, 'dataDir' | 'terminalDataDir'> {
  runs += 1;
  const dataDir = join(root, `data-${runs}`);
  return { dataDir, terminalDataDir: join(dataDir, 'terminal') };
}

const businesses = async () =>
  Number(
    (
      await server.services.db
        .selectFrom('businesses')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function ownerToken(record: DemoRecord): Promise<string> {
  const answer = await server.request('POST', '/api/v1/auth/login', {
    body: { login: record.owner.login, password: record.owner.password },
  });
  expect(answer.status).toBe(201);
  return answer.body.access_token as string;
}

async function withTerminal<T>(terminalDataDir: string, use: (terminal: Terminal) => Promise<T>): Promise<T> {
  const terminal = await Terminal.open(terminalFile(terminalDataDir));
  try {
    return await use(terminal);
  } finally {
    await terminal.close();
  }
}

const pinOf = (record: DemoRecord, name: string) => record.employees.find((employee) => employee.name === name)!.pin;

describe('the first run of npm start', () => {
  const dirs = freshDirs();
  const lines: string[] = [];
  let record: DemoRecord;
  let businessesAfterSeeding: number;

  beforeAll(async () => {
    const outcome = await prepareFirstRun({ serviceUrl: url, ...dirs, env: {}, log: (line) => lines.push(line) });
    expect(outcome.kind).toBe('seeded');
    if (outcome.kind !== 'seeded') throw new Error('not seeded');
    record = outcome.record;
    businessesAfterSeeding = await businesses();
  });

  it('seeds the demo and enrolls the terminal to the shop’s first till, whose store then holds the demo’s items, shop stock and client debts', async () => {
    const till = await terminalState(dirs.terminalDataDir);
    expect(till.enrolled).toBe(true);
    expect(till.workplaceId).toBe(record.terminal.workplaceId);
    expect(record.terminal).toMatchObject({ workplace: 'Market — 1-kassa', point: 'Bahor Market' });

    await withTerminal(dirs.terminalDataDir, async (terminal) => {
      const db = terminal.store.db;
      const items = await db.selectFrom('items').select(['id', 'shtrix', 'name']).where('is_deleted', '=', 0).execute();
      expect(items.map((item) => item.shtrix).sort()).toEqual(demo.items.map((item) => item.barcode).sort());
      // The terminal mirrors its point's warehouse: one stock row per shop item, as seeded.
      const stock = await db
        .selectFrom('stock_levels')
        .innerJoin('items', 'items.id', 'stock_levels.item_id')
        .select(['items.name', 'stock_levels.quantity'])
        .execute();
      const shopFloor = demo.items.filter((item) => item.stock.some((row) => row.warehouse === 'shopFloor'));
      expect(stock.map((row) => row.name).sort()).toEqual(shopFloor.map((item) => item.name).sort());
      expect(Number(stock.find((row) => row.name === 'Obi non')?.quantity)).toBe(-3000);
      expect(Number(stock.find((row) => row.name === 'Kartoshka')?.quantity)).toBe(84500);
      const clients = await db.selectFrom('clients').select('full_name').execute();
      expect(clients.map((client) => client.full_name).sort()).toEqual(demo.clients.map((client) => client.fullName).sort());
      const debts = await db
        .selectFrom('client_debts')
        .innerJoin('clients', 'clients.id', 'client_debts.client_id')
        .select(['clients.full_name', 'client_debts.debt_amount'])
        .execute();
      expect(Object.fromEntries(debts.map((debt) => [debt.full_name, Number(debt.debt_amount)]))).toEqual({
        'Dilnoza Yusupova': 24500000,
        'Bekzod Aliyev': 68750000,
        'Gulnora Xasanova': 5600000,
        'Otabek Nazarov': 13250000,
        'Jasur Ismoilov': -2000000,
      });
      const modifiers = await db.selectFrom('modifiers').select('group_id').execute();
      expect(modifiers).toHaveLength(9);
      expect(modifiers.every((modifier) => modifier.group_id !== null)).toBe(true);
    });
    expect(lines.join('\n')).toMatch(
      /seeded 2 points, 3 tills, 3 warehouses, 10 item groups, 35 items, 3 modifier groups, 9 modifiers, 40 stock rows/,
    );
  });

  it('configures each point with a receipt printer at the fake printer’s address, which the till holds and says how to start', async () => {
    await withTerminal(dirs.terminalDataDir, async (terminal) => {
      const printers = await terminal.store.db.selectFrom('printers').select(['name', 'ip_address', 'port', 'type']).orderBy('name').execute();
      expect(printers.map((printer) => [printer.name, printer.ip_address, printer.port])).toEqual([
        ['Kafe — chek printeri', '127.0.0.1', '9100'],
        ['Market — chek printeri', '127.0.0.1', '9100'],
      ]);
      expect(printers.map((printer) => printer.type)).toEqual([expect.stringMatching(/^receipt 58mm cp866 point=/), expect.stringMatching(/^receipt 80mm cp866 point=/)]);
    });
    const summary = demoSummary(record, { serviceUrl: url, dataDir: dirs.dataDir, terminalWorkplaceId: record.terminal.workplaceId });
    expect(summary).toContain('Receipts print to a fake printer at 127.0.0.1:9100: run "npm run fake-printer" in another terminal to see them.');
  });

  it('seeds what a first sale needs, which the till holds: card terminals, scale-label settings, coloured groups, credit limits', async () => {
    await withTerminal(dirs.terminalDataDir, async (terminal) => {
      const db = terminal.store.db;
      const devices = await db.selectFrom('payment_devices').select('name').where('is_deleted', '=', 0).orderBy('name').execute();
      expect(devices.map((device) => device.name)).toEqual((demo.paymentDevices ?? []).map((device) => device.name).sort());
      const methods = await db.selectFrom('payment_methods').select(['name', 'kind']).where('is_deleted', '=', 0).execute();
      expect(methods.map((method) => `${method.kind} ${method.name}`).sort()).toEqual(['CARD Humo', 'CARD Uzcard', 'CASH Naqd', 'DEBT Nasiya']);
      const config = await db.selectFrom('base_config').select(['key_name', 'key_value']).where('key_name', '=', WEIGHT_BARCODES_CONFIG_KEY).execute();
      expect(config.map((row) => JSON.parse(row.key_value ?? 'null'))).toEqual([demo.weightBarcodes]);
      const groups = await db.selectFrom('item_groups').select(['name', 'color']).execute();
      const shopGroups = demo.itemGroups.filter((group) => group.point === 'shop');
      expect(Object.fromEntries(groups.map((group) => [group.name, group.color]))).toMatchObject(Object.fromEntries(shopGroups.map((group) => [group.name, group.color])));
      const clients = await db.selectFrom('clients').select(['full_name', 'credit_limit']).execute();
      expect(Object.fromEntries(clients.map((client) => [client.full_name, client.credit_limit === null ? null : Number(client.credit_limit)]))).toEqual({
        'Dilnoza Yusupova': 50000000,
        'Bekzod Aliyev': 50000000,
        'Gulnora Xasanova': null,
        'Otabek Nazarov': null,
        'Jasur Ismoilov': null,
        'Malika Abdullayeva': 30000000,
      });
    });
  });

  it('lets the manager approve at this till with their PIN, and refuses a cashier’s PIN as a manager’s', async () => {
    await withTerminal(dirs.terminalDataDir, async (terminal) => {
      expect(await approveAsManager(terminal.store, pinOf(record, 'Nodira Saidova'))).toMatchObject({ managerName: 'Nodira Saidova' });
      await expect(approveAsManager(terminal.store, pinOf(record, 'Aziza Karimova'))).rejects.toMatchObject({ statusCode: 403 });
    });
  });

  it('rings up the printed first sale at this till — shift, scans, scale label, cash and on account — and the service applies it', async () => {
    const guide = record.firstSale!;
    expect(guide).toBeDefined();
    await withTerminal(dirs.terminalDataDir, async (terminal) => {
      const cashier = await terminal.pinLogin(pinOf(record, 'Aziza Karimova'));
      const run = <T>(name: string, input: Record<string, unknown> = {}) => terminal.run(name, input, cashier.id) as Promise<T>;
      const workplaceId = record.terminal.workplaceId;
      const shift = await run<{ id: string }>('SettlmentController_create', { body: { name: 'Demo shift', opening_cash: '100000', workplace_id: workplaceId } });

      // What the sales screen loads (renderer/screens/sale/load.ts), and the scans the banner says to type.
      const items = await run<ItemRecord[]>('ItemModifierController_findAllItems');
      const measurements = await run<MeasurementRecord[]>('MeasurementController_findAllMeasurements');
      const configs = await run<{ key_name: string; key_value: string }[]>('BaseConfigController_findAll');
      const settings = weightBarcodeSettingsOrDefault(configs.find((row) => row.key_name === WEIGHT_BARCODES_CONFIG_KEY)?.key_value);
      if (!settings.ok) throw new Error(settings.problems.join('; '));
      const catalogue = scanCatalogueOf(buildSaleCatalogue(items, measurements));
      const lines = [];
      for (const code of [...guide.barcodes.map((entry) => entry.code), guide.weightLabel!.code]) {
        const found = await resolveScan(code, settings.settings, catalogue);
        if (found.kind !== 'add') throw new Error(`${code}: ${found.kind}`);
        lines.push({ item_id: found.item.id, quantity: found.quantity, price: found.item.price, subtotal: '' });
      }
      // 14 000 + 15 000 + 12 000 + 1.25 kg × 6 000 = 48 500: 10 000 in cash, 38 500 on account to Malika.
      const priced = lines.map((entry, index) => ({ ...entry, subtotal: ['14000', '15000', '12000', '7500'][index]! }));
      expect(lines.map((entry) => entry.quantity)).toEqual(['1', '1', '1', '1.25']);
      const methods = await run<{ id: string; name: string; kind: 'CASH' | 'DEBT' }[]>('PaymentMethodController_findAll');
      const method = (kind: string) => methods.find((candidate) => candidate.kind === kind)!;
      const clients = await run<{ id: string; full_name: string }[]>('ClientController_findAll');
      const malika = clients.find((client) => client.full_name === guide.onAccount!.name)!;
      const workplaces = await run<{ id: string; automated_point_id: string }[]>('BusinessController_findAllWorkplaces');
      const draft: SaleDraft = {
        order: { order_id: 'DEMO-1', automated_point_id: workplaces.find((w) => w.id === workplaceId)!.automated_point_id, workplace_id: workplaceId, items: priced, subtotal: '48500', total_sum: '48500', client_id: malika.id } as SaleDraft['order'],
        due: '48500',
        client: { id: malika.id, name: malika.full_name },
      };
      const body = saleBody(draft, [{ method: method('CASH'), amount: 1_000_000n }, { method: method('DEBT'), amount: 3_850_000n, signature: 'data:image/png;base64,iVBORw0KGgo=' }], shift.id, uuidv7());
      await run('OrderController_create', { body });
      expect((await terminal.unsent()).map((row) => row.name)).toEqual(['SettlmentController_create', 'OrderController_create']);
      await terminal.sync();
      expect(await terminal.pendingOperations()).toBe(0);
      expect(await terminal.inbox()).toEqual([]);
    });
    const token = await ownerToken(record);
    const orders = (await server.request('GET', '/api/v1/orders/all', { token })).body as { order_id: string; total_sum: string; settlement_id: string | null }[];
    // The till numbers the sale itself ("A-1": its workplace's letters, its own counter), whatever the draft said.
    expect(orders.filter((order) => order.order_id !== null && /^[A-Z]{1,4}-1$/.test(order.order_id))).toEqual([
      expect.objectContaining({ total_sum: '48500' }),
    ]);
    const debts = (await server.request('GET', '/api/v1/client-debts/all', { token })).body as { client_id: string; debt_amount: string }[];
    const clients = (await server.request('GET', '/api/v1/clients/all', { token })).body as { id: string; full_name: string }[];
    const malika = clients.find((client) => client.full_name === 'Malika Abdullayeva')!;
    expect(debts.find((debt) => debt.client_id === malika.id)?.debt_amount).toBe('38500');
    // Every suggested item is in stock and Malika stays under her limit: the first sale raises no warning.
    expect((await server.request('GET', '/api/v1/logs/all?type=WARNING&limit=100', { token })).body).toEqual([]);
  });

  it('prints the first sale’s steps, barcodes and scale label under the PINs', () => {
    const summary = demoSummary(record, { serviceUrl: url, dataDir: dirs.dataDir, terminalWorkplaceId: record.terminal.workplaceId }).join('\n');
    expect(summary).toContain("4780032001515 (Coca-Cola, 1,5 l, 14 000 so'm)");
    expect(summary).toContain('2200101012508 (a scale label: 1.25 kg of Kartoshka');
    expect(summary).toContain('F3 Shift');
    expect(summary).toContain('"Malika Abdullayeva" (credit limit 300 000 so\'m)');
    // Not at a till outside the demo: the barcodes are the demo till's.
    expect(demoSummary(record, { serviceUrl: url, dataDir: dirs.dataDir, terminalWorkplaceId: 'elsewhere' }).join('\n')).not.toContain('First sale');
  });

  it('signs the shop cashier and the manager in with their demo PINs at this till, and refuses the café cashier there', async () => {
    await withTerminal(dirs.terminalDataDir, async (terminal) => {
      expect((await terminal.pinLogin(pinOf(record, 'Aziza Karimova'))).full_name).toBe('Aziza Karimova');
      expect((await terminal.pinLogin(pinOf(record, 'Nodira Saidova'))).full_name).toBe('Nodira Saidova');
      await expect(terminal.pinLogin(pinOf(record, 'Dilshod Rahimov'))).rejects.toMatchObject({ statusCode: 401 });
    });
  });

  it('gives the manager a role with manager rights, the terminal’s senior cashier stock, debts and modifiers, and the other cashiers cash moves', async () => {
    const token = await ownerToken(record);
    const roles = (await server.request('GET', '/api/v1/employee-role/all', { token })).body as {
      id: string;
      name: string;
      access_resources: string[];
    }[];
    const employees = (await server.request('GET', '/api/v1/employee/all', { token })).body as {
      full_name: string;
      role_id: string;
    }[];
    const rightsOf = (name: string) =>
      roles.find((role) => role.id === employees.find((employee) => employee.full_name === name)?.role_id)?.access_resources;
    expect(rightsOf('Nodira Saidova')).toEqual(['MANAGER']);
    expect(rightsOf('Aziza Karimova')).toEqual(['STOCK', 'CLIENT_DEBTS', 'MODIFIERS', 'CASH_MOVES']);
    expect(rightsOf('Dilshod Rahimov')).toEqual(['CASH_MOVES']);
    expect(record.employees.filter((employee) => employee.manager).map((employee) => employee.name)).toEqual(['Nodira Saidova']);
  });

  it('records the demo in demo.json, owner-only, with a login that works and every PIN, and no token', async () => {
    const file = demoRecordPath(dirs.dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(/eyJ|access_token|accessToken/);
    expect(readDemoRecord(dirs.dataDir)).toEqual(record);
    expect(record.owner.login).toMatch(/^demo-[0-9a-f]{8}$/);
    expect(new Set(record.employees.map((employee) => employee.pin)).size).toBe(demo.employees.length);
    await ownerToken(record);
    // No temporary file is left beside it.
    expect(readdirSync(dirs.dataDir).filter((name) => name.startsWith('demo.json'))).toEqual(['demo.json']);
  });

  it("prints the owner's console address and login, every PIN, marking who signs in at this till, and never a token", () => {
    const summary = demoSummary(record, {
      serviceUrl: url,
      dataDir: dirs.dataDir,
      terminalWorkplaceId: record.terminal.workplaceId,
    }).join('\n');
    expect(summary).toContain(`Owner's console: ${url}/ — sign in with login "${record.owner.login}", password "${record.owner.password}"`);
    expect(summary).toContain(`${url}/api/docs`);
    expect(summary).toContain('This terminal is the till "Market — 1-kassa" (Bahor Market)');
    expect(summary).toContain(`${pinOf(record, 'Aziza Karimova')}  Aziza Karimova — Katta kassir, Market — 1-kassa  ← signs in here`);
    expect(summary).toContain(
      `${pinOf(record, 'Nodira Saidova')}  Nodira Saidova — Menejer (manager), every till  ← signs in here`,
    );
    expect(summary).toMatch(new RegExp(`${pinOf(record, 'Dilshod Rahimov')}  Dilshod Rahimov — Kassir, Kafe — kassa$`, 'm'));
    expect(summary).toContain("opening client debts total 1 101 000 so'm");
    expect(summary).not.toMatch(/eyJ/);
    expect(lines.join('\n')).not.toMatch(/eyJ/);
  });

  it('seeds nothing on the next start: the same record, no new business, no new items', async () => {
    const token = await ownerToken(record);
    const itemsBefore = ((await server.request('GET', '/api/v1/item-modifier/items/all', { token })).body as unknown[]).length;
    const again = await prepareFirstRun({ serviceUrl: url, ...dirs, env: {} });
    expect(again).toEqual({ kind: 'existing', record, terminalWorkplaceId: record.terminal.workplaceId });
    expect(await businesses()).toBe(businessesAfterSeeding);
    expect(((await server.request('GET', '/api/v1/item-modifier/items/all', { token })).body as unknown[]).length).toBe(
      itemsBefore,
    );
    expect(itemsBefore).toBe(demo.items.length);
  });

  it('enrolls the terminal again, without seeding, when the record exists but the terminal’s data was removed', async () => {
    rmSync(dirs.terminalDataDir, { recursive: true, force: true });
    const again = await prepareFirstRun({ serviceUrl: url, ...dirs, env: {} });
    expect(again.kind).toBe('enrollment-resumed');
    expect(await businesses()).toBe(businessesAfterSeeding);
    expect(await terminalState(dirs.terminalDataDir)).toEqual({ enrolled: true, workplaceId: record.terminal.workplaceId });
    await withTerminal(dirs.terminalDataDir, async (terminal) => {
      expect((await terminal.pinLogin(pinOf(record, 'Aziza Karimova'))).full_name).toBe('Aziza Karimova');
    });
  });
});

describe('when npm start must not seed', () => {
  it('skips the demo with KASSA_DEMO=0: no business, no record, and the terminal stays unenrolled', async () => {
    const dirs = freshDirs();
    const before = await businesses();
    expect(await prepareFirstRun({ serviceUrl: url, ...dirs, env: { KASSA_DEMO: '0' } })).toEqual({ kind: 'disabled' });
    expect(await businesses()).toBe(before);
    expect(existsSync(demoRecordPath(dirs.dataDir))).toBe(false);
    expect(await terminalState(dirs.terminalDataDir)).toEqual({ enrolled: false, workplaceId: null });
  });

  it('refuses a demo.json that is not a demo record, naming the file, and seeds nothing', async () => {
    const dirs = freshDirs();
    mkdirSync(dirs.dataDir, { recursive: true });
    writeFileSync(demoRecordPath(dirs.dataDir), '{"owner": "someone"}');
    const before = await businesses();
    await expect(prepareFirstRun({ serviceUrl: url, ...dirs, env: {} })).rejects.toThrow(
      `${demoRecordPath(dirs.dataDir)} is not a demo record`,
    );
    expect(await businesses()).toBe(before);
  });

  it('leaves a terminal someone enrolled by hand alone', async () => {
    const dirs = freshDirs();
    const tenant = await registerTenant(server, 'by-hand');
    const world = await shopWorld(server, tenant);
    await enrollAndDownload(dirs.terminalDataDir, url, await enrollmentCode(server, tenant.token, world.workplace1), 'Till');
    const before = await businesses();
    expect(await prepareFirstRun({ serviceUrl: url, ...dirs, env: {} })).toEqual({ kind: 'enrolled-by-hand' });
    expect(await businesses()).toBe(before);
    expect(existsSync(demoRecordPath(dirs.dataDir))).toBe(false);
    expect((await terminalState(dirs.terminalDataDir)).workplaceId).toBe(world.workplace1);
  });
});

describe('an interrupted first run', () => {
  it('leaves no record and no enrolled terminal when seeding dies halfway, and the next start seeds a new business under a new login', async () => {
    const dirs = freshDirs();
    const before = await businesses();
    const logins: string[] = [];
    let calls = 0;
    // The service "dies" after 40 calls: past the employees and into the catalogue.
    const dying: FetchLike = async (target, init) => {
      calls += 1;
      if (target.endsWith('/auth/register')) logins.push((JSON.parse(init.body ?? '{}') as { login: string }).login);
      if (calls > 40) throw new TypeError('fetch failed');
      return fetch(target, init);
    };
    await expect(prepareFirstRun({ serviceUrl: url, ...dirs, env: {}, fetch: dying })).rejects.toThrow('fetch failed');
    expect(existsSync(demoRecordPath(dirs.dataDir))).toBe(false);
    expect(await terminalState(dirs.terminalDataDir)).toEqual({ enrolled: false, workplaceId: null });
    expect(await businesses()).toBe(before + 1);

    const retried = await prepareFirstRun({ serviceUrl: url, ...dirs, env: {} });
    expect(retried.kind).toBe('seeded');
    if (retried.kind !== 'seeded') return;
    expect(retried.record.owner.login).not.toBe(logins[0]);
    expect(await businesses()).toBe(before + 2);
    const token = await ownerToken(retried.record);
    expect(((await server.request('GET', '/api/v1/item-modifier/items/all', { token })).body as unknown[]).length).toBe(
      demo.items.length,
    );
    expect((await terminalState(dirs.terminalDataDir)).workplaceId).toBe(retried.record.terminal.workplaceId);
  });

  it('moves aside a record whose owner the service does not know (its database was reset) and seeds anew', async () => {
    const dirs = freshDirs();
    const stale: DemoRecord = {
      version: 1,
      createdAt: '2025-01-01T00:00:00.000Z',
      businessName: demo.businessName,
      businessId: 'gone',
      owner: { login: 'demo-00000000', password: 'not-known-here' },
      employees: [],
      terminal: { workplaceId: 'gone', workplace: 'Market — 1-kassa', point: 'Bahor Market', enrolledAt: null },
      seeded: {},
      openingDebtTotal: '0',
    };
    writeDemoRecord(dirs.dataDir, stale);
    const outcome = await prepareFirstRun({ serviceUrl: url, ...dirs, env: {} });
    expect(outcome.kind).toBe('seeded');
    expect(readdirSync(dirs.dataDir).filter((name) => name.startsWith('demo.json.stale-'))).toHaveLength(1);
    expect(readDemoRecord(dirs.dataDir)?.owner.login).not.toBe(stale.owner.login);
  });
});
