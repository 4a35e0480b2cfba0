/**
 * A business as its back office sets it up over the service's HTTP API, for the end-to-end tests: a till, a
 * cashier with a PIN, clients, a supplier, an item with a barcode in stock.
 */
import type { Page } from 'playwright-core';
import { must, type Service } from './harness.js';

/** The cashier's PIN. */
export const PIN = '3141';

export interface Shop {
  readonly token: string;
  /** The owner's console sign-in. */
  readonly login: string;
  readonly password: string;
  readonly workplace: string;
  readonly warehouse: string;
  readonly client: string;
  readonly stockRow: string;
  readonly employee: string;
  readonly item: string;
  readonly measure: string;
  readonly supplier: string;
  /** A second client (Bekzod Aliyev). */
  readonly otherClient: string;
}

/** A business as its back office sets it up over HTTP: a till, a cashier with a PIN, a client, an item in stock. */
export async function seedShop(service: Service): Promise<Shop> {
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
  // The shop's cashier works the back-room screens too (issue 28 §2: without these rights they are locked).
  const role = (
    await must(service, 'POST', '/employee-role/create', {
      ...as,
      body: { name: 'Senior cashier', access_resources: ['STOCK', 'MODIFIERS', 'CLIENT_DEBTS', 'CASH_MOVES', 'REFUNDS', 'DISCOUNTS'] },
    })
  ).id;
  const employee = (
    await must(service, 'POST', '/employee/create', {
      ...as,
      body: { full_name: 'Aziza Karimova', role_id: role, password: PIN, workplace_id: workplace },
    })
  ).id;
  const client = (
    await must(service, 'POST', '/clients/create', {
      ...as,
      body: { full_name: 'Dilnoza Yusupova', phone_number: '+998 90 123 45 67' },
    })
  ).id;
  const otherClient = (
    await must(service, 'POST', '/clients/create', {
      ...as,
      body: { full_name: 'Bekzod Aliyev', phone_number: '+998 91 555 00 11' },
    })
  ).id;
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
  const supplier = (await must(service, 'POST', '/suppliers/create', { ...as, body: { name: 'Toshkent Choy Savdo' } })).id;
  return { token, login, password, workplace, warehouse, client, stockRow, employee, item, measure, supplier, otherClient };
}

/** Draws a few strokes on the client's signature pad, as a finger would. */
export async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByRole('img', { name: 'Client’s signature' });
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1)
    await page.mouse.move(box.x + 30 + step * 25, box.y + box.height * (0.7 - 0.4 * Math.sin(step / 2)));
  await page.mouse.up();
}

/** Opens the terminal's page, in English, and signs the cashier in by PIN. */
export async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.keyboard.type(PIN);
  await page.keyboard.press('Enter');
  await page.getByTestId('employee-name').filter({ hasText: 'Aziza Karimova' }).waitFor();
}
