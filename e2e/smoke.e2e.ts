/**
 * The terminal as a cashier meets it, in Chromium at 1024×768, against a real central service and the real
 * terminal core in browser mode: enroll with a code made over the service's REST API and watch the download's
 * progress bar finish; PIN login (a wrong PIN first); the sync status; a credit sale with a signature drawn on
 * screen; a stock adjustment; then, through the service's own HTTP API, that each arrived exactly once.
 * Screenshots of every screen go to e2e/artifacts/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, must, startWorld, type Service, type World } from './harness.js';

const PIN = '3141';

/** Records [value, max] of the page's <progress> element at every change, in `window.progressSeen`. */
const WATCH_PROGRESS = `
  window.progressSeen = [];
  new MutationObserver(() => {
    const bar = document.querySelector('progress');
    if (bar) window.progressSeen.push([Number(bar.getAttribute('value')), Number(bar.getAttribute('max'))]);
  }).observe(document.body, { subtree: true, childList: true, attributes: true });
`;
const SALE = '125000.50';

interface Shop {
  readonly token: string;
  readonly workplace: string;
  readonly warehouse: string;
  readonly client: string;
  readonly stockRow: string;
  readonly employee: string;
}

/** A business as its back office sets it up over HTTP: a till, a cashier with a PIN, a client, an item in stock. */
async function seedShop(service: Service): Promise<Shop> {
  const login = `e2e-${Date.now()}`;
  const password = 'correct horse battery';
  await must(service, 'POST', '/auth/register', { body: { login, password, businessName: 'Chorsu Market', name: 'Owner' } });
  const { access_token: token } = await must(service, 'POST', '/auth/login', { body: { login, password } });
  const as = { token };
  const warehouse = (await must(service, 'POST', '/warehouses/create', { ...as, body: { name: 'Shop floor' } })).id;
  const point = (
    await must(service, 'POST', '/business-config/points/create', {
      ...as,
      body: { name: 'Chorsu 1', default_warehouse_id: warehouse },
    })
  ).id;
  const workplace = (
    await must(service, 'POST', '/business-config/workplaces/create', {
      ...as,
      body: { name: 'Till 1', automated_point_id: point },
    })
  ).id;
  const employee = (
    await must(service, 'POST', '/employee/create', {
      ...as,
      body: { full_name: 'Aziza Karimova', role_id: '0', password: PIN, workplace_id: workplace },
    })
  ).id;
  const client = (
    await must(service, 'POST', '/clients/create', {
      ...as,
      body: { full_name: 'Dilnoza Yusupova', phone_number: '+998 90 123 45 67' },
    })
  ).id;
  await must(service, 'POST', '/clients/create', {
    ...as,
    body: { full_name: 'Bekzod Aliyev', phone_number: '+998 91 555 00 11' },
  });
  const measure = (await must(service, 'POST', '/measurements/create', { ...as, body: { name: 'pcs' } })).id;
  const item = (
    await must(service, 'POST', '/item-modifier/items/create', {
      ...as,
      body: { name: 'Green tea 100 g', measurement: 'pcs', price: '12000', type: 'ITEM', shtrix: '4780000000017' },
    })
  ).id;
  const stockRow = (
    await must(service, 'POST', '/stock-quantity/create', {
      ...as,
      body: {
        itemId: item,
        warehouseId: warehouse,
        measureId: measure,
        stock_quantity: '40',
        price: '12000',
        dateFrom: '2026-01-01',
      },
    })
  ).id;
  return { token, workplace, warehouse, client, stockRow, employee };
}

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
    world = await startWorld();
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
    await page.getByRole('button', { name: 'EN' }).click();
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
    await expect(page.getByTestId('balance-after').textContent()).resolves.toBe('Balance after: 125\u202f000.50');
    // Sign: a few strokes across the pad.
    const pad = page.getByRole('img', { name: 'Client’s signature' });
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height * 0.7);
    await page.mouse.down();
    for (let step = 1; step <= 12; step += 1)
      await page.mouse.move(box.x + 30 + step * 25, box.y + box.height * (0.7 - 0.4 * Math.sin(step / 2)));
    await page.mouse.up();
    await world.shot('debts-credit-sale-signed');
    await page.getByRole('button', { name: 'Record' }).click();
    await page.getByText('Recorded.').waitFor();
    await expect(page.getByTestId('selected-balance').textContent()).resolves.toBe('Balance: 125\u202f000.50');
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
    await page.keyboard.press('F2');
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

  it('shows the needs-attention inbox, switches language, and signs out once everything is sent', async () => {
    const { page } = world;
    await page.keyboard.press('F3');
    await page.getByText('Nothing needs attention.').waitFor();
    await world.shot('inbox');
    await page.getByRole('button', { name: 'RU' }).click();
    await page.getByRole('button', { name: 'Долги клиентов' }).click();
    await world.shot('debts-russian');
    await page.getByRole('button', { name: 'UZ' }).click();
    await page.getByRole('button', { name: 'Qoldiqlar' }).click();
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
});
