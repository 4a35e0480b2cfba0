/**
 * The cashier hears of every disaster, in words, in Chromium at 1024×768, against a real service and the real
 * terminal core; the till talks to the service through a proxy (./sync-proxy.ts) that only misbehaves when told:
 * - the service restored from its own backup (`npm run restore`'s restoreBackup): while the proxy answers the till's
 *   pushes "busy" the sync bar says what it is sending again and the notice says the restore; then everything lands
 *   exactly once and the notice says nothing was lost; Seen is reached with Tab and pressed with Enter;
 * - a restore older than what the till keeps (its journal pruned by its own pruning code to one operation, as a till
 *   whose journal had filled up): the notice says in red what could not be recovered, and the service lacks exactly
 *   those operations;
 * - a copy of the till (its data directory copied, a second terminal started on it): the copy screen says what it
 *   still sends (the proxy drops the copy's pulls, so what it pushed waits for its acknowledgement), a sale on it is
 *   refused in words, connecting it as a new till is refused while it still sends and works once it has sent all.
 * - the service restored from a backup taken before the till was connected: the till says the service no longer knows
 *   it (not that the owner disconnected it) and keeps what it holds.
 * Screenshots: e2e/artifacts/disasters-*.png, in uz, ru and en.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserMode, type BrowserMode } from '../main/browser-mode.js';
import { pruneJournal } from '../main/terminal/journal.js';
import { openTerminalStore } from '../main/terminal/store.js';
import { restoreBackup } from '../server/backups/restore.js';
import { createBackups } from '../server/backups/scheduler.js';
import { loadBackupSettings } from '../server/backups/settings.js';
import { ARTIFACTS, must, ROOT, startWorld, type World } from './harness.js';
import { seedShop, signIn, type Shop } from './shop.js';
import { startSyncProxy, type SyncProxy } from './sync-proxy.js';

const TEA = '4780000000017';

describe('the cashier hears of every disaster', () => {
  let world: World;
  let shop: Shop;
  let proxy: SyncProxy;
  let copy: { host: BrowserMode; page: Page } | null = null;
  let shots = 0;
  let backups = 0;
  /** The service's backup from before the till was connected (the last test puts it back). */
  let beforeTheTill = '';

  const serviceDir = () => join(world.dataDir, 'service');
  const databaseFile = () => join(serviceDir(), 'kassa.sqlite');
  const debt = (amount: string) =>
    world.terminal.core.invoke('ClientDebtController_createTransaction', {
      params: {},
      body: { client_id: shop.client, debt_amount: amount, employee_id: shop.employee, id_automated_point: '0' },
    });
  const entries = async () =>
    ((await must(world.service, 'GET', `/client-debts/transactions/all?client_id=${shop.client}`, { token: shop.token })) as { debt_amount: string }[]).map(
      (entry) => Number(entry.debt_amount),
    );
  /** Until the till's queue is empty: sent and acknowledged (a loop, not expect.poll: hooks use it too). */
  async function allSent() {
    const deadline = Date.now() + 30_000;
    while ((await world.terminal.core.pendingOperations()) > 0) {
      if (Date.now() > deadline) throw new Error('the till did not send everything within 30 s');
      await new Promise((done) => setTimeout(done, 200));
    }
  }

  /**
   * The screen in uz, ru and en (ending in en, where the test reads its words), each checked to fit 1024×768: nothing
   * past the right edge, and the selling screen's Pay button (when shown) not pushed below the fold by the notices.
   */
  async function shoot(page: Page, name: string) {
    for (const language of ['UZ', 'RU', 'EN'] as const) {
      await page.getByRole('button', { name: language, exact: true }).first().dispatchEvent('click');
      shots += 1;
      await page.screenshot({ path: join(ARTIFACTS, `disasters-${String(shots).padStart(2, '0')}-${name}-${language.toLowerCase()}.png`) });
      expect(await page.evaluate('document.documentElement.scrollWidth'), `${name} in ${language}`).toBeLessThanOrEqual(1024);
      const payButton = page.locator('[data-testid="sale-screen"] .pay-button');
      const pay = (await payButton.count()) > 0 ? await payButton.boundingBox() : null;
      if (pay) expect(pay.y + pay.height, `${name} in ${language}`).toBeLessThanOrEqual(768);
    }
  }

  /** The service's own backup, as it takes one every hour (server/backups/). */
  async function backup(): Promise<string> {
    backups += 1;
    const scheduled = createBackups({
      databaseFile: databaseFile(),
      settings: loadBackupSettings({ BACKUP_DIR: join(world.dataDir, `backups-${backups}`) }, serviceDir()),
    });
    const outcome = await scheduled.runNow();
    await scheduled.stop();
    if (!('file' in outcome)) throw new Error(`the backup failed: ${JSON.stringify(outcome)}`);
    return outcome.file;
  }

  /** What an operator does (README "Backups"): stop the service, `npm run restore -- <backup>`, start it again. */
  async function restore(file: string) {
    await world.stopService();
    restoreBackup({ backup: file, databaseFile: databaseFile() });
    await world.startServiceAgain();
  }

  /** Tab from Sync now reaches the notice's Seen (nothing else to focus between them), and Enter presses it. */
  async function seenByKeyboard(page: Page) {
    await page.getByRole('button', { name: 'Sync now' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Seen');
    await page.keyboard.press('Enter');
    await page.getByTestId('incident').waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    world = await startWorld('disasters');
    proxy = await startSyncProxy(() => world.service.url);
    shop = await seedShop(world.service);
    beforeTheTill = await backup();
    const { code } = await must(world.service, 'POST', '/sync/enrollment-codes', { token: shop.token, body: { workplaceId: shop.workplace } });
    await world.terminal.core.invoke('terminal.enroll', { serviceUrl: proxy.url, code, name: 'Till 1 (disasters)' });
    await signIn(world.page, world.terminal.host.url);
    // An open shift, for the sale the copy will try.
    await world.page.keyboard.press('F3');
    const form = world.page.getByRole('form', { name: 'Open shift' });
    await form.getByLabel('Opening cash in the drawer').fill('50000');
    await form.getByRole('button', { name: 'Open shift' }).click();
    await world.page.getByTestId('shift-screen').waitFor();
    await allSent();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await world.shot('failed');
  });
  afterAll(async () => {
    await copy?.page.close().catch(() => undefined);
    await copy?.host.close().catch(() => undefined);
    await proxy?.close();
    await world?.close();
    // Expected here: the page's connection to the terminal while it was stopped and restarted.
    const expected = (line: string) => line.includes('WebSocket connection to') || (line.includes('/rpc-secret') && line.includes('ERR_CONNECTION_REFUSED'));
    expect(world?.pageProblems.filter((line) => !expected(line)) ?? []).toEqual([]);
  });

  it('says what a restored service lost and the till sends again, then that nothing was lost, and everything lands once', async () => {
    const { page } = world;
    const taken = await backup();
    const amounts = ['1001', '1002', '1003', '1004', '1005', '1006'];
    for (const amount of amounts) await debt(amount);
    await allSent();
    // The restore; the till's pushes meet a busy service for now, so what it sends again waits on screen.
    proxy.fault(({ path }) => (path === 'push' ? 'busy' : null));
    await restore(taken);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByTestId('sync-resending').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('sync-resending').textContent()).toBe('Sending again 6 operations the service lost');
    await expect.poll(() => page.getByTestId('incident').textContent(), { timeout: 15_000 }).toContain(
      'This till is sending again 6 operations that the service had lost. Nothing was lost.',
    );
    await shoot(page, 'resending');

    proxy.fault(null);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByTestId('sync-activity').waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => page.getByTestId('incident').textContent(), { timeout: 15_000 }).toMatch(
      /^The service was restored from an older backup · at \d\d\/\d\d\/\d{4}, \d\d:\d\dThis till sent again 6 operations that the service had lost\. Nothing was lost\.Seen$/,
    );
    expect(await page.getByTestId('incident').getAttribute('data-danger')).toBe('false');
    await shoot(page, 'restored');
    const landed = await entries();
    for (const amount of amounts) expect(landed.filter((value) => value === Number(amount))).toHaveLength(1);
    await seenByKeyboard(page);
  }, 180_000);

  it('says in red what a restore older than the till’s journal took for good, and the service lacks exactly that', async () => {
    let { page } = world;
    const taken = await backup();
    for (const amount of ['2001', '2002', '2003']) await debt(amount);
    await allSent();
    // The till keeps only its newest acknowledged operation, as one whose journal had filled up.
    await world.stopTerminal();
    const store = await openTerminalStore(join(world.dataDir, 'terminal', 'terminal.sqlite'));
    await store.writes.transaction((tx) => pruneJournal(tx as unknown as Kysely<unknown>, { keepDays: 30, maxOperations: 1 }, new Date()));
    await store.close();
    await signIn(page, await world.startTerminalAgain());
    page = world.page;

    await restore(taken);
    await page.getByRole('button', { name: 'Sync now' }).click();
    const notice = page.locator('[data-testid="incident"][data-danger="true"]');
    await notice.waitFor({ timeout: 30_000 });
    await page.getByTestId('sync-activity').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await notice.textContent()).toContain(
      'This till sent again 1 operation that the service had lost. 2 operations could not be recovered (they were older than this till keeps): tell the office.For the office: ',
    );
    await shoot(page, 'restored-losses');
    const landed = await entries();
    expect(landed.filter((value) => value === 2003)).toHaveLength(1);
    expect(landed.filter((value) => value === 2001 || value === 2002)).toEqual([]);
    await seenByKeyboard(page);
  }, 180_000);

  it('shows a copy of the till what it still sends, refuses its sale in words, and connects it as a new till only once it has sent all', async () => {
    // The original till holds an operation it could not send yet (its line down) when its data is copied.
    proxy.fault(() => 'cut');
    await debt('3001');
    await world.stopTerminal();
    const copyDir = join(world.dataDir, 'copy');
    cpSync(join(world.dataDir, 'terminal'), copyDir, { recursive: true });
    await signIn(world.page, await world.startTerminalAgain());
    // The copy's line drops its pulls: what it pushes arrives, the acknowledgement does not come back yet.
    const original = proxy.enrolledInstall();
    proxy.fault(({ path, body }) => (path === 'pull' && body?.installId !== original ? 'cut' : null));
    const host = await startBrowserMode({ coreOptions: { dataDir: copyDir }, rootDir: ROOT, log: () => undefined });
    const page = await world.browser.newPage({ viewport: { width: 1024, height: 768 } });
    copy = { host, page };
    await signIn(page, host.host.url);
    const panel = page.getByTestId('till-copy');
    await panel.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('till-copy-sending').textContent(), { timeout: 30_000 }).toBe(
      '1 operation it holds is still being sent, under the connection of the till it was copied from. Nothing is lost.',
    );
    expect(await panel.textContent()).toContain('This till is a copy of another till');
    await shoot(page, 'copy');

    // A sale on the copy: refused, saying why.
    await page.getByLabel('Barcode or search').focus();
    await page.keyboard.type(TEA, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.cart-line').count()).toBe(1);
    await page.keyboard.press('F12');
    await page.getByTestId('payment-panel').waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('payment-panel').getByText('This till is a copy of another till: it takes no new sales or changes. Connect it as a new till.').waitFor();
    await shoot(page, 'copy-sale-refused');
    await page.keyboard.press('Escape');

    // Connect as a new till, by keyboard: refused while the copy still sends what it holds.
    const point = (await must(world.service, 'POST', '/business-config/points/create', { token: shop.token, body: { name: 'Chorsu 2', default_warehouse_id: shop.warehouse } })).id;
    const workplace = (await must(world.service, 'POST', '/business-config/workplaces/create', { token: shop.token, body: { name: 'Till 2', automated_point_id: point } })).id;
    const { code } = await must(world.service, 'POST', '/sync/enrollment-codes', { token: shop.token, body: { workplaceId: workplace } });
    await page.getByRole('button', { name: 'Sync now' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Connect as a new till');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Connect as a new till' }).waitFor();
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page
      .getByText('1 operation of this till is still being sent under the connection of the till it was copied from: connect it as a new till once that operation is sent.')
      .waitFor();
    await shoot(page, 'copy-connect-refused');

    // Its line back, it delivers what it held (once), and then connects as a new till.
    proxy.fault(null);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => page.getByTestId('till-copy-sending').textContent(), { timeout: 30_000 }).toBe('Everything it held has been sent.');
    expect(await host.core.pendingOperations()).toBe(0);
    await page.getByRole('button', { name: 'Connect as a new till' }).click();
    await page.getByLabel('Enrollment code').fill(code);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('employee-name').waitFor();
    await expect.poll(() => page.getByTestId('till-copy').count(), { timeout: 30_000 }).toBe(0);
    const terminals = (await must(world.service, 'GET', '/sync/terminals', { token: shop.token })) as { id: string }[];
    expect(terminals).toHaveLength(2);
    expect((await entries()).filter((value) => value === 3001)).toHaveLength(1);
  }, 240_000);

  it('says, when the service is put back to a backup from before this till was connected, that it no longer knows the till', async () => {
    const { page } = world;
    await restore(beforeTheTill);
    await page.getByRole('button', { name: 'Sync now' }).click();
    const panel = page.getByTestId('disconnected');
    await panel.waitFor({ timeout: 30_000 });
    expect(await panel.textContent()).toContain('The service no longer knows this till');
    expect(await panel.textContent()).toContain('restored from a backup taken before this till was connected');
    await shoot(page, 'unknown-till');
  }, 180_000);
});
