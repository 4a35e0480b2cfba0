/**
 * The terminal in its three languages, in Chromium at 1024×768: money in so'm (no decimals unless an amount has
 * them, grouped the language's way), one date format per language, plural messages, money typed as the display
 * shows it; the sign-in screen naming the business and the till; leaving a half-filled receipt with F5 asking
 * first; and no console error on any page load (the Permissions-Policy header once named an unknown feature).
 */
import type { CDPSession } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must, startWorld, type World } from './harness.js';
import { PIN, seedShop, type Shop } from './shop.js';

const NB = '\u00a0';

describe('languages, numbers and leaving screens, end to end', () => {
  let world: World;
  let shop: Shop;
  let cdp: CDPSession;
  const browserLog: string[] = [];

  beforeAll(async () => {
    world = await startWorld('languages');
    shop = await seedShop(world.service);
    const as = { token: shop.token };
    // Money with a fraction, and a modifier group with three modifiers and one with one.
    await must(world.service, 'PATCH', `/stock-quantity/update/${shop.stockRow}`, { ...as, body: { price: '12000.5' } });
    const sauces = (
      await must(world.service, 'POST', '/item-modifier/modifier-groups/create', {
        ...as,
        body: { name: 'Sauces', measurement: 'pcs', type: 'MODIFIER_GROUP', price: '2500' },
      })
    ).id;
    const extras = (
      await must(world.service, 'POST', '/item-modifier/modifier-groups/create', {
        ...as,
        body: { name: 'Extras', measurement: 'pcs', type: 'MODIFIER_GROUP', price: '1000' },
      })
    ).id;
    for (const [name, group] of [
      ['Ketchup', sauces],
      ['Mayonnaise', sauces],
      ['Mustard', sauces],
      ['Cheese', extras],
    ] as const)
      await must(world.service, 'POST', '/item-modifier/modifiers/create', {
        ...as,
        body: { name, measurement: 'pcs', type: 'MODIFIER', price: '500', group_id: group },
      });
    const { code } = await must(world.service, 'POST', '/sync/enrollment-codes', {
      ...as,
      body: { workplaceId: shop.workplace },
    });
    await world.terminal.core.invoke('terminal.enroll', { serviceUrl: world.service.url, code, name: 'Till 1 (languages)' });
    // Chromium's own log (where header problems such as an unknown Permissions-Policy feature are reported).
    cdp = await world.page.context().newCDPSession(world.page);
    cdp.on('Log.entryAdded', ({ entry }) => {
      if (entry.level === 'error' || entry.level === 'warning') browserLog.push(`${entry.source}: ${entry.text}`);
    });
    await cdp.send('Log.enable');
  });
  afterAll(async () => {
    await world?.close();
  });

  it('names the business and the till on the sign-in screen, in each language', async () => {
    const { page } = world;
    await page.goto(world.terminal.host.url);
    await page.getByTestId('pin-business').filter({ hasText: 'Chorsu Market' }).waitFor();
    for (const [language, till] of [
      ['UZ', 'Kassa: Till 1 · Chorsu 1'],
      ['RU', 'Касса: Till 1 · Chorsu 1'],
      ['EN', 'Till: Till 1 · Chorsu 1'],
    ] as const) {
      await page.getByRole('button', { name: language, exact: true }).click();
      await expect.poll(() => page.getByTestId('pin-till').textContent()).toBe(till);
      await world.shot(`pin-${language.toLowerCase()}`);
    }
    await page.keyboard.type(PIN);
    await page.keyboard.press('Enter');
    await page.getByTestId('employee-name').filter({ hasText: 'Aziza Karimova' }).waitFor();
  });

  it('shows money, dates and plurals the language’s way, and reads money typed as it is shown', async () => {
    const { page } = world;
    const expected = {
      UZ: {
        price: `12${NB}000,50`,
        date: '01/01/2026',
        rows: '1 ta qator',
        groups: ['Extras1 ta modifikator1 000', 'Sauces3 ta modifikator2 500'],
        typed: '2 500',
        after: `2${NB}500`,
      },
      RU: {
        price: `12${NB}000,50`,
        date: '01.01.2026',
        rows: '1 строка',
        groups: ['Extras1 модификатор1 000', 'Sauces3 модификатора2 500'],
        typed: '2 500',
        after: `2${NB}500`,
      },
      EN: {
        price: '12,000.50',
        date: '01/01/2026',
        rows: '1 row',
        groups: ['Extras1 modifier1,000', 'Sauces3 modifiers2,500'],
        typed: '2,500',
        after: '2,500',
      },
    } as const;
    for (const [language, want] of Object.entries(expected)) {
      await page.getByRole('button', { name: language, exact: true }).click();
      await page.keyboard.press('F7');
      await page.getByRole('row').first().click();
      await expect.poll(() => page.getByTestId('stock-count').textContent()).toBe(want.rows);
      const facts = (await page.locator('.stock-facts').textContent()) ?? '';
      expect(facts.replace(/\u202f/g, NB)).toContain(want.price);
      expect(facts).toContain(want.date);
      await world.shot(`stock-${language.toLowerCase()}`);

      await page.keyboard.press('F5');
      await expect
        .poll(async () =>
          (await page.locator('button.mg-group-row').allTextContents()).map((text) => text.replace(/[\u00a0\u202f]/g, ' ')),
        )
        .toEqual(want.groups);
      await world.shot(`modifier-groups-${language.toLowerCase()}`);

      await page.keyboard.press('F6');
      await page.getByRole('button', { name: /Dilnoza Yusupova/ }).click();
      await page.locator('input[name="amount"]').fill(want.typed);
      await expect.poll(() => page.getByTestId('balance-after').textContent()).toContain(want.after);
      await world.shot(`debts-${language.toLowerCase()}`);
      // Nothing recorded: clear the amount so leaving does not ask.
      await page.locator('input[name="amount"]').fill('');
    }
  });

  it('asks before F5 throws away a half-filled receipt: staying keeps it, confirming leaves', async () => {
    const { page } = world;
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.keyboard.press('F4');
    await page.getByRole('button', { name: 'New receipt' }).click();
    await page.getByLabel('Note').fill('Half a delivery');
    await page.keyboard.press('F5');
    const question = page.getByRole('alertdialog');
    await question.filter({ hasText: 'This screen has unsaved changes. Leave and discard them?' }).waitFor();
    await world.shot('leave-asks');
    await question.getByRole('button', { name: 'Stay' }).click();
    await expect(page.getByLabel('Note').inputValue()).resolves.toBe('Half a delivery');
    await page.keyboard.press('F5');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Leave without saving' }).click();
    await page.getByRole('heading', { name: 'Modifier groups', level: 1 }).waitFor();
    await world.shot('leave-confirmed');
  });

  it('logs no error on any page load, in the page or in Chromium’s own log', async () => {
    await world.page.reload();
    await world.page.getByTestId('employee-name').filter({ hasText: 'Aziza Karimova' }).waitFor();
    expect(browserLog.filter((line) => /permissions-policy/i.test(line))).toEqual([]);
    expect(world.pageProblems).toEqual([]);
  });
});
