/**
 * The outage, as a till lives it: the central service goes down, the cashier keeps working on all four screens
 * (a goods receipt conducted, a modifier group with its modifiers, a credit sale signed on screen and a repayment,
 * a stock adjustment), the terminal process is restarted in the middle (nothing lost: the work is still there and
 * still waiting to be sent), then the service comes back and the terminal sends everything by itself. The test
 * then asks the service's own HTTP API, as the back office would, that each piece of work arrived exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must, startWorld, type World } from './harness.js';
import { drawSignature, seedShop, signIn as signInAt, type Shop } from './shop.js';

const SALE = '1000';
const REPAYMENT = '400';

describe('working through an outage of the central service', () => {
  let world: World;
  let shop: Shop;

  const signIn = (url: string) => signInAt(world.page, url);

  const pendingShown = async () =>
    Number(((await world.page.getByTestId('sync-pending').textContent()) ?? '').match(/^(\d+)/)?.[1] ?? 0);

  beforeAll(async () => {
    world = await startWorld('outage');
    shop = await seedShop(world.service);
    const { code } = await must(world.service, 'POST', '/sync/enrollment-codes', {
      token: shop.token,
      body: { workplaceId: shop.workplace },
    });
    await world.terminal.core.invoke('terminal.enroll', { serviceUrl: world.service.url, code, name: 'Till 1 (outage)' });
    await signIn(world.terminal.host.url);
  });
  afterAll(async () => {
    await world?.close();
  });

  it('keeps working on every screen while the service is down, and says it is offline', async () => {
    const { page } = world;
    await world.stopService();

    // Goods receipt: ten more of the tea, conducted.
    await receiveGoodsOffline(world);

    // Modifier group with two modifiers.
    await page.keyboard.press('F5');
    await page.getByRole('heading', { name: 'Modifier groups' }).waitFor();
    await page.getByRole('button', { name: 'New group' }).click();
    const groupForm = page.getByRole('form', { name: 'New modifier group' });
    await groupForm.getByLabel('Name').fill('Dips');
    await groupForm.getByLabel('Price').fill('0');
    await groupForm.getByRole('button', { name: 'Create group' }).click();
    await page.getByText('Group created.').waitFor();
    await page.getByRole('tab', { name: /Modifiers/ }).click();
    for (const [name, price] of [
      ['Garlic', '500'],
      ['Chilli', '700,5'],
    ] as const) {
      await page.getByRole('button', { name: 'Add modifier' }).first().click();
      const form = page.getByRole('form', { name: 'New modifier' });
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Price').fill(price);
      await form.getByRole('button', { name: 'Add modifier' }).click();
      await page.getByText('Modifier added.').waitFor();
    }
    await page.getByRole('tab', { name: 'Modifiers (2)' }).waitFor();
    await world.shot('modifier-group-offline');

    // A credit sale, signed, and a repayment.
    await page.keyboard.press('F6');
    await page.getByLabel('Search').fill('Dilnoza');
    await page.getByRole('button', { name: /Dilnoza Yusupova/ }).click();
    await page.getByLabel('Amount').fill(SALE);
    await drawSignature(page);
    await page.getByRole('button', { name: 'Record' }).click();
    await page.getByText('Recorded.').waitFor();
    await page.getByRole('radio', { name: 'Repayment' }).click();
    await page.getByLabel('Amount').fill(REPAYMENT);
    await page.getByRole('button', { name: 'Record' }).click();
    await expect.poll(() => page.getByTestId('selected-balance').textContent()).toBe('Balance: 600');
    await world.shot('debts-offline');

    // Stock: the receipt's ten are already there (40 + 10), then a count finds 47.5.
    await page.keyboard.press('F7');
    await page.getByRole('heading', { name: 'Stock' }).waitFor();
    await page.getByLabel('Search').fill('4780000000017');
    await page.getByRole('row').filter({ hasText: 'Green tea 100 g' }).filter({ hasText: '50' }).click();
    await page.getByRole('button', { name: 'Adjust quantity' }).click();
    await page.getByLabel('New quantity').fill('47.5');
    await expect(page.getByTestId('before-after').textContent()).resolves.toBe('50 → 47.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Adjusted.').waitFor();
    await world.shot('stock-offline');

    await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-online'), { timeout: 30_000 }).toBe('false');
    expect(await pendingShown()).toBeGreaterThanOrEqual(7);
    // The queue belongs to the till (issue 14, item 8): sign-out stays possible, and says what still waits.
    await expect(page.getByRole('button', { name: 'Sign out' }).isDisabled()).resolves.toBe(false);
    await expect(page.getByTestId('waiting-notice').textContent()).resolves.toMatch(/^\d+ operations wait to be sent\. They stay with this till/);
    await expect(page.getByTestId('sync-online').textContent()).resolves.toMatch(/^No network: the service cannot be reached \(since /);
    await world.shot('sync-bar-offline');
  });

  it('loses nothing when the terminal process is restarted during the outage', async () => {
    const { page } = world;
    const pendingBefore = await pendingShown();
    const oldRpc = `${world.terminal.host.origin.replace(/^http/, 'ws')}/rpc`;
    // It also asks whether its secret is still this run's (renderer/bridge.ts), and finds nobody there either.
    const oldCheck = `${world.terminal.host.origin}/rpc-secret`;
    const url = await world.restartTerminal();
    await signIn(url);
    // The open page tried to reconnect to the stopped process, as it should; the browser logs each refusal.
    const expected = (problem: string) =>
      (problem.includes(`WebSocket connection to '${oldRpc}' failed`) || problem.includes(oldCheck)) && problem.includes('ERR_CONNECTION_REFUSED');
    world.pageProblems.splice(0, world.pageProblems.length, ...world.pageProblems.filter((problem) => !expected(problem)));
    await expect.poll(pendingShown).toBe(pendingBefore);
    await page.keyboard.press('F7');
    await page.getByLabel('Search').fill('4780000000017');
    await page.getByRole('row').filter({ hasText: 'Green tea 100 g' }).filter({ hasText: '47.5' }).waitFor();
    await page.keyboard.press('F6');
    await page.getByLabel('Search').fill('Dilnoza');
    await page.getByRole('button', { name: /Dilnoza Yusupova/ }).click();
    await expect.poll(() => page.getByTestId('selected-balance').textContent()).toBe('Balance: 600');
    await world.shot('after-terminal-restart');
  });

  it('sends everything by itself once the service is back, and the service has each piece exactly once', async () => {
    const { page } = world;
    await world.startServiceAgain();
    // No button pressed: the sync engine's own retry finds the service again.
    await expect.poll(() => page.getByTestId('sync-pending').textContent(), { timeout: 60_000, interval: 500 }).toBe('All sent');
    await expect.poll(() => page.getByTestId('sync-status').getAttribute('data-online')).toBe('true');
    await world.shot('sync-bar-back-online');
    const as = { token: shop.token };

    const receipts = await must(world.service, 'GET', '/receipt/all', as);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ conducted: true, clientId: shop.supplier, total: '90000' });

    const groups = (await must(world.service, 'GET', '/item-modifier/modifier-groups/all', as)).filter(
      (group: { name: string }) => group.name === 'Dips',
    );
    expect(groups).toHaveLength(1);
    const modifiers = (await must(world.service, 'GET', '/item-modifier/modifiers/all', as)).filter(
      (modifier: { group_id: string }) => modifier.group_id === groups[0].id,
    );
    expect(modifiers.map((modifier: { name: string; price: string }) => [modifier.name, modifier.price]).sort()).toEqual([
      ['Chilli', '700.5'],
      ['Garlic', '500'],
    ]);

    const entries = (await must(world.service, 'GET', `/client-debts/transactions/all?client_id=${shop.client}`, as)).filter(
      (entry: { kind: string }) => entry.kind === 'transaction',
    );
    expect(entries.map((entry: { debt_amount: string }) => entry.debt_amount).sort()).toEqual(['-400', '1000']);
    const debts = (await must(world.service, 'GET', '/client-debts/all', as)).filter(
      (debt: { client_id: string }) => debt.client_id === shop.client,
    );
    expect(debts.map((debt: { debt_amount: string }) => debt.debt_amount)).toEqual(['600']);

    // 40 + 10 received, then counted at 47.5: applied twice, either would show.
    expect((await must(world.service, 'GET', `/stock-quantity/${shop.stockRow}`, as)).stock_quantity).toBe('47.5');
    expect(world.pageProblems).toEqual([]);
  });
});

/**
 * Receives Green tea from the supplier offline: scanned in, saved as a draft of 8 at 9,000, then edited to the 10
 * that actually arrived and conducted. The stock screen shows the rise at once.
 */
async function receiveGoodsOffline(world: World): Promise<void> {
  const { page } = world;
  await page.keyboard.press('F4');
  await page.getByRole('heading', { name: 'Goods receipts' }).waitFor();
  await page.getByRole('button', { name: 'New receipt' }).click();
  await page.getByLabel('Supplier').selectOption({ label: 'Toshkent Choy Savdo' });
  // A keyboard-wedge scanner: the digits in a burst, then Enter.
  await page.getByRole('combobox', { name: 'Add an item: name or barcode' }).focus();
  await page.keyboard.type('4780000000017');
  await page.keyboard.press('Enter');
  await page.getByTestId('receipt-line').waitFor();
  await page.getByLabel('Quantity, Green tea 100 g', { exact: true }).fill('8');
  await page.getByLabel('Price, Green tea 100 g', { exact: true }).fill('9000');
  await expect.poll(() => page.getByTestId('total').textContent()).toContain('72');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.getByText('Saved as a draft.').waitFor();
  await world.shot('receipt-draft-offline');
  await page.getByLabel('Quantity, Green tea 100 g', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Conduct' }).click();
  await page.getByText('Conducted: the goods are in stock.').waitFor();
  await world.shot('receipt-conducted-offline');
  await page.keyboard.press('F7');
  await page.getByLabel('Search').fill('4780000000017');
  await page.getByRole('row').filter({ hasText: 'Green tea 100 g' }).filter({ hasText: '50' }).waitFor();
}
