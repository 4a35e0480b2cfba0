/**
 * A sale the service refuses, put right at the till: a credit sale recorded offline to a client the back office
 * deletes before the till is back. The service rejects it; the needs-attention inbox shows it with the reason and
 * its full data; the cashier edits it (another client, chosen by name) and sends it again; the service then has it exactly once,
 * for the client chosen, and nothing for the deleted one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must, startWorld, type World } from './harness.js';
import { drawSignature, seedShop, signIn, type Shop } from './shop.js';

describe('the needs-attention inbox, end to end', () => {
  let world: World;
  let shop: Shop;

  beforeAll(async () => {
    world = await startWorld('inbox');
    shop = await seedShop(world.service);
    const { code } = await must(world.service, 'POST', '/sync/enrollment-codes', {
      token: shop.token,
      body: { workplaceId: shop.workplace },
    });
    await world.terminal.core.invoke('terminal.enroll', { serviceUrl: world.service.url, code, name: 'Till 1 (inbox)' });
    await signIn(world.page, world.terminal.host.url);
  });
  afterAll(async () => {
    await world?.close();
  });

  it('shows a refused sale with its reason and data, and sends it again as edited, once', async () => {
    const { page } = world;
    const as = { token: shop.token };
    await world.stopService();
    await page.keyboard.press('F3');
    await page.getByLabel('Search').fill('Dilnoza');
    await page.getByRole('button', { name: /Dilnoza Yusupova/ }).click();
    await page.getByLabel('Amount').fill('250');
    await drawSignature(page);
    await page.getByRole('button', { name: 'Record' }).click();
    await page.getByText('Recorded.').waitFor();

    // While the till is off, the back office deletes that client.
    await world.stopTerminal();
    await world.startServiceAgain();
    await must(world.service, 'DELETE', `/clients/delete/${shop.client}`, as);
    await signIn(page, await world.startTerminalAgain());

    // The till sends the sale by itself; the service refuses it, and the sync bar says so.
    await page.getByTestId('sync-attention').filter({ hasText: '1 need attention' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('sync-attention').click();
    const entry = page.getByTestId('inbox-entry');
    await expect(entry.textContent()).resolves.toContain('ClientDebtController_createTransaction');
    await expect(entry.textContent()).resolves.toContain('400: client_id must be an existing client');
    await world.shot('inbox-refused-sale');

    // Corrected through the debt form the sale was made with (issue 14, item 10).
    await entry.getByRole('button', { name: 'Correct and send again' }).click();
    const form = page.getByRole('form', { name: 'Correct and send again' });
    // The reason stands next to the field it names.
    await form.getByRole('alert').filter({ hasText: 'client_id must be an existing client' }).waitFor();
    // The client is chosen by name; the deleted one is named as no longer on this till.
    await expect(form.getByLabel('Client').locator('option:checked').textContent()).resolves.toMatch(/^Not on this till/);
    await form.getByLabel('Client').selectOption({ label: 'Bekzod Aliyev' });
    await world.shot('inbox-resubmit-form');
    await form.getByRole('button', { name: 'Send again' }).click();
    await page.getByText('Nothing needs attention.').waitFor();
    await expect.poll(() => page.getByTestId('sync-pending').textContent(), { timeout: 30_000 }).toBe('All sent');
    await world.shot('inbox-resolved');

    const sales = async (clientId: string) =>
      (
        (await must(world.service, 'GET', `/client-debts/transactions/all?client_id=${clientId}`, as)) as {
          kind: string;
          debt_amount: string;
          signature_url?: string;
        }[]
      ).filter((sale) => sale.kind === 'transaction');
    const [resent, ...more] = await sales(shop.otherClient);
    expect(more).toEqual([]);
    expect(resent).toMatchObject({ debt_amount: '250', employee_id: shop.employee });
    expect(resent!.signature_url).toMatch(/^data:image\/png;base64,/);
    expect(await sales(shop.client)).toEqual([]);
  });
});
