/**
 * A cashier's whole day at the till (issue 16, "End to end"), in Chromium against a real service, the real terminal
 * core in browser mode and a fake ESC/POS printer on a loopback port. The back office sets up what a shop needs over
 * HTTP; the cashier signs in, opens a shift with opening cash, sells by scanning, by tile and by a scale's weight
 * label — the samsa with a sauce picked in the modifier picker — gives a discount (approved by the manager's PIN,
 * which the sale records), takes a split payment and a sale on account signed on screen, refunds part of a sale with
 * the manager's PIN and prints the X report; then the service goes away and selling, a refund and printing go on;
 * the shift is closed with counted cash (Z); the service returns and the till sends everything by itself. The test
 * then asks the service's own API that every order, payment, refund, settlement, stock change and debt entry
 * arrived exactly once and that the Z figures are the sum of the shift's documents, and reads back what the printer
 * printed. Every screen is photographed in uz, ru and en (e2e/artifacts/day-*.png).
 */
import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '../shared/barcodes/check-digit.js';
import { formatMoney, MONEY, parseDecimal } from '../shared/decimal.js';
import { startFakePrinter, type FakePrinter, type ReceivedJob } from '../test/helpers/fake-printer.js';
import { must, startWorld, type World } from './harness.js';
import { drawSignature, PIN, seedShop, type Shop } from './shop.js';

const MANAGER_PIN = '2718';
const TEA = '4780000000017';
const COLA = withCheckDigit('478000000003');
/** The scale's label: prefix 22 (the business's setting), item code 00123 (the cheese's PLU), 435 g. */
const CHEESE_LABEL = withCheckDigit('220012300435');

interface Order {
  readonly id: string;
  readonly guid: string;
  readonly order_id: string;
  readonly settlement_id: string;
  readonly client_id: string | null;
  readonly total_sum: string;
  readonly total_discount: string | null;
  readonly total_change: string | null;
  readonly discount_approved_by: string | null;
  readonly items: { item_id: string; quantity: string; subtotal: string; modifiers: { modifier_id: string; quantity: number; price: string }[] | null }[];
  readonly payments: { payment_type_id: string; paid_sum: string; is_deleted: boolean }[];
}

interface Refund {
  readonly order_id: string;
  readonly refund_number: string;
  readonly total_sum: string;
  readonly payments: { payment_type_id: string; amount: string }[];
}

/** Exact money units of a decimal string (shared/decimal.ts), never a float. */
function unitsOf(value: string): bigint {
  const parsed = parseDecimal(value, MONEY);
  if (!parsed.ok) throw new Error(`not money: ${value}`);
  return parsed.units;
}

interface Day {
  readonly shop: Shop;
  readonly pointId: string;
  readonly methods: { cash: string; card: string; debt: string };
  readonly client: string;
  readonly items: { cola: string; samsa: string; cheese: string };
  /** The samsa's sauces (a required group, one choice): garlic costs 2 000. */
  readonly sauces: { garlic: string };
  readonly manager: string;
  readonly stock: { tea: string; cola: string; samsa: string; cheese: string };
}

describe('a cashier’s day at the till', () => {
  let world: World;
  let printer: FakePrinter;
  let day: Day;

  beforeAll(async () => {
    printer = await startFakePrinter();
    world = await startWorld('day');
    day = await seedDay(world, printer);
    const { code } = await must(world.service, 'POST', '/sync/enrollment-codes', {
      token: day.shop.token,
      body: { workplaceId: day.shop.workplace },
    });
    await world.terminal.core.invoke('terminal.enroll', { serviceUrl: world.service.url, code, name: 'Till 1 (day)' });
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await world.shot('failed');
  });
  afterAll(async () => {
    await world?.close();
    await printer?.close();
  });

  /** The screen as it is now in uz, ru and en (ending in en, where the test reads its words). */
  const shots = async (name: string) => {
    // The language buttons take the focus; the cashier's field gets it back, as if the language had never changed.
    await world.page.evaluate('window.kassaFocus = document.activeElement');
    for (const language of ['UZ', 'RU', 'EN'] as const) {
      // Dispatched, not clicked: a dialog's backdrop (the manager's PIN) covers the buttons.
      await world.page.getByRole('button', { name: language, exact: true }).dispatchEvent('click');
      await world.shot(`${name}-${language.toLowerCase()}`);
    }
    await world.page.evaluate('window.kassaFocus?.focus()');
  };
  const scan = async (code: string) => {
    await world.page.keyboard.type(code, { delay: 5 });
    await world.page.keyboard.press('Enter');
  };
  const jobsSoFar = () => printer.jobs.length;

  it('signs the cashier in and opens the shift with the cash counted into the drawer', async () => {
    const { page } = world;
    await page.goto(world.terminal.host.url);
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await shots('pin');
    await page.keyboard.type(PIN);
    await page.keyboard.press('Enter');
    await page.getByTestId('employee-name').filter({ hasText: 'Aziza Karimova' }).waitFor();
    await page.getByTestId('sale-no-shift').waitFor();
    await shots('sale-no-shift');
    await page.getByRole('button', { name: 'Go to Shift' }).click();
    const form = page.getByRole('form', { name: 'Open shift' });
    await form.getByLabel('Opening cash in the drawer').fill('50000');
    await shots('shift-open');
    await form.getByRole('button', { name: 'Open shift' }).click();
    await page.getByTestId('shift-screen').waitFor();
    await page.getByText('X report — the shift stays open').waitFor();
    await shots('shift-opened');
  });

  it('sells by scanning, by tile and by a weight label, in cash with change and the drawer opened', async () => {
    const { page } = world;
    await page.keyboard.press('F1');
    await page.getByTestId('sale-screen').waitFor();
    await page.getByLabel('Barcode or search').focus();
    await scan(TEA);
    await scan(TEA);
    await page.getByRole('tab', { name: 'Bakery' }).click();
    await page.getByRole('button', { name: /Samsa/ }).click();
    // The samsa has a required sauce: the picker opens, and Add to sale waits for a choice.
    await page.getByTestId('modifier-picker').waitFor();
    await expect.poll(() => page.getByTestId('modifier-ok').isDisabled()).toBe(true);
    await page.getByRole('radio', { name: /Garlic sauce/ }).click();
    await shots('sale-modifier-picker');
    await page.getByTestId('modifier-ok').click();
    await page.getByTestId('modifier-picker').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('line-modifier').allTextContents()).toEqual(['+ Garlic sauce · 2,000']);
    await page.getByLabel('Barcode or search').focus();
    await scan(CHEESE_LABEL);
    await expect.poll(() => page.locator('.cart-line').count()).toBe(3);
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toContain('66,800');
    await shots('sale-cart');

    const before = jobsSoFar();
    await page.keyboard.press('F12');
    await page.getByTestId('payment-panel').getByRole('radio', { name: 'Cash' }).waitFor();
    await page.getByLabel('Cash received').fill('100000');
    await expect.poll(() => page.getByTestId('payment-panel').textContent()).toContain('33,200');
    await shots('payment-cash');
    await page.keyboard.press('Enter');
    await page.getByTestId('sale-screen').waitFor();
    await expect.poll(() => page.locator('.cart-line').count()).toBe(0);
    const [receipt] = await jobsAfter(printer, before, 1);
    expect(receipt!.parsed.drawerPulses).toBe(1);
    expect(receipt!.parsed.problems).toEqual([]);
    expect(text(receipt!)).toContain('Samsa');
    expect(text(receipt!)).toContain('Garlic sauce');
  });

  it('gives a discount on the order and takes a split payment, card then cash', async () => {
    const { page } = world;
    await page.getByLabel('Barcode or search').focus();
    await scan(COLA);
    await scan(TEA);
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toContain('20,000');
    await page.keyboard.press('F10');
    await page.getByLabel('Discount (amount or %)').fill('2000');
    await shots('sale-discount-panel');
    await page.getByRole('button', { name: 'Apply' }).click();
    // 10 % is above this shop's limit of 5 %: the manager approves it with their PIN.
    const approval = page.getByTestId('manager-approval');
    await approval.waitFor();
    await approval.locator('input[name="managerPin"]').fill(MANAGER_PIN);
    await shots('sale-discount-approval');
    await page.keyboard.press('Enter');
    await approval.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toContain('18,000');
    await shots('sale-discount');
    const before = jobsSoFar();
    await page.keyboard.press('F12');
    const panel = page.getByTestId('payment-panel');
    await panel.getByRole('radio', { name: 'Card' }).click();
    await panel.getByLabel('Amount').fill('10000');
    await panel.getByRole('button', { name: 'Card approved' }).click();
    await panel.getByRole('radio', { name: 'Cash' }).click();
    await expect.poll(() => panel.getByLabel('Cash received').inputValue()).toBe('8,000');
    await shots('payment-split');
    await page.keyboard.press('Enter');
    await page.getByTestId('sale-screen').waitFor();
    const [receipt] = await jobsAfter(printer, before, 1);
    expect(receipt!.parsed.drawerPulses).toBe(1);
  });

  it('sells on account to a client within the credit limit, signed on screen', async () => {
    const { page } = world;
    await page.getByLabel('Barcode or search').focus();
    await scan(TEA);
    await scan(TEA);
    await scan(TEA);
    await page.keyboard.press('F11');
    await page.getByLabel('Name or phone').fill('Sardor');
    await shots('sale-client');
    await page.getByRole('button', { name: /Sardor Rahimov/ }).click();
    await expect.poll(() => page.getByTestId('sale-client').textContent()).toBe('Sardor Rahimov');
    const before = jobsSoFar();
    await page.keyboard.press('F12');
    const panel = page.getByTestId('payment-panel');
    await panel.getByRole('radio', { name: 'On account' }).click();
    await drawSignature(page);
    await shots('payment-account');
    // Paid exactly: adding the payment completes the sale.
    await panel.getByRole('button', { name: 'Add payment' }).click();
    await page.getByTestId('sale-screen').waitFor();
    const jobs = await jobsAfter(printer, before, 2);
    expect(jobs.map((job) => job.parsed.drawerPulses)).toEqual([0, 0]);
  });

  it('refunds part of a sale with the manager’s PIN, and prints the refund slip', async () => {
    const before = jobsSoFar();
    await refundOneTea(world.page, 'Green tea 100 g', shots);
    const [slip] = await jobsAfter(printer, before, 1);
    expect(slip!.parsed.problems).toEqual([]);
  });

  it('prints the X report and leaves the shift open', async () => {
    const { page } = world;
    await page.keyboard.press('F3');
    await page.getByText('X report — the shift stays open').waitFor();
    const before = jobsSoFar();
    await page.keyboard.press('F8');
    await page.getByText('Sent to the printer.').waitFor();
    await shots('x-report');
    const [x] = await jobsAfter(printer, before, 1);
    expect(x!.parsed.problems).toEqual([]);
  });

  it('goes on selling, refunding and printing while the service is away', async () => {
    const { page } = world;
    await world.stopService();
    await page.keyboard.press('F1');
    await page.getByTestId('sale-screen').waitFor();
    await page.getByLabel('Barcode or search').focus();
    await scan(COLA);
    await scan(COLA);
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toContain('16,000');
    let before = jobsSoFar();
    await page.keyboard.press('F12');
    await page.getByTestId('payment-panel').getByRole('radio', { name: 'Cash' }).waitFor();
    await shots('payment-offline');
    await page.keyboard.press('Enter');
    await page.getByTestId('sale-screen').waitFor();
    const [receipt] = await jobsAfter(printer, before, 1);
    expect(receipt!.parsed.drawerPulses).toBe(1);
    await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-online'), { timeout: 30_000 }).toBe('false');
    before = jobsSoFar();
    await refundOneTea(page, 'Cola 0.5 l', shots, 'offline');
    await jobsAfter(printer, before, 1);
  });

  it('closes the shift with the cash counted (Z report), still offline', async () => {
    const { page } = world;
    await page.keyboard.press('F3');
    await page.getByText('X report — the shift stays open').waitFor();
    await page.keyboard.press('F9');
    const form = page.getByRole('form', { name: 'Close the shift' });
    await form.getByLabel('Cash counted in the drawer').fill('132000');
    await expect.poll(() => page.getByTestId('live-over-short').textContent()).toContain('800');
    await shots('z-close');
    const before = jobsSoFar();
    await form.getByRole('button', { name: /Close the shift/ }).click();
    await page.getByText('Z report — the shift is closed').waitFor();
    await shots('z-closed');
    const [z] = await jobsAfter(printer, before, 1);
    expect(z!.parsed.problems).toEqual([]);
  });

  it('sends the whole day once the service is back, and the service has each document exactly once', async () => {
    const { page } = world;
    await world.startServiceAgain();
    await expect.poll(() => page.getByTestId('sync-pending').textContent(), { timeout: 90_000, interval: 500 }).toBe('All sent');
    await shots('all-sent');
    const as = { token: day.shop.token };
    const settlements = (await must(world.service, 'GET', '/settlements/all', as)).filter(
      (settlement: { workplace_id: string }) => settlement.workplace_id === day.shop.workplace,
    );
    expect(settlements).toHaveLength(1);
    const shift = settlements[0];
    expect(shift).toMatchObject({ is_closed: true, opening_cash: '50000', counted_cash: '132000' });
    const orders: Order[] = (await must(world.service, 'GET', '/orders/all', as)).filter((order: Order) => order.settlement_id === shift.id);
    // Each sale exactly once (by its guid too: a replayed push would be a second row with the same guid).
    expect(orders.map((order) => order.total_sum).sort()).toEqual(['16000', '18000', '36000', '66800']);
    expect(new Set(orders.map((order) => order.guid)).size).toBe(4);
    const full: Order[] = await Promise.all(orders.map((order) => must(world.service, 'GET', `/orders/${order.id}`, as)));
    const bySum = (sum: string) => full.find((order) => order.total_sum === sum)!;
    const paid = (order: Order) => order.payments.filter((payment) => !payment.is_deleted).map((payment) => [payment.payment_type_id, payment.paid_sum]);
    // The till records what a cash sale keeps, the change apart (docs/selling/payment.md): 100 000 given, 35 200 back.
    expect(paid(bySum('66800'))).toEqual([[day.methods.cash, '66800']]);
    expect(bySum('66800').total_change).toBe('33200');
    // The samsa's line carries the sauce picked at the till exactly once, priced into the line (6 000 + 2 000).
    const samsaLines = bySum('66800').items.filter((line) => line.item_id === day.items.samsa);
    expect(samsaLines).toHaveLength(1);
    expect(samsaLines[0]).toMatchObject({ quantity: '1', subtotal: '8000' });
    expect(samsaLines[0]!.modifiers).toEqual([expect.objectContaining({ modifier_id: day.sauces.garlic, quantity: 1, price: '2000' })]);
    expect(full.flatMap((order) => order.items).flatMap((line) => line.modifiers ?? [])).toHaveLength(1);
    expect(paid(bySum('18000'))).toEqual([
      [day.methods.card, '10000'],
      [day.methods.cash, '8000'],
    ]);
    expect(bySum('18000').total_discount).toBe('2000');
    // The manual discount went over the till's limit: the manager who approved it by PIN is on the order.
    expect(bySum('18000').discount_approved_by).toBe(day.manager);
    expect(full.filter((order) => order.discount_approved_by !== null)).toHaveLength(1);
    // Each sale has this till's short number, one after another in the order they were sold.
    const letters = full[0]!.order_id.split('-')[0]!;
    expect(letters).toMatch(/^[A-Z]{1,3}$/);
    expect(['66800', '18000', '36000', '16000'].map((sum) => bySum(sum).order_id)).toEqual([1, 2, 3, 4].map((n) => `${letters}-${n}`));
    expect(paid(bySum('36000'))).toEqual([[day.methods.debt, '36000']]);
    expect(bySum('36000').client_id).toBe(day.client);
    expect(paid(bySum('16000'))).toEqual([[day.methods.cash, '16000']]);
    // The weight label's line: 0.435 kg of cheese at 80 000 a kilo.
    expect(bySum('66800').items.find((line) => line.item_id === day.items.cheese)).toMatchObject({ quantity: '0.435', subtotal: '34800' });

    const refunds: Refund[] = await must(world.service, 'GET', `/orders/refunds?settlement_id=${shift.id}`, as);
    expect(refunds.map((refund) => [refund.order_id, refund.total_sum]).sort()).toEqual(
      [
        [bySum('36000').id, '12000'],
        [bySum('16000').id, '8000'],
      ].sort(),
    );
    expect(refunds.flatMap((refund) => refund.payments.map((payment) => [payment.payment_type_id, payment.amount])).sort()).toEqual(
      [
        [day.methods.debt, '12000'],
        [day.methods.cash, '8000'],
      ].sort(),
    );

    // Stock: every sale and refund moved it once (twice would show in any of these).
    const level = async (row: string) => (await must(world.service, 'GET', `/stock-quantity/${row}`, as)).stock_quantity;
    expect(await level(day.stock.tea)).toBe('35'); // 40 − 2 − 1 − 3 + 1
    expect(await level(day.stock.cola)).toBe('98'); // 100 − 1 − 2 + 1
    expect(await level(day.stock.samsa)).toBe('49');
    expect(await level(day.stock.cheese)).toBe('9.565');

    // The client's debt: the sale on account with its signature, and the refund taken off it, once each.
    const entries = (await must(world.service, 'GET', `/client-debts/transactions/all?client_id=${day.client}`, as)).filter(
      (entry: { kind: string }) => entry.kind === 'transaction',
    );
    expect(entries.map((entry: { debt_amount: string }) => entry.debt_amount).sort()).toEqual(['-12000', '36000']);
    expect(entries.find((entry: { debt_amount: string }) => entry.debt_amount === '36000').signature_url).toMatch(/^data:image\/png;base64,/);
    const debts = (await must(world.service, 'GET', '/client-debts/all', as)).filter((debt: { client_id: string }) => debt.client_id === day.client);
    expect(debts.map((debt: { debt_amount: string }) => debt.debt_amount)).toEqual(['24000']);

    // The Z report is the sum of the shift's documents.
    const z = await must(world.service, 'GET', `/settlements/${shift.id}/report`, as);
    const total = (values: string[]) => formatMoney(values.reduce((sum, value) => sum + unitsOf(value), 0n));
    // What a sale's cash kept: its cash payments less the change counted in them — the part of all its payments
    // above its total, at most its total_change (shared/cash-change.ts, the one rule).
    const cashOf = (order: Order) => {
      const live = order.payments.filter((payment) => !payment.is_deleted);
      const cash = live.filter((payment) => payment.payment_type_id === day.methods.cash).reduce((sum, payment) => sum + unitsOf(payment.paid_sum), 0n);
      const above = live.reduce((sum, payment) => sum + unitsOf(payment.paid_sum), 0n) - unitsOf(order.total_sum);
      const change = unitsOf(order.total_change ?? '0');
      return cash - (above <= 0n ? 0n : above < change ? above : change);
    };
    const cashTaken = full.reduce((sum, order) => sum + cashOf(order), 0n);
    const cashBack = refunds.flatMap((refund) => refund.payments).filter((payment) => payment.payment_type_id === day.methods.cash).reduce((sum, payment) => sum + unitsOf(payment.amount), 0n);
    expect(z).toMatchObject({
      is_closed: true,
      sales_count: 4,
      sales_total: total(full.map((order) => order.total_sum)),
      discounts_total: total(full.map((order) => order.total_discount ?? '0')),
      refunds_count: 2,
      refunds_total: total(refunds.map((refund) => refund.total_sum)),
      opening_cash: '50000',
      cash_sales: formatMoney(cashTaken),
      cash_refunds: formatMoney(cashBack),
      expected_cash: formatMoney(unitsOf('50000') + cashTaken - cashBack),
      counted_cash: '132000',
      over_short: '-800',
      changed_since_close: false,
    });
    expect(z.sales_total).toBe('136800');
    expect(z.expected_cash).toBe('132800');

    // The printer: the receipts (the drawer opened on cash), the credit slip, both refund slips, X and Z.
    const jobs = printer.jobs.map((job) => ({ text: text(job), drawer: job.parsed.drawerPulses, problems: job.parsed.problems }));
    expect(jobs.flatMap((job) => job.problems)).toEqual([]);
    if (process.env.KASSA_E2E_PRINTS) writeFileSync(process.env.KASSA_E2E_PRINTS, jobs.map((job) => job.text).join('\n=========\n'));
    // Sale 1 (cash), 2 (card + cash), 3 (on account) and its credit slip, the refund on account, X, sale 4 (cash),
    // its refund in cash (the drawer opens to pay it back), Z.
    expect(jobs.map((job) => job.drawer)).toEqual([1, 1, 0, 0, 0, 0, 1, 1, 0]);
    for (const order of full) expect(jobs.some((job) => job.text.includes(order.order_id))).toBe(true);
    for (const refund of refunds) expect(jobs.some((job) => job.text.includes(refund.refund_number))).toBe(true);
    expect(jobs[4]!.text).toContain('REFUND RECEIPT');
    expect(jobs[7]!.text).toContain('REFUND RECEIPT');
    expect(jobs[3]!.text).toContain('SALE ON ACCOUNT');
    // The paper says what the screen says: X before the outage, Z with the count and the shortfall.
    expect(jobs[5]!.text).toMatch(/X REPORT[\s\S]*Sales \(3\) +120 800[\s\S]*Refunds \(1\) +-12 000/);
    expect(jobs[8]!.text).toMatch(/Z REPORT[\s\S]*Sales \(4\) +136 800[\s\S]*Refunds \(2\) +-20 000/);
    expect(jobs[8]!.text).toMatch(/Expected cash +132 800\nCounted cash +132 000\n.*-800/);
    expect(world.pageProblems).toEqual([]);
  });
});

/** Sets up the shop of the day over the service's API, as its back office would. */
async function seedDay(world: World, printer: FakePrinter): Promise<Day> {
  const { service } = world;
  const shop = await seedShop(service);
  const as = { token: shop.token };
  const workplace = (await must(service, 'GET', '/business-config/workplaces/all', as)).find((row: { id: string }) => row.id === shop.workplace);
  const pointId: string = workplace.automated_point_id;
  const role = await must(service, 'POST', '/employee-role/create', { ...as, body: { name: 'Manager', access_resources: ['MANAGER'] } });
  const manager = (
    await must(service, 'POST', '/employee/create', {
      ...as,
      body: { full_name: 'Bahodir Tursunov', role_id: role.id, password: MANAGER_PIN, workplace_id: shop.workplace },
    })
  ).id as string;
  // A new business already has its Cash method; the others are added.
  const existing: { id: string; kind: string }[] = await must(service, 'GET', '/payment-methods/all', as);
  const method = async (name: string, kind: string) =>
    existing.find((row) => row.kind === kind)?.id ?? ((await must(service, 'POST', '/payment-methods/create', { ...as, body: { name, kind } })).id as string);
  const methods = { cash: await method('Cash', 'CASH'), card: await method('Card', 'CARD'), debt: await method('On account', 'DEBT') };
  const client = (
    await must(service, 'POST', '/clients/create', {
      ...as,
      body: { full_name: 'Sardor Rahimov', phone_number: '+998 93 700 11 22', credit_limit: '500000' },
    })
  ).id;
  await must(service, 'POST', '/measurements/create', { ...as, body: { name: 'kg' } });
  // A manual discount above 5 % of its base needs a manager's PIN at the till.
  await must(service, 'POST', '/base-config/create', { ...as, body: { key_name: 'sale.manual_discount_limit_percent', key_value: '5' } });
  await must(service, 'POST', '/base-config/create', {
    ...as,
    body: { key_name: 'barcodes.weight', key_value: JSON.stringify({ rules: [{ prefixes: ['22'], layout: 'PP CCCCC WWWWW K' }] }) },
  });
  const group = async (name: string, color: string) =>
    (await must(service, 'POST', '/item-modifier/item-groups/create', { ...as, body: { name, measurement: 'pcs', price: '0', type: 'ITEM', color } })).id as string;
  const drinks = await group('Drinks', '#2563eb');
  const bakery = await group('Bakery', '#d97706');
  const item = async (body: Record<string, unknown>, quantity: string) => {
    const id = (await must(service, 'POST', '/item-modifier/items/create', { ...as, body: { type: 'ITEM', ...body } })).id as string;
    const row = (
      await must(service, 'POST', '/stock-quantity/create', {
        ...as,
        body: { itemId: id, warehouseId: shop.warehouse, measureId: shop.measure, stock_quantity: quantity, price: body.price, dateFrom: '2026-01-01' },
      })
    ).id as string;
    return { id, row };
  };
  const cola = await item({ name: 'Cola 0.5 l', measurement: 'pcs', price: '8000', shtrix: COLA, group_id: drinks }, '100');
  const samsa = await item({ name: 'Samsa', measurement: 'pcs', price: '6000', group_id: bakery }, '50');
  const cheese = await item({ name: 'Cheese', measurement: 'kg', price: '80000', shtrix: '123', group_id: bakery }, '10');
  // The samsa comes with a sauce: one, required.
  const sauce = (await must(service, 'POST', '/item-modifier/modifier-groups/create', {
    ...as,
    body: { name: 'Sauce', measurement: 'pcs', type: 'MODIFIER_GROUP', price: '0', is_required: true, max_choices: 1 },
  })).id as string;
  const sauceOf = async (name: string, price: string) =>
    (await must(service, 'POST', '/item-modifier/modifiers/create', {
      ...as,
      body: { name, measurement: 'pcs', type: 'MODIFIER', price, group_id: sauce, item_id: samsa.id },
    })).id as string;
  await sauceOf('Ketchup', '0');
  const garlic = await sauceOf('Garlic sauce', '2000');
  await must(service, 'POST', '/business-config/printers/create', {
    ...as,
    body: { name: 'Counter', ip_address: printer.host, port: String(printer.port), provider: 'epson', type: `receipt 80mm point=${pointId}` },
  });
  return {
    shop,
    pointId,
    methods,
    client,
    items: { cola: cola.id, samsa: samsa.id, cheese: cheese.id },
    sauces: { garlic },
    manager,
    stock: { tea: shop.stockRow, cola: cola.row, samsa: samsa.row, cheese: cheese.row },
  };
}

/** On the Sales screen: the newest sale with `itemName`, one of it returned in cash after the manager's PIN. */
async function refundOneTea(page: Page, itemName: string, shots: (name: string) => Promise<void>, tag = ''): Promise<void> {
  await page.keyboard.press('F2');
  await page.getByTestId('sales-list').waitFor();
  await page.getByTestId('sale-row').first().click();
  const detail = page.getByTestId('sale-detail');
  await detail.waitFor();
  await detail.getByLabel(`Return now: ${itemName}`).fill('1');
  await shots(`refund${tag ? `-${tag}` : ''}`);
  await page.keyboard.press('F9');
  const approval = page.getByTestId('manager-approval');
  await approval.waitFor();
  await approval.locator('input[name="managerPin"]').fill(MANAGER_PIN);
  await shots(`refund-approval${tag ? `-${tag}` : ''}`);
  await page.keyboard.press('Enter');
  await page.getByTestId('sale-outcome').waitFor();
  await shots(`refund-done${tag ? `-${tag}` : ''}`);
}

/** The printer's jobs after the first `from`, once `count` more arrived. */
async function jobsAfter(printer: FakePrinter, from: number, count: number): Promise<ReceivedJob[]> {
  const jobs = await printer.waitForJobs(from + count, 15_000);
  return jobs.slice(from, from + count);
}

function text(job: ReceivedJob): string {
  return job.parsed.lines.join('\n');
}
