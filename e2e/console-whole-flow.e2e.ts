/**
 * The owner's whole way, end to end (issue 17, "End to end"), in Chromium at 1024×768 against a real service with a
 * fixture release in RELEASES_DIR and the real terminal core in browser mode — nothing seeded, everything through
 * the console a new owner meets:
 * register a business → add a unit, a warehouse, a point, a till (workplace) — and see the service refuse to
 * delete that point (it has a till) and that warehouse (the default), said in the language on screen — a role and
 * an employee whose PIN is shown once → import 1,000 items from a CSV → "Add a till" → download the installer and its provisioning file over HTTP →
 * a terminal started with that file enrolls itself and the employee signs in with that PIN → a credit sale on the
 * till's Debts screen (the sales screen is built in parallel) → the service's API has it exactly once, the Fleet
 * page shows the till with its health → "Disconnect" on the Fleet page, and the till shows it is disconnected →
 * the owner turns the second password on in Sign-in security, signs in again with it, and turns it off.
 * Every console page visited is photographed in uz, ru and en (e2e/artifacts/whole-flow-*.png); no CSP violation or
 * script error may be reported by the console.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import type { JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator, type Language } from '../console/i18n/index.js';
import { showDecimal } from '../console/lib/numbers.js';
import { startBrowserMode, type BrowserMode } from '../main/browser-mode.js';
import { fixtureRelease, sha512 } from '../test/helpers/fixture-release.js';
import { ARTIFACTS, chooseFile, CHROMIUM, CHROMIUM_ARGS, must, ROOT, startService, type Service } from './harness.js';
import { drawSignature } from './shop.js';

const LANGUAGES: readonly Language[] = ['uz', 'ru', 'en'];
/** The flow is driven in English; every page is also photographed in Uzbek and Russian. */
const t = translator('en');
const ITEMS = 1000;
const SALE = '98500.25';

/** A message as a pattern that accepts any digit grouping ("1 000", "1,000", "1000"). */
const loose = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/(\d)[\s\u00a0\u202f,](?=\d{3})/g, '$1[\\s\\u00a0\\u202f,]?'));

describe('the owner’s whole way: register, set up, import, download a till, sell, see it, disconnect it', () => {
  const release = fixtureRelease();
  const login = `owner-${Date.now()}`;
  const password = 'Chorsu-2026!';
  let dir: string;
  let service: Service;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let terminal: BrowserMode | undefined;
  let till: Page;
  const problems: string[] = [];
  const downloads: Download[] = [];
  let shots = 0;
  // What one step hands the next.
  let pin = '';
  let provisioningFile = '';
  let token = '';
  let clientId = '';

  const nav = () => page.getByRole('navigation', { name: t('nav.label') });

  /** The page as it is now, in uz, ru and en (coming back to en, the language the flow is driven in). */
  async function shotEach(name: string): Promise<void> {
    shots += 1;
    for (const language of LANGUAGES) {
      await page.getByRole('button', { name: language.toUpperCase(), exact: true }).first().click();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
      await page.screenshot({ path: join(ARTIFACTS, `whole-flow-${String(shots).padStart(2, '0')}-${name}-${language}.png`) });
    }
  }

  async function open(titleKey: Parameters<typeof t>[0]): Promise<void> {
    await nav().getByRole('link', { name: t(titleKey), exact: true }).click();
    await page.getByRole('heading', { name: t(titleKey) }).waitFor();
  }

  /** One record added on a list page: the add button, its fields, Save, and the new row in the table. */
  async function addRecord(addKey: Parameters<typeof t>[0], fill: () => Promise<void>, rowName: string): Promise<void> {
    await page.getByRole('button', { name: t(addKey) }).click();
    await fill();
    await page.getByRole('button', { name: t('common.save') }).click();
    await page.getByRole('cell', { name: rowName }).first().waitFor();
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kassa-whole-flow-'));
    mkdirSync(ARTIFACTS, { recursive: true });
    // startService passes its own environment on: the fixture release is the service's RELEASES_DIR.
    process.env.RELEASES_DIR = release.dir;
    service = await startService(join(dir, 'service'));
    delete process.env.RELEASES_DIR;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    context = await browser.newContext({ viewport: { width: 1024, height: 768 }, acceptDownloads: true });
    page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('download', (download) => downloads.push(download));
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await terminal?.close().catch(() => undefined);
    await service?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('registers a new business in the console and lands on its home page', async () => {
    await page.goto(`${service.url}/register`);
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('heading', { name: t('register.title') }).waitFor();
    await page.getByLabel(t('register.businessName')).fill('Chorsu Savdo');
    await page.getByLabel(t('register.name')).fill('Malika Tursunova');
    await page.getByLabel(t('register.login')).fill(login);
    await page.getByLabel(t('register.password')).fill(password);
    await shotEach('register');
    await page.getByRole('button', { name: t('register.submit') }).click();
    await page.getByRole('heading', { name: t('page.home') }).waitFor();
    await page.getByText(t('nav.signedInAs', { name: 'Malika Tursunova' })).waitFor();
    await shotEach('home');
    token = (await must(service, 'POST', '/auth/login', { body: { login, password } })).access_token as string;
  });

  it('adds a unit, a warehouse, a point, a till and an employee whose PIN is shown once', async () => {
    await open('page.units');
    await addRecord('units.add', () => page.getByLabel(t('field.name')).fill('dona'), 'dona');
    await shotEach('units');

    await open('page.warehouses');
    await addRecord('warehouses.add', () => page.getByLabel(t('field.name')).fill('Asosiy ombor'), 'Asosiy ombor');
    await shotEach('warehouses');

    await open('page.points');
    await addRecord(
      'points.add',
      async () => {
        await page.getByLabel(t('field.name')).fill('Chorsu 1');
        await page.getByLabel(t('field.defaultWarehouse')).selectOption({ label: 'Asosiy ombor' });
      },
      'Chorsu 1',
    );
    await shotEach('points');

    await open('page.workplaces');
    await addRecord(
      'workplaces.add',
      async () => {
        await page.getByLabel(t('field.name')).fill('Kassa 1');
        await page.getByLabel(t('field.point')).selectOption({ label: 'Chorsu 1' });
      },
      'Kassa 1',
    );
    await shotEach('workplaces');

    // Deleting a point or a warehouse also retires tills or moves the default (issue 28 §4): the confirmation says
    // so in the language on screen, and Cancel deletes nothing.
    await open('page.points');
    await page.getByRole('row').filter({ hasText: 'Chorsu 1' }).getByRole('button', { name: t('common.delete') }).click();
    await page.getByRole('row').filter({ hasText: 'Chorsu 1' }).getByRole('alert').getByText(t('points.deleteWarning')).waitFor();
    await shotEach('points-delete-warning');
    await page.getByRole('row').filter({ hasText: 'Chorsu 1' }).getByRole('alert').getByRole('button', { name: t('common.cancel') }).click();
    await open('page.warehouses');
    await page.getByRole('row').filter({ hasText: 'Asosiy ombor' }).getByRole('button', { name: t('common.delete') }).click();
    await page.getByRole('row').filter({ hasText: 'Asosiy ombor' }).getByRole('alert').getByText(t('warehouses.deleteWarning')).waitFor();
    await shotEach('warehouses-delete-warning');
    await page.getByRole('row').filter({ hasText: 'Asosiy ombor' }).getByRole('alert').getByRole('button', { name: t('common.cancel') }).click();
    expect(((await must(service, 'GET', '/business-config/points/all', { token })) as { name: string }[]).map((row) => row.name)).toEqual(['Chorsu 1']);
    expect(((await must(service, 'GET', '/warehouses/all', { token })) as { name: string }[]).map((row) => row.name)).toEqual(['Asosiy ombor']);

    // A new business has no roles: the cashier's comes first.
    await open('page.roles');
    // Exactly "Name": a right's description below mentions a name too.
    await addRecord('roles.add', () => page.getByLabel(t('field.name'), { exact: true }).fill('Kassir'), 'Kassir');
    await shotEach('roles');

    await open('page.employees');
    await page.getByRole('button', { name: t('employees.add') }).click();
    await page.getByLabel(t('field.fullName')).fill('Aziza Karimova');
    await page.getByLabel(t('field.role')).selectOption({ label: 'Kassir' });
    await page.getByLabel(t('field.workplace')).selectOption({ label: 'Kassa 1' });
    await page.getByRole('button', { name: t('common.save') }).click();
    await page.getByRole('heading', { name: t('employees.pinTitle', { name: 'Aziza Karimova' }) }).waitFor();
    pin = (await page.getByTestId('revealed-secret').textContent())?.trim() ?? '';
    expect(pin).toMatch(/^[0-9]{4}$/);
    await shotEach('employee-pin-once');
    await page.getByRole('button', { name: t('pin.done') }).click();
    await page.getByTestId('revealed-secret').waitFor({ state: 'detached' });
    expect(await page.locator('body').innerText()).not.toContain(pin);
    await shotEach('employees');
  });

  it(`imports ${ITEMS} items from a CSV with opening stock, exactly`, async () => {
    const lines = ['Name,Barcode,Group,Unit,Price,Cost,Stock: Asosiy ombor'];
    for (let index = 1; index <= ITEMS; index += 1)
      lines.push([`Mahsulot ${index}`, String(4780200000000 + index), `Guruh ${index % 7}`, 'dona', `${1000 + index}.50`, `${700 + index}`, String(index % 30)].join(','));
    const csv = join(dir, 'katalog.csv');
    writeFileSync(csv, `${lines.join('\n')}\n`);

    await open('page.import');
    await chooseFile(page.getByLabel(t('import.choose')), csv);
    await page.getByText(loose(t('import.summary', { rows: ITEMS, bad: 0 }))).waitFor();
    await shotEach('import-preview');
    await page.getByRole('button', { name: loose(t('import.start', { rows: ITEMS })) }).click();
    await page.getByText(loose(t('import.done', { created: ITEMS, updated: 0, unchanged: 0 }))).waitFor({ timeout: 90_000 });
    await shotEach('import-done');

    // Exact amounts through the API: all of them, the 500th item's price as decimal text.
    const items = (await must(service, 'GET', '/item-modifier/items/all', { token })) as { name: string; price: string }[];
    expect(items).toHaveLength(ITEMS);
    const found = items.find((row) => row.name === 'Mahsulot 500');
    expect(found?.price).toBe('1500.5');
  });

  it('adds a till: the code, and the installer with its provisioning file downloaded over HTTP', async () => {
    await open('page.tills');
    await page.getByRole('row').filter({ hasText: 'Kassa 1' }).getByRole('button', { name: t('tills.add') }).click();
    const code = (await page.getByTestId('enrollment-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[0-9A-Z]{3}-[0-9A-Z]{3}-[0-9A-Z]{3}$/);
    await page.getByAltText(t('tills.qr')).waitFor();
    await shotEach('tills-new-till');

    await page.getByRole('button', { name: t('tills.downloadFor', { platform: 'Windows' }) }).click();
    await page.getByRole('status').filter({ hasText: '.kassa' }).waitFor();
    await expect.poll(() => downloads.length).toBe(2);
    const [installer, file] = downloads;
    const installerPath = join(dir, installer!.suggestedFilename());
    provisioningFile = join(dir, file!.suggestedFilename());
    await installer!.saveAs(installerPath);
    await file!.saveAs(provisioningFile);
    // The fixture installer, byte for byte, named with a fresh code; the provisioning file beside it.
    expect(installer!.suggestedFilename()).toMatch(/^Kassa-Setup-0\.1\.0\.[0-9A-Z]{3}-[0-9A-Z]{3}-[0-9A-Z]{3}\.exe$/);
    expect(file!.suggestedFilename()).toBe(installer!.suggestedFilename().replace(/\.exe$/, '.kassa'));
    expect(sha512(await readFile(installerPath))).toBe(sha512(release.bytes.windows));
    await shotEach('tills-downloaded');
  });

  it('starts a terminal with that provisioning file: it enrolls itself and the employee signs in with the PIN shown once', async () => {
    const { keys } = (await (await fetch(`${service.url}/downloads/provisioning-key`)).json()) as { keys: JWK[] };
    terminal = await startBrowserMode({
      coreOptions: { dataDir: join(dir, 'terminal'), provisioningFiles: [provisioningFile], trustedProvisioningKeys: keys },
      rootDir: ROOT,
      log: () => {},
    });
    till = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await till.goto(terminal.host.url);
    await till.getByRole('button', { name: 'EN' }).click();
    await till.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 60_000 });
    expect(await terminal.core.invoke('terminal.enrollmentStatus', undefined)).toMatchObject({
      enrolled: true,
      till: 'Kassa 1',
      provisioning: { state: 'enrolled', serviceUrl: service.url, workplace: 'Kassa 1' },
    });
    await till.keyboard.type(pin);
    await till.keyboard.press('Enter');
    await till.getByTestId('employee-name').filter({ hasText: 'Aziza Karimova' }).waitFor();
    await till.screenshot({ path: join(ARTIFACTS, 'whole-flow-till-signed-in-en.png') });
  });

  it('records a credit sale at the till; the service has it exactly once', async () => {
    // The back office's client (the console has no clients page yet): an ordinary API call as the owner.
    clientId = (await must(service, 'POST', '/clients/create', { token, body: { full_name: 'Dilnoza Yusupova', phone_number: '+998 90 123 45 67' } })).id as string;
    await till.getByRole('button', { name: 'Sync now' }).click();
    await till.getByRole('button', { name: 'Client debts' }).click();
    await expect
      .poll(async () => {
        await till.getByLabel('Search').fill('');
        await till.getByLabel('Search').fill('90 123');
        return till.getByRole('button', { name: /Dilnoza Yusupova/ }).count();
      }, { timeout: 30_000 })
      .toBe(1);
    await till.getByRole('button', { name: /Dilnoza Yusupova/ }).click();
    await till.getByLabel('Amount').fill(SALE);
    await drawSignature(till);
    await till.getByRole('button', { name: 'Record' }).click();
    await till.getByText('Recorded.').waitFor();
    await till.screenshot({ path: join(ARTIFACTS, 'whole-flow-till-credit-sale-en.png') });

    const sales = async () =>
      ((await must(service, 'GET', `/client-debts/transactions/all?client_id=${clientId}`, { token })) as { kind: string; debt_amount: string }[]).filter(
        (entry) => entry.kind === 'transaction',
      );
    await expect.poll(async () => (await sales()).length, { timeout: 30_000 }).toBe(1);
    // One more full sync cycle: still exactly once.
    expect(await terminal!.core.invoke('terminal.syncNow', undefined)).toMatchObject({ online: true, pendingOperations: 0 });
    const [sale, ...more] = await sales();
    expect(more).toEqual([]);
    expect(sale?.debt_amount).toBe('98500.25');

    // The sale shows on the Reports page. A credit sale recorded on the Debts screen is a debt entry
    // (ClientDebtController_createTransaction), not an order: the Sales tab counts orders, so it shows there as
    // nothing sold; the Client debts tab shows the client's balance, all of it owed for 0–30 days.
    await open('page.reports');
    const tabs = page.getByRole('navigation', { name: t('page.reports') });
    await page.getByTestId('sales-report').waitFor();
    await page.getByText(t('reports.empty')).waitFor();
    await tabs.getByRole('link', { name: t('reports.tab.debts') }).click();
    const debts = page.getByTestId('debts-report');
    const client = debts.locator('tbody tr').filter({ hasText: 'Dilnoza Yusupova' });
    await client.waitFor();
    expect(await client.count()).toBe(1);
    const amount = showDecimal(SALE, 'en');
    // Balance, then the 0–30 days column: the same amount twice, side by side.
    expect((await client.textContent()) ?? '').toContain(`${amount}${amount}`);
    expect((await debts.locator('tfoot tr').textContent()) ?? '').toContain(`${t('table.total')}${amount}${amount}`);
    const aging = (await must(service, 'GET', '/reports/debt-aging', { token })) as { clients: { client_id: string; balance: string; days_0_30: string }[] };
    expect(aging.clients).toEqual([expect.objectContaining({ client_id: clientId, balance: SALE, days_0_30: SALE })]);
    await shotEach('reports-debts');
  });

  it('shows the till on the Fleet page with its health, disconnects it there, and the till says it is disconnected', async () => {
    await open('page.fleet');
    const row = page.getByRole('row').filter({ hasText: 'Kassa 1' });
    await row.waitFor();
    // What the till reported with its last pull: in touch, nothing waiting, its system.
    // The till drops a sent operation from its outbox when a later pull confirms it, and reports its health with
    // each pull: one more cycle, and its report says nothing waits.
    expect(await terminal!.core.invoke('terminal.syncNow', undefined)).toMatchObject({ online: true, pendingOperations: 0 });
    const reported = (await must(service, 'GET', '/sync/fleet', { token })) as { terminals: { health: { outbox_depth: number } | null }[] };
    expect(reported.terminals).toHaveLength(1);
    expect(reported.terminals[0]!.health).toMatchObject({ outbox_depth: 0 });
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: t('fleet.refresh') }).click();
        return row.innerText();
      }, { timeout: 30_000 })
      .toContain(t('fleet.queue', { count: 0 }));
    const shown = await row.innerText();
    expect(shown).toContain(t('fleet.ok'));
    expect(shown).toMatch(/linux/);
    expect(shown).toContain(t('fleet.minutesAgo', { minutes: 0 }));
    await shotEach('fleet');
    // At 1024 px, in every language: nothing scrolls sideways and the actions are on screen.
    for (const language of LANGUAGES) {
      await page.getByRole('button', { name: language.toUpperCase(), exact: true }).first().click();
      const table = page.locator('table.fleet');
      const widths = await table.evaluate((element) => {
        const box = element as unknown as { scrollWidth: number; clientWidth: number };
        return [box.scrollWidth, box.clientWidth];
      });
      expect(widths[0]).toBeLessThanOrEqual(widths[1]! + 1);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1024);
      const action = await row.getByRole('button', { name: translator(language)('fleet.revoke') }).boundingBox();
      expect(action!.x + action!.width).toBeLessThanOrEqual(1024);
      for (const label of ['fleet.unsentMinutes', 'fleet.unseenMinutes'] as const) {
        const box = await page.getByText(translator(language)(label), { exact: true }).boundingBox();
        // One line: no taller than a line of text.
        expect(box!.height).toBeLessThan(30);
      }
    }
    await page.getByRole('button', { name: 'EN', exact: true }).first().click();

    await row.getByRole('button', { name: t('fleet.revoke') }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t('fleet.confirm') }).click();
    await row.getByText(t('fleet.revoked')).waitFor();
    await shotEach('fleet-revoked');
    const terminals = (await must(service, 'GET', '/sync/terminals', { token })) as { is_revoked: boolean }[];
    expect(terminals).toEqual([expect.objectContaining({ is_revoked: true })]);

    // The till learns it at its next sync: disconnected by the owner, nothing lost.
    await till.getByRole('button', { name: 'Sync now' }).click();
    await till.getByTestId('disconnected').waitFor({ timeout: 30_000 });
    expect(await till.getByTestId('sync-online').textContent()).toMatch(/^Disconnected by the owner/);
    await till.screenshot({ path: join(ARTIFACTS, 'whole-flow-till-disconnected-en.png') });

  });

  it('turns the second password on in Sign-in security; the next sign-in asks for it; then turns it off', async () => {
    await open('page.security');
    await page.getByTestId('second-factor-state').filter({ hasText: t('security.stateOff') }).waitFor();
    await page.getByLabel(t('security.second')).fill('Ikkinchi-parol-9');
    await page.getByLabel(t('security.repeat')).fill('Ikkinchi-parol-9');
    await page.getByLabel(t('security.current')).fill(password);
    await shotEach('security-off');
    await page.getByRole('button', { name: t('security.turnOn') }).click();
    await page.getByTestId('second-factor-state').filter({ hasText: t('security.stateOn') }).waitFor();
    await shotEach('security-on');

    await page.getByRole('button', { name: t('nav.signOut') }).click();
    await page.getByLabel(t('signIn.login')).fill(login);
    await page.getByLabel(t('signIn.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: t('signIn.submit'), exact: true }).click();
    await page.getByLabel(t('signIn.secondPassword')).fill('Ikkinchi-parol-9');
    await shotEach('sign-in-second-password');
    await page.getByRole('button', { name: t('signIn.secondSubmit') }).click();
    await page.getByRole('heading', { name: t('page.home') }).waitFor();

    await open('page.security');
    const off = page.getByRole('form', { name: t('security.turnOffTitle') });
    await off.getByLabel(t('security.current')).fill(password);
    await off.getByRole('button', { name: t('security.turnOff') }).click();
    await page.getByTestId('second-factor-state').filter({ hasText: t('security.stateOff') }).waitFor();
    // Off: the password alone gives a token again.
    expect((await must(service, 'POST', '/auth/login', { body: { login, password } })).access_token).toEqual(expect.any(String));

    // The console: no CSP violation, no script error, no failed load, on any page of the way.
    expect(problems).toEqual([]);
  });
});
