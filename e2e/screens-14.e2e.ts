/**
 * The till's screens changed for issue 14 (items 11, 12, 13 and the receipt part of 7), end to end in Chromium at
 * 1024×768 with screenshots in en, ru and uz: the debt history's labels and colours and the confirmation of a
 * repayment larger than the debt; modifier groups saying whose groups they list, offering every point's, carrying
 * the search into a new group's name with back-office fields behind "More"; a goods receipt that starts at the
 * till's point, offers only the item's unit, and whose new selling price the stock screen shows at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { must, startWorld, type World } from './harness.js';
import { drawSignature, seedShop, signIn, type Shop } from './shop.js';

describe('the debt, modifier-group and receipt screens of issue 14, end to end', () => {
  let world: World;
  let shop: Shop;

  beforeAll(async () => {
    world = await startWorld('screens-14');
    shop = await seedShop(world.service);
    const as = { token: shop.token };
    const points = (await must(world.service, 'GET', '/business-config/points/all', as)) as { id: string; name: string }[];
    const own = points.find((point) => point.name === 'Chorsu 1')!.id;
    const other = (await must(world.service, 'POST', '/business-config/points/create', { ...as, body: { name: 'Chorsu 2' } })).id;
    const group = (name: string, point: string) =>
      must(world.service, 'POST', '/item-modifier/modifier-groups/create', {
        ...as,
        body: { name, measurement: 'pcs', price: '0', type: 'MODIFIER_GROUP', id_automated_point: point },
      });
    await group('Hall extras', own);
    await group('Terrace sauces', other);
    await must(world.service, 'POST', '/measurements/create', { ...as, body: { name: 'box' } });
    await must(world.service, 'POST', '/payment-methods/create', { ...as, body: { name: 'Uzcard', kind: 'CARD' } });
    const { code } = await must(world.service, 'POST', '/sync/enrollment-codes', { ...as, body: { workplaceId: shop.workplace } });
    await world.terminal.core.invoke('terminal.enroll', { serviceUrl: world.service.url, code, name: 'Till 1 (screens)' });
    await signIn(world.page, world.terminal.host.url);
  });
  afterAll(async () => {
    await world?.close();
  });

  async function inEveryLanguage(page: Page, name: string, check?: () => Promise<void>) {
    for (const language of ['ru', 'uz', 'en'] as const) {
      await page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
      await check?.();
      await world.shot(`${name}-${language}`);
    }
  }

  it('labels and colours the debt history, and asks before a repayment larger than the debt', async () => {
    const { page } = world;
    await page.keyboard.press('F6');
    await page.getByLabel('Search').fill('Dilnoza');
    await page.getByRole('button', { name: /Dilnoza Yusupova/ }).click();
    await page.getByLabel('Amount').fill('100000');
    await drawSignature(page);
    await page.getByRole('button', { name: 'Record' }).click();
    await page.getByText('Recorded.').waitFor();
    await page.getByRole('radio', { name: 'Repayment' }).click();
    await page.getByLabel('Amount').fill('150000');
    await page.getByLabel('Paid by').selectOption({ label: 'Uzcard' });
    await page.getByRole('button', { name: 'Record' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'The repayment is more than the debt' });
    await dialog.waitFor();
    await world.shot('debts-overpay-en');
    await dialog.getByRole('button', { name: 'Record anyway' }).click();
    await page.getByText('Recorded.').waitFor();
    const history = page.getByTestId('debt-history');
    await history.locator('li').nth(1).waitFor();
    await expect(history.locator('.entry-badge').allTextContents()).resolves.toEqual(['Repayment', 'Credit sale']);
    await expect(history.innerText()).resolves.toContain('paid by Uzcard');
    // In credit now: green like a repayment, never the red of an error.
    await expect(page.getByTestId('selected-balance').getAttribute('class')).resolves.toContain('tone-good');
    await inEveryLanguage(page, 'debts-history');
  });

  it('says whose modifier groups it lists, offers every point’s, and starts a new group from the search', async () => {
    const { page } = world;
    await page.keyboard.press('F5');
    // The point's name arrives with the lists.
    await expect.poll(() => page.getByTestId('mg-scope').textContent()).toBe('Groups of Chorsu 1 and of the whole business.');
    const list = page.getByRole('list', { name: 'Modifier groups' });
    await list.getByRole('button', { name: /Hall extras/ }).waitFor();
    await expect(list.getByRole('button', { name: /Terrace sauces/ }).count()).resolves.toBe(0);
    await page.getByLabel('All points').check();
    await list.getByRole('button', { name: /Terrace sauces · Chorsu 2/ }).waitFor();
    await inEveryLanguage(page, 'modifier-groups-all-points');
    await page.getByLabel('All points').uncheck();
    await page.getByLabel('Search').fill('Dips');
    await page.getByRole('button', { name: 'Create “Dips”' }).click();
    const form = page.getByRole('form', { name: 'New modifier group' });
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe('Dips');
    await expect(form.getByLabel('Description').isVisible()).resolves.toBe(false);
    await inEveryLanguage(page, 'modifier-groups-new');
    await form.locator('details.mg-more > summary').click();
    await expect(form.getByLabel('Description').isVisible()).resolves.toBe(true);
    await world.shot('modifier-groups-more-en');
  });

  it('starts a receipt at the till’s point, offers only the item’s unit, and the stock screen shows its new price', async () => {
    const { page } = world;
    await page.keyboard.press('F4');
    await page.getByRole('button', { name: 'New receipt' }).click();
    await expect(page.getByLabel('Your point').inputValue()).resolves.toBe('Chorsu 1');
    await page.getByLabel('Supplier').selectOption({ label: 'Toshkent Choy Savdo' });
    await page.getByRole('combobox', { name: 'Add an item: name or barcode' }).focus();
    await page.keyboard.type('4780000000017');
    await page.keyboard.press('Enter');
    await page.getByTestId('receipt-line').waitFor();
    const unit = page.getByLabel('Unit, Green tea 100 g', { exact: true });
    await expect(unit.locator('option').allTextContents()).resolves.toEqual(['pcs']);
    await page.getByLabel('Quantity, Green tea 100 g', { exact: true }).fill('5');
    await page.getByLabel('Price, Green tea 100 g', { exact: true }).fill('9000');
    await page.getByLabel('New selling price, Green tea 100 g', { exact: true }).fill('15000');
    await inEveryLanguage(page, 'receipt-unit');
    await page.getByRole('button', { name: 'Conduct' }).click();
    await page.getByText('Conducted: the goods are in stock.').waitFor();
    await page.keyboard.press('F7');
    await page.getByLabel('Search').fill('4780000000017');
    await page.getByRole('row').filter({ hasText: 'Green tea 100 g' }).filter({ hasText: '15,000' }).waitFor();
    await world.shot('stock-new-price-en');
    expect(world.pageProblems).toEqual([]);
  });
});
