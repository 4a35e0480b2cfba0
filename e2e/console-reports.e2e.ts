/**
 * The console's reports as an owner meets them, in Chromium at 1024×768 in uz, ru and en, against a real service:
 * the demo business (its stock rows and clients' opening debts) plus a few sales made through the API — at two
 * tills, in cash and by card, one voided and one refunded — then the Sales tab shows the exact total and average,
 * the voided receipt and the refund apart, the figures per till; its CSV export opens as Excel expects in that language (byte-order mark,
 * delimiter, decimal sign) with the same total; the shifts, debts, stock and warnings tabs load. No CSP violation
 * or script error may be reported. Screenshots: e2e/artifacts/reports-<language>-*.png.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { divRound, formatMoney, lineAmount, MONEY, QUANTITY, unitsOf, type Money, type Quantity } from '../shared/decimal.js';
import { LOCALES, translator, type Language } from '../console/i18n/index.js';
import { showDecimal } from '../console/lib/numbers.js';
import { BOM, CSV_DELIMITER, csvDecimal } from '../console/components/csv.js';
import { dayOf } from '../console/pages/reports/range.js';
import { DEMO_BUSINESS } from '../scripts/demo/demo-data.js';
import { newDemoCredentials, openingDebtTotal, seedDemo } from '../scripts/demo/seed-demo.js';
import { serviceApi } from '../scripts/demo/service-api.js';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, must, startService, type Service } from './harness.js';

const LANGUAGES: readonly Language[] = ['uz', 'ru', 'en'];

describe('the console’s reports, end to end in three languages', () => {
  let dir: string;
  let service: Service;
  let browser: Browser;
  let owner: { login: string; password: string };
  /** The sales made, as the report must show them. */
  let warned: { item: string; warehouse: string; till: string };
  let expected: { total: string; count: number; average: string; voided: string; refunds: string; tills: Map<string, string>; shiftTaken: string; openShiftTaken: string; day: string };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kassa-reports-e2e-'));
    mkdirSync(ARTIFACTS, { recursive: true });
    service = await startService(join(dir, 'service'));
    const credentials = newDemoCredentials(DEMO_BUSINESS);
    const seeded = await seedDemo(serviceApi(service.url), DEMO_BUSINESS, credentials);
    owner = { login: credentials.login, password: credentials.password };
    const token = seeded.token;
    const items = (await must(service, 'POST', '/get', {
      token,
      body: { query: 'select id, name, price from "S_Item" where is_deleted = false and is_service = false and price > 0 order by name limit 2' },
    })) as { id: string; name: string; price: string | number }[];
    const methods = (await must(service, 'GET', '/payment-methods/all', { token })) as { id: string; name: string; kind?: string }[];
    const cash = methods.find((method) => method.kind === 'CASH') ?? methods[0]!;
    const card = methods.find((method) => method.kind === 'CARD') ?? methods[1] ?? cash;
    const tills = ((await must(service, 'GET', '/business-config/workplaces/all', { token })) as { id: string; name: string; automated_point_id: string }[]).map(
      (workplace) => ({ id: workplace.id, name: workplace.name, point: workplace.automated_point_id }),
    );
    const till2 = tills[1] ?? tills[0]!;
    let serial = 0;
    // A shift at the first till: the sales a and b (and the voided one) are in it; c, at the other till, is not.
    const shift = await must(service, 'POST', '/settlements/create', { token, body: { name: 'E2E', workplace_id: tills[0]!.id } });
    // An open shift at the other till (c is in it): the shifts tab shows what it has taken so far (X).
    const openShift = await must(service, 'POST', '/settlements/create', { token, body: { name: 'E2E-X', workplace_id: till2.id } });
    const sell = async (till: (typeof tills)[number], item: { id: string; price: string | number }, quantity: string, method: { id: string }) => {
      const price = String(item.price);
      const amount = formatMoney(lineAmount(unitsOf(price, MONEY) as Money, unitsOf(quantity, QUANTITY) as Quantity));
      const order = await must(service, 'POST', '/orders/create', {
        token,
        body: {
          order_id: `E2E-${++serial}`,
          automated_point_id: till.point,
          workplace_id: till.id,
          items: [{ item_id: item.id, quantity, price, subtotal: amount }],
          subtotal: amount,
          total_sum: amount,
          is_closed: true,
          settlement_id: till === tills[0] ? shift.id : openShift.id,
          payments: [{ payment_type_id: method.id, paid_sum: amount }],
        },
      });
      return { id: order.id as string, amount, lineId: (order.items as { id: string }[])[0]!.id };
    };
    const [first, second] = [items[0]!, items[1] ?? items[0]!];
    const saleTime = new Date();
    const a = await sell(tills[0]!, first, '2', cash);
    const b = await sell(tills[0]!, second, '1.5', card);
    const c = await sell(till2, first, '1', cash);
    const voided = await sell(tills[0]!, second, '1', cash);
    // Sale c is refunded whole in its (open) shift: the refund shows apart, the sale stays in the day's sales.
    await must(service, 'POST', `/orders/refund/${c.id}`, {
      token,
      body: { refund_number: 'E2E-R1', settlement_id: openShift.id, lines: [{ order_line_id: c.lineId, quantity: '1' }], payments: [{ payment_type_id: cash.id, amount: c.amount }] },
    });
    await must(service, 'POST', `/orders/update/${voided.id}`, { token, body: { is_voided: true } });
    await must(service, 'PATCH', `/settlements/update/${shift.id}`, { token, body: { is_closed: true } });
    // A warning as the sync's push records it (app/sync/warning-log.ts writes this shape): stock sold below zero.
    const warehouse = ((await must(service, 'GET', '/warehouses/all', { token })) as { id: string; name: string }[])[0]!;
    await must(service, 'POST', '/logs/create', {
      token,
      body: {
        type: 'WARNING',
        action: 'STOCK_BELOW_ZERO',
        details: JSON.stringify({
          operation: 'OrderController_create',
          occurredAt: new Date().toISOString(),
          workplaceId: tills[0]!.id,
          warning: { code: 'STOCK_BELOW_ZERO', itemId: first.id, warehouseId: warehouse.id, quantity: '-2.5' },
        }),
      },
    });
    warned = { item: first.name, warehouse: warehouse.name, till: tills[0]!.name };
    const units = (amount: string) => unitsOf(amount, MONEY);
    const total = units(a.amount) + units(b.amount) + units(c.amount);
    const tillTotals = new Map<string, bigint>();
    for (const [till, sale] of [[tills[0]!, a], [tills[0]!, b], [till2, c]] as const) tillTotals.set(till.name, (tillTotals.get(till.name) ?? 0n) + units(sale.amount));
    expected = {
      total: formatMoney(total),
      count: 3,
      average: formatMoney(divRound(total, 3n)),
      voided: voided.amount,
      refunds: c.amount,
      tills: new Map([...tillTotals].map(([name, sum]) => [name, formatMoney(sum)])),
      shiftTaken: formatMoney(units(a.amount) + units(b.amount)),
      openShiftTaken: c.amount,
      day: dayOf(saleTime),
    };
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await service?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  for (const language of LANGUAGES) {
    it(`in ${language}: shows today's sales exactly, exports them to CSV, and opens every report`, async () => {
      const t = translator(language);
      // The browser's own language too, as an owner's would be: date inputs follow it (--lang), not the page's.
      browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, `--lang=${LOCALES[language]}`], headless: true });
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, acceptDownloads: true, locale: LOCALES[language] });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
      });
      const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `reports-${language}-${name}.png`) });
      try {
        await page.goto(`${service.url}/sign-in`);
        await page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
        await page.getByLabel(t('signIn.login')).fill(owner.login);
        await page.getByLabel(t('signIn.password'), { exact: true }).fill(owner.password);
        await page.getByRole('button', { name: t('signIn.submit'), exact: true }).click();
        const nav = page.getByRole('navigation', { name: t('nav.label') });
        await nav.waitFor();
        await nav.getByRole('link', { name: t('page.reports') }).click();
        // The day the sales were made (a run across midnight must not look at the next day).
        const setRange = async (from: string, to: string) => {
          await page.getByLabel(t('reports.from'), { exact: true }).fill(from);
          await page.getByLabel(t('reports.to'), { exact: true }).fill(to);
        };
        await setRange(expected.day, expected.day);

        // Sales, today: the exact total, the average, the voided receipt apart, each till's sum.
        const total = page.getByTestId('sales-total');
        await total.getByText(showDecimal(expected.total, language), { exact: true }).waitFor();
        expect(await total.textContent()).toContain(t('reports.receipts', { count: expected.count }));
        expect(await page.getByTestId('sales-average').textContent()).toContain(showDecimal(expected.average, language));
        expect(await page.getByTestId('sales-voided').textContent()).toContain(showDecimal(expected.voided, language));
        const refunds = (await page.getByTestId('sales-refunds').textContent()) ?? '';
        expect(refunds).toContain(showDecimal(expected.refunds, language));
        expect(refunds).toContain(t('reports.receipts', { count: 1 }));
        for (const [till, sum] of expected.tills) {
          const row = page.getByRole('row').filter({ hasText: till }).first();
          expect(await row.textContent()).toContain(showDecimal(sum, language));
        }
        await page.getByRole('figure', { name: t('reports.chart.byHour') }).locator('svg').first().waitFor();
        await shot('1-sales');

        // The CSV of sales by till: Excel's way for the language, the same total.
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t('table.exportCsv') }).first().click()]);
        const csv = readFileSync((await download.path())!, 'utf8');
        expect(csv.startsWith(BOM)).toBe(true);
        const lines = csv.slice(1).trim().split('\r\n');
        const delimiter = CSV_DELIMITER[language];
        expect(lines[0]).toBe([t('reports.col.till'), t('reports.col.receipts'), t('reports.col.sum')].join(delimiter));
        expect(lines.at(-1)).toBe([t('table.total'), String(expected.count), csvDecimal(expected.total, language)].join(delimiter));

        // Sorting by a header turns the order around.
        const byTill = page.locator('.sortable-table').first();
        const firstRow = async () => (await byTill.locator('tbody tr').first().textContent()) ?? '';
        const before = await firstRow();
        await byTill.getByRole('button', { name: t('reports.col.sum') }).click();
        if (expected.tills.size > 1) expect(await firstRow()).not.toBe(before);

        // The day before: nothing.
        const dayBefore = dayOf(new Date(Date.parse(`${expected.day}T12:00:00`) - 86_400_000));
        await setRange(dayBefore, dayBefore);
        await page.getByText(t('reports.empty')).waitFor();
        // A week: the same sales, drawn by day.
        await setRange(dayOf(new Date(Date.parse(`${expected.day}T12:00:00`) - 6 * 86_400_000)), expected.day);
        await total.getByText(showDecimal(expected.total, language), { exact: true }).waitFor();
        await page.getByRole('figure', { name: t('reports.chart.byDay') }).locator('svg').first().waitFor();
        await shot('1b-sales-week');

        const tabs = page.getByRole('navigation', { name: t('page.reports') });
        await tabs.getByRole('link', { name: t('reports.tab.shifts') }).click();
        await page.getByRole('button', { name: t('reports.quick.week') }).click();
        await setRange(dayOf(new Date(Date.parse(`${expected.day}T12:00:00`) - 6 * 86_400_000)), expected.day);
        const shiftRow = page.getByTestId('shifts-report').locator('tbody tr').filter({ hasText: /^E2E(?!-X)/ });
        expect(await shiftRow.first().textContent()).toContain(showDecimal(expected.shiftTaken, language));
        const openRow = page.getByTestId('shifts-report').locator('tbody tr').filter({ hasText: 'E2E-X' });
        expect(await openRow.textContent()).toContain(t('reports.shifts.open'));
        // The open shift took c and gave it back in cash: taken, refunded, and no cash expected in its drawer.
        expect(await openRow.textContent()).toContain(`${showDecimal(expected.openShiftTaken, language)}${showDecimal(expected.refunds, language)}0`);
        await shot('2-shifts');

        // The demo's clients owe their opening debts, all of today: 0–30 days.
        await tabs.getByRole('link', { name: t('reports.tab.debts') }).click();
        const debts = page.getByTestId('debts-report');
        await debts.locator('tbody tr').first().waitFor();
        // The balance nets a client's prepayment (the demo has one, −20 000); only what is owed has an age.
        const owed = showDecimal(openingDebtTotal(DEMO_BUSINESS), language);
        const aged = showDecimal(openingDebtTotal({ ...DEMO_BUSINESS, clients: DEMO_BUSINESS.clients.filter((c) => !c.openingDebt?.amount.startsWith('-')) }), language);
        expect(await debts.locator('tfoot tr').textContent()).toContain(`${t('table.total')}${owed}${aged}`);
        await shot('3-debts');

        // Low stock: with a high threshold every demo stock row shows.
        await tabs.getByRole('link', { name: t('reports.tab.stock') }).click();
        const stock = page.getByTestId('stock-report');
        await stock.locator('tbody tr').first().waitFor();
        await stock.getByLabel(t('reports.stock.threshold')).fill('abc');
        await stock.getByRole('button', { name: t('reports.stock.show') }).click();
        await page.getByText(t('reports.stock.badThreshold')).waitFor();
        await stock.getByLabel(t('reports.stock.threshold')).fill(language === 'en' ? '1,000' : '1 000');
        await stock.getByRole('button', { name: t('reports.stock.show') }).click();
        await stock.locator('tbody tr').first().waitFor();
        await shot('4-stock');

        await tabs.getByRole('link', { name: t('reports.tab.warnings') }).click();
        const warning = page.getByTestId('warnings-report').locator('tbody tr').first();
        await warning.waitFor();
        const said = (await warning.textContent()) ?? '';
        expect(said).toContain(t('reports.warning.STOCK_BELOW_ZERO'));
        expect(said).toContain(t('reports.warning.stock', { item: warned.item, warehouse: warned.warehouse, quantity: showDecimal('-2.5', language) }));
        expect(said).toContain(warned.till);
        await shot('5-warnings');

        // Nothing scrolls the page sideways: wide tables scroll inside their card.
        expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
        await browser.close();
      }
    });
  }
});
