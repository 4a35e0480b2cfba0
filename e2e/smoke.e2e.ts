/**
 * The terminal as a cashier meets it, in Chromium at 1024×768, against a real central service and the real
 * terminal core in browser mode: enroll with a code made over the service's REST API and watch the download's
 * progress bar finish; PIN login (a wrong PIN first); the sync status; a credit sale with a signature drawn on
 * screen; a stock adjustment; then, through the service's own HTTP API, that each arrived exactly once.
 * Screenshots of every screen go to e2e/artifacts/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, must, startWorld, type World } from './harness.js';
import { drawSignature, PIN, seedShop, type Shop } from './shop.js';

/** Records [value, max] of the page's <progress> element at every change, in `window.progressSeen`. */
const WATCH_PROGRESS = `
  window.progressSeen = [];
  new MutationObserver(() => {
    const bar = document.querySelector('progress');
    if (bar) window.progressSeen.push([Number(bar.getAttribute('value')), Number(bar.getAttribute('max'))]);
  }).observe(document.body, { subtree: true, childList: true, attributes: true });
`;
const SALE = '125000.50';

/** One complete sync cycle of the terminal (push then pull), awaited; nothing may be left to send. */
async function syncedNow(world: World): Promise<void> {
  const status = (await world.terminal.core.invoke('terminal.syncNow', undefined)) as {
    pendingOperations: number;
    online: boolean;
  };
  expect(status).toMatchObject({ online: true, pendingOperations: 0 });
}

describe('the terminal in a browser, end to end', () => {
  let world: World;
  let shop: Shop;

  beforeAll(async () => {
    world = await startWorld('smoke');
    shop = await seedShop(world.service);
  });
  afterAll(async () => {
    await world?.close();
  });

  it('enrolls with a one-time code and shows the initial download’s progress to the end', async () => {
    const { page } = world;
    const { code } = await must(world.service, 'POST', '/sync/enrollment-codes', {
      token: shop.token,
      body: { workplaceId: shop.workplace },
    });
    await page.goto(world.terminal.host.url);
    // The secret leaves the address bar at once.
    await page.getByRole('heading', { name: 'Kassani ulash' }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('heading', { name: 'Connect this till' }).waitFor();
    await page.getByLabel('Service address').fill(world.service.url);
    await page.getByLabel('Enrollment code').fill(code);
    await page.getByLabel('Name of this till (optional)').fill('Till 1 (e2e)');
    await world.shot('enrollment');
    // Watch every value the progress bar takes (the page's own code, as a string: this file has no DOM types).
    await page.evaluate(WATCH_PROGRESS);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('heading', { name: 'Download complete' }).waitFor();
    await world.shot('enrollment-download-complete');
    const seen = (await page.evaluate('window.progressSeen')) as Array<[number, number]>;
    expect(seen.length).toBeGreaterThan(0);
    const [lastValue, lastMax] = seen[seen.length - 1]!;
    expect(lastMax).toBeGreaterThan(1);
    expect(lastValue).toBe(lastMax);
    await expect(page.getByTestId('progress-tables').textContent()).resolves.toMatch(/table \d+ of \d+/);
  });

  it('refuses a wrong PIN with a clear message, then signs the cashier in with the right one', async () => {
    const { page } = world;
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await world.shot('pin-login');
    for (const digit of '0000') await page.getByRole('button', { name: digit, exact: true }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Wrong PIN. Try again.').waitFor();
    await world.shot('pin-login-wrong');
    await page.keyboard.type(PIN);
    await page.keyboard.press('Enter');
    await page.getByTestId('employee-name').filter({ hasText: 'Aziza Karimova' }).waitFor();
  });

  it('shows the sync status at all times: online, nothing waiting, the last sync', async () => {
    const { page } = world;
    const status = page.getByTestId('sync-status');
    await expect.poll(() => status.getAttribute('data-online'), { timeout: 30_000 }).toBe('true');
    await expect(page.getByTestId('sync-pending').textContent()).resolves.toBe('All sent');
    await expect(page.getByTestId('sync-last').textContent()).resolves.toMatch(/^Last sync /);
    await world.shot('app-sync-status');
  });

  it('records a credit sale with a drawn signature; the service has it exactly once', async () => {
    const { page } = world;
    await page.getByRole('button', { name: 'Client debts' }).click();
    await page.getByLabel('Search').fill('90 123');
    await page.getByRole('button', { name: /Dilnoza Yusupova/ }).click();
    await page.getByLabel('Amount').fill(SALE);
    await expect(page.getByTestId('balance-after').textContent()).resolves.toBe('Balance after: 125,000.50');
    await drawSignature(page);
    await world.shot('debts-credit-sale-signed');
    await page.getByRole('button', { name: 'Record' }).click();
    await page.getByText('Recorded.').waitFor();
    await expect(page.getByTestId('selected-balance').textContent()).resolves.toBe('Balance: 125,000.50');
    await world.shot('debts-after-sale');

    // The sync engine sends it by itself; then, after one more full cycle, it is still there exactly once.
    const sales = async () =>
      (
        (await must(world.service, 'GET', `/client-debts/transactions/all?client_id=${shop.client}`, { token: shop.token })) as {
          kind: string;
        }[]
      ).filter((entry) => entry.kind === 'transaction');
    await expect.poll(async () => (await sales()).length, { timeout: 30_000 }).toBe(1);
    await syncedNow(world);
    const [sale, ...more] = await sales();
    expect(more).toEqual([]);
    expect(sale).toMatchObject({ debt_amount: '125000.5', employee_id: shop.employee });
    expect((sale as { signature_url?: string }).signature_url).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const debts = await must(world.service, 'GET', '/client-debts/all', { token: shop.token });
    expect(
      debts
        .filter((debt: { client_id: string }) => debt.client_id === shop.client)
        .map((debt: { debt_amount: string }) => debt.debt_amount),
    ).toEqual(['125000.5']);
  });

  it('adjusts a stock quantity, showing before → after; the service records it once', async () => {
    const { page } = world;
    await page.keyboard.press('F7');
    await page.getByRole('heading', { name: 'Stock' }).waitFor();
    await page.getByLabel('Search').fill('4780000000017');
    await page.getByRole('row').filter({ hasText: 'Green tea 100 g' }).click();
    await world.shot('stock');
    await page.getByRole('button', { name: 'Adjust quantity' }).click();
    await page.getByLabel('New quantity').fill('37.5');
    await expect(page.getByTestId('before-after').textContent()).resolves.toBe('40 → 37.5');
    await world.shot('stock-adjust');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Adjusted.').waitFor();
    await page.getByRole('row').filter({ hasText: '37.5' }).waitFor();
    const quantity = async () =>
      (await must(world.service, 'GET', `/stock-quantity/${shop.stockRow}`, { token: shop.token })).stock_quantity as string;
    await expect.poll(quantity, { timeout: 30_000 }).toBe('37.5');
    await syncedNow(world);
    expect(await quantity()).toBe('37.5');
    // Applied twice, the adjustment (−2.5 against the 40 the cashier saw) would leave 35.
  });

  it('edits a stock row’s price and weekday par levels; below today’s par the row is marked low', async () => {
    const { page } = world;
    await page.getByRole('row').filter({ hasText: 'Green tea 100 g' }).click();
    await page.getByRole('button', { name: 'Edit details' }).click();
    const form = page.getByRole('form', { name: 'Edit details' });
    await form.getByLabel('Price').fill('13000,50');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
      await form.getByLabel(day).fill('60');
    await world.shot('stock-edit-details');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await page.getByRole('row').filter({ hasText: 'Green tea 100 g' }).filter({ hasText: 'low' }).waitFor();
    await world.shot('stock-low');
    const row = async () =>
      (await must(world.service, 'GET', `/stock-quantity/${shop.stockRow}`, { token: shop.token })) as Record<string, string>;
    await expect.poll(async () => (await row()).price, { timeout: 30_000 }).toBe('13000.5');
    expect(await row()).toMatchObject({ mon: '60', sun: '60', stock_quantity: '37.5' });
  });

  it('fits every screen, and the forms that open on them, into 1024×768 in each language', async () => {
    const { page } = world;
    // Nothing may run off to the right: a cashier at the smallest supported screen never scrolls sideways.
    const overflow =
      '[document.documentElement.scrollWidth - window.innerWidth, ...[...document.querySelectorAll("button, input, select, h1, h2")].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1).map((el) => el.textContent || el.getAttribute("aria-label") || el.tagName)]';
    const screens: Record<string, { switch: string; headings: string[]; newReceipt: string; newGroup: string }> = {
      ru: {
        switch: 'RU',
        headings: ['Приход товаров', 'Группы модификаторов', 'Долги клиентов', 'Остатки', 'Требуют внимания'],
        newReceipt: 'Новый приход',
        newGroup: 'Новая группа',
      },
      uz: {
        switch: 'UZ',
        headings: ['Tovar kirimi', 'Modifikator guruhlari', 'Mijozlar qarzlari', 'Qoldiqlar', 'E’tibor talab qiladi'],
        newReceipt: 'Yangi kirim',
        newGroup: 'Yangi guruh',
      },
      en: {
        switch: 'EN',
        headings: ['Goods receipts', 'Modifier groups', 'Client debts', 'Stock', 'Needs attention'],
        newReceipt: 'New receipt',
        newGroup: 'New group',
      },
    };
    for (const [language, expected] of Object.entries(screens)) {
      await page.getByRole('button', { name: expected.switch, exact: true }).click();
      for (const [index, heading] of expected.headings.entries()) {
        await page.keyboard.press(`F${index + 4}`);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        expect(await page.evaluate(overflow), `${language} ${heading}`).toEqual([0]);
      }
      await page.keyboard.press('F4');
      await page.getByRole('button', { name: expected.newReceipt }).click();
      await page.getByRole('combobox').first().waitFor();
      expect(await page.evaluate(overflow), `${language} receipt editor`).toEqual([0]);
      await world.shot(`receipt-editor-${language}`);
      await page.keyboard.press('F5');
      await page.getByRole('button', { name: expected.newGroup }).click();
      expect(await page.evaluate(overflow), `${language} group form`).toEqual([0]);
      await world.shot(`modifier-group-form-${language}`);
    }
  });

  it('shows the needs-attention inbox, switches language, and signs out once everything is sent', async () => {
    const { page } = world;
    await page.keyboard.press('F8');
    await page.getByText('Nothing needs attention.').waitFor();
    await world.shot('inbox');
    await page.getByRole('button', { name: 'RU', exact: true }).click();
    await page.getByRole('button', { name: 'Долги клиентов' }).click();
    // The longest labels still fit the 1024 px top bar: nothing runs off the right edge (sign-out included).
    const fits =
      'document.querySelector(".top-bar").scrollWidth <= window.innerWidth && [...document.querySelectorAll(".top-bar > *")].every((el) => el.getBoundingClientRect().right <= window.innerWidth)';
    expect(await page.evaluate(fits)).toBe(true);
    await world.shot('debts-russian');
    await page.getByRole('button', { name: 'UZ', exact: true }).click();
    await page.getByRole('button', { name: 'Qoldiqlar' }).click();
    expect(await page.evaluate(fits)).toBe(true);
    await world.shot('stock-uzbek');
    await page.getByRole('button', { name: 'Chiqish' }).click();
    await page.getByRole('heading', { name: 'Kirish' }).waitFor();
    await world.shot('signed-out-uzbek');
    // The terminal's HTTP answers carry the strict CSP, and the page ran under it without a single complaint.
    expect(world.pageProblems).toEqual([]);
    const answer = await fetch(world.terminal.host.origin);
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await api(world.service, 'GET', '/client-debts/all')).status).toBe(401);
  });

  it('locks PIN login after repeated wrong PINs, and refuses even the right one meanwhile', async () => {
    const { page } = world;
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const locked = page.getByText(/^Too many wrong PINs\. Try again in \d+ s\.$/);
    // Five wrong PINs lock the till (the policy's FREE_FAILURES); the attempt after them is answered with the lock.
    let attempts = 0;
    while (!(await locked.isVisible()) && attempts < 8) {
      attempts += 1;
      await page.keyboard.type('9876');
      await page.keyboard.press('Enter');
      await page.waitForTimeout(400);
    }
    await locked.waitFor();
    expect(attempts).toBe(6);
    await expect(page.getByRole('button', { name: '1', exact: true }).isDisabled()).resolves.toBe(true);
    await world.shot('pin-locked');
    // The lock is the terminal's, not the page's: the right PIN is refused by the core itself.
    await expect(world.terminal.core.invoke('terminal.pinLogin', { pincode: PIN })).rejects.toMatchObject({ statusCode: 429 });
  });
});
