/**
 * What the till tells people when sync cannot work (issue 14, items 1, 5, 6, 8), in Chromium at 1024×768:
 * - the service frozen (a port that accepts and never answers): "service not answering" within the deadline, after
 *   "no network" while nothing listened — each with when it began, in en, ru and uz;
 * - sign-out during the outage with an operation waiting: allowed, and the sign-in screen says what still waits;
 * - the owner revokes the till: "disconnected by the owner", the unsent operation listed and saved to a file, new
 *   writes refused; a code of another business refused saying why; a code of its own business connects it again
 *   and the kept operation reaches the service exactly once;
 * - a tab left from an earlier run of the terminal (its secret stale) says to open the printed address.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserMode, type BrowserMode } from '../main/browser-mode.js';
import { must, ROOT, startWorld, type World } from './harness.js';
import { PIN, seedShop, signIn as signInAt, type Shop } from './shop.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The terminal's deadline for an answer (CALL_DEADLINE in main/terminal/terminal.ts) plus room for the page. */
const NOT_ANSWERING_WITHIN_MS = 15_000 + 8_000;

describe('the till tells the truth about sync', () => {
  let world: World;
  let shop: Shop;
  let hole: { server: Server; sockets: Socket[] } | null = null;

  const problem = () => world.page.getByTestId('sync-status').getAttribute('data-problem');
  /** The screens before sign-in show the last language chosen (state/terminal.ts keeps it in localStorage). */
  const chooseLanguageBeforeSignIn = (code: string) =>
    world.page.evaluate((chosen) => (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem('kassa.language', chosen), code);
  const language = async (code: 'EN' | 'RU' | 'UZ') => world.page.getByRole('button', { name: code, exact: true }).first().click();
  const sale = (amount: string) =>
    world.terminal.core.invoke('ClientDebtController_createTransaction', {
      params: {},
      body: { client_id: shop.client, debt_amount: amount, employee_id: shop.employee, id_automated_point: '0' },
    });

  beforeAll(async () => {
    world = await startWorld('till-states');
    shop = await seedShop(world.service);
    const { code } = await must(world.service, 'POST', '/sync/enrollment-codes', { token: shop.token, body: { workplaceId: shop.workplace } });
    await world.terminal.core.invoke('terminal.enroll', { serviceUrl: world.service.url, code, name: 'Till 1 (states)' });
    await signInAt(world.page, world.terminal.host.url);
  });
  afterAll(async () => {
    if (hole) {
      for (const socket of hole.sockets) socket.destroy();
      await new Promise((done) => hole!.server.close(done));
    }
    await world?.close();
    // Expected here: the refusals of a stopped service's and a stopped terminal's ports, and of the old secret.
    const expected = (line: string) => line.includes('WebSocket connection to') || (line.includes('/rpc-secret') && line.includes('ERR_CONNECTION_REFUSED'));
    expect(world?.pageProblems.filter((line) => !expected(line)) ?? []).toEqual([]);
  });

  it('says "no network" while nothing listens, then "service not answering" within the deadline when the service is frozen', async () => {
    const { page } = world;
    await world.stopService();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(problem, { timeout: 15_000 }).toBe('no-network');
    await expect.poll(() => page.getByTestId('sync-online').textContent()).toMatch(/^No network: the service cannot be reached \(since \d\d:\d\d:\d\d\)$/);
    await world.shot('no-network-en');

    // A frozen service: its port accepts connections and never answers.
    const port = Number(new URL(world.service.url).port);
    const sockets: Socket[] = [];
    const server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((done) => server.listen(port, '127.0.0.1', () => done()));
    hole = { server, sockets };
    const frozenAt = Date.now();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(problem, { timeout: NOT_ANSWERING_WITHIN_MS, interval: 250 }).toBe('not-answering');
    expect(Date.now() - frozenAt).toBeLessThan(NOT_ANSWERING_WITHIN_MS);
    expect(await page.getByTestId('sync-online').textContent()).toMatch(/^The service is not answering \(since \d\d:\d\d:\d\d\)$/);
    await world.shot('not-answering-en');
    await language('RU');
    expect(await page.getByTestId('sync-online').textContent()).toMatch(/^Сервис не отвечает \(с \d\d:\d\d:\d\d\)$/);
    await world.shot('not-answering-ru');
    await language('UZ');
    expect(await page.getByTestId('sync-online').textContent()).toMatch(/^Xizmat javob bermayapti \(\d\d:\d\d:\d\d dan beri\)$/);
    await world.shot('not-answering-uz');
    await language('EN');
  }, 60_000);

  it('lets the cashier sign out during the outage with an operation waiting, and the sign-in screen says it waits', async () => {
    const { page } = world;
    await sale('250');
    await expect.poll(() => page.getByTestId('sync-pending').textContent()).toBe('1 to send');
    expect(await page.getByTestId('waiting-notice').textContent()).toBe('1 operations wait to be sent. They stay with this till and are sent after sign-out too.');
    await world.shot('waiting-before-sign-out-en');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByTestId('waiting-at-login').textContent()).toBe('1 operations of this till wait to be sent.');
    await world.shot('signed-out-with-waiting-en');
    await language('RU');
    expect(await page.getByTestId('waiting-at-login').textContent()).toBe('Операций этой кассы ждут отправки: 1.');
    await world.shot('signed-out-with-waiting-ru');
    await language('UZ');
    expect(await page.getByTestId('waiting-at-login').textContent()).toBe('Bu kassaning 1 ta amali yuborilishini kutmoqda.');
    await world.shot('signed-out-with-waiting-uz');
    await language('EN');
    // The next cashier signs in; the service comes back; the waiting sale goes out by itself.
    await page.keyboard.type(PIN);
    await page.keyboard.press('Enter');
    await page.getByTestId('employee-name').filter({ hasText: 'Aziza Karimova' }).waitFor();
    for (const socket of hole!.sockets) socket.destroy();
    await new Promise((done) => hole!.server.close(done));
    hole = null;
    await world.startServiceAgain();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => page.getByTestId('sync-pending').textContent(), { timeout: 30_000 }).toBe('All sent');
    await expect.poll(problem).toBe('');
  }, 60_000);

  it('shows a till revoked by the owner as disconnected, keeps and exports its unsent operation, refuses new writes and another business’s code, and connects again with its own business’s code, delivering the operation once', async () => {
    const { page } = world;
    const [till] = (await must(world.service, 'GET', '/sync/terminals', { token: shop.token })) as { id: string }[];
    await must(world.service, 'DELETE', `/sync/terminals/${till!.id}`, { token: shop.token });
    await sale('777.5');
    await expect.poll(problem, { timeout: 30_000 }).toBe('credential-refused');
    const panel = page.getByTestId('disconnected');
    await panel.waitFor();
    await expect.poll(() => panel.textContent()).toContain('Nothing was lost: 1 operations were not sent and are kept on this till.');
    expect(await page.getByTestId('unsent-operations').locator('tbody tr').count()).toBe(1);
    expect(await page.getByTestId('sync-online').textContent()).toMatch(/^Disconnected by the owner \(since \d\d:\d\d:\d\d\)$/);
    await world.shot('disconnected-en');
    await language('RU');
    await panel.getByText('Эта касса отключена владельцем').waitFor();
    await world.shot('disconnected-ru');
    await language('UZ');
    await panel.getByText('Bu kassa egasi tomonidan uzib qo‘yilgan').waitFor();
    await world.shot('disconnected-uz');
    await language('EN');

    // New writes are refused with the reason; reads still answer.
    await expect(sale('1')).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining('disconnected by the owner') });
    expect(await world.terminal.core.invoke('ClientController_findAll', { params: {} })).toEqual(expect.any(Array));

    // Saved to a file for support.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save to a file for support' }).click()]);
    const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as { kind: string; operations: { name: string; args: { debt_amount: string }; mutation_id: string }[] };
    expect(file.kind).toBe('kassa-unsent-operations');
    expect(file.operations.map((operation) => [operation.name, operation.args.debt_amount])).toEqual([['ClientDebtController_createTransaction', '777.5']]);

    // Another business's code: refused, saying why; nothing changes.
    const otherShop = await seedShop(world.service);
    const foreign = (await must(world.service, 'POST', '/sync/enrollment-codes', { token: otherShop.token, body: { workplaceId: otherShop.workplace } })).code as string;
    await page.getByRole('button', { name: 'Connect again with a new code' }).click();
    await page.getByRole('heading', { name: 'Connect this till again' }).waitFor();
    expect(await page.getByLabel('Service address').inputValue()).toBe(world.service.url);
    await page.getByLabel('Enrollment code').fill(foreign);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('This code is for another business.', { exact: false }).waitFor();
    await world.shot('other-business-refused-en');
    await language('RU');
    await page.getByText('Этот код — другого бизнеса.', { exact: false }).waitFor();
    await world.shot('other-business-refused-ru');
    await language('UZ');
    await page.getByText('Bu kod boshqa biznesga tegishli.', { exact: false }).waitFor();
    await world.shot('other-business-refused-uz');
    await language('EN');
    expect(await world.terminal.core.pendingOperations()).toBe(1);

    // Its own business's code: the same till again; the kept sale reaches the service once.
    const own = (await must(world.service, 'POST', '/sync/enrollment-codes', { token: shop.token, body: { workplaceId: shop.workplace } })).code as string;
    await page.getByLabel('Enrollment code').fill(own);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('employee-name').filter({ hasText: 'Aziza Karimova' }).waitFor();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => page.getByTestId('sync-pending').textContent(), { timeout: 30_000 }).toBe('All sent');
    expect(await page.getByTestId('disconnected').count()).toBe(0);
    await world.shot('connected-again-en');
    const terminals = (await must(world.service, 'GET', '/sync/terminals', { token: shop.token })) as { id: string; is_revoked: boolean }[];
    expect(terminals).toEqual([expect.objectContaining({ id: till!.id, is_revoked: false })]);
    const entries = (await must(world.service, 'GET', `/client-debts/transactions/all?client_id=${shop.client}`, { token: shop.token })) as { debt_amount: string }[];
    expect(entries.filter((entry) => Number(entry.debt_amount) === 777.5)).toHaveLength(1);
    expect(entries.filter((entry) => Number(entry.debt_amount) === 250)).toHaveLength(1);
  }, 120_000);

  it('tells a tab holding an earlier run’s secret to open the address printed in the console', async () => {
    const { page } = world;
    const port = Number(new URL(world.terminal.host.url).port);
    await world.stopTerminal();
    // The next run on the same port (KASSA_TERMINAL_PORT), with a new secret.
    const dir = await mkdtemp(join(tmpdir(), 'kassa-e2e-next-run-'));
    let next: BrowserMode | null = null;
    try {
      next = await startBrowserMode({ coreOptions: { dataDir: join(dir, 'terminal') }, rootDir: ROOT, port, log: () => undefined });
      // The screens before sign-in show the last language chosen: the message follows it.
      await chooseLanguageBeforeSignIn('en');
      await page.reload();
      await page.getByText('This page belongs to an earlier run of the terminal. Open the address printed in the console by npm start.').waitFor({ timeout: 20_000 });
      await world.shot('stale-secret-en');
      await chooseLanguageBeforeSignIn('ru');
      await page.reload();
      await page.getByText('Эта страница — от прошлого запуска терминала.', { exact: false }).waitFor({ timeout: 20_000 });
      await world.shot('stale-secret-ru');
      await chooseLanguageBeforeSignIn('uz');
      await page.reload();
      await page.getByText('Bu sahifa terminalning oldingi ishga tushirilishiga tegishli.', { exact: false }).waitFor({ timeout: 20_000 });
      await world.shot('stale-secret-uz');
    } finally {
      await next?.close();
      await rm(dir, { recursive: true, force: true });
      await world.startTerminalAgain();
    }
  }, 90_000);
});
