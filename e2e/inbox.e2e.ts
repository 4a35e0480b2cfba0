/**
 * An operation the service refuses, put right at the till: a client's opening balance recorded offline for a client
 * the back office deletes before the till is back. (An opening balance sets a value — it is not a fact. A credit
 * sale to that client would be applied with a warning instead: docs/sync.md, "Facts and warnings",
 * e2e/warnings.e2e.ts.) The service rejects it; the needs-attention inbox shows it with the reason and its full
 * data; the cashier edits it (another client, chosen by name) and sends it again; the service then has it exactly
 * once, for the client chosen, and nothing for the deleted one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must, startWorld, type World } from './harness.js';
import { seedShop, signIn, type Shop } from './shop.js';

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

  it('shows a refused operation with its reason and data, and sends it again as edited, once', async () => {
    const { page } = world;
    const as = { token: shop.token };
    await world.stopService();
    // The debts screen records sales and repayments only: the opening balance goes through the core, as a screen would.
    const points = (await world.terminal.core.invoke('BusinessController_findAllPoints', {})) as { id: string }[];
    await world.terminal.core.invoke('ClientDebtController_createDebt', {
      body: { client_id: shop.client, debt_amount: '250', employee_id: shop.employee, id_automated_point: points[0]!.id },
    });

    // While the till is off, the back office deletes that client.
    await world.stopTerminal();
    await world.startServiceAgain();
    await must(world.service, 'DELETE', `/clients/delete/${shop.client}`, as);
    await signIn(page, await world.startTerminalAgain());

    // The till sends the sale by itself; the service refuses it, and the sync bar says so.
    await page.getByTestId('sync-attention').filter({ hasText: '1 need attention' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('sync-attention').click();
    const entry = page.getByTestId('inbox-entry');
    await expect(entry.textContent()).resolves.toContain('ClientDebtController_createDebt');
    await expect(entry.textContent()).resolves.toContain('400: client_id must be an existing client');
    await world.shot('inbox-refused-sale');

    // No screen of the till makes an opening balance, so it is corrected field by field (a credit sale or a
    // repayment would open the debt form it was made with: e2e/inbox-words.e2e.ts).
    await entry.getByRole('button', { name: 'Correct and send again' }).click();
    const form = page.getByRole('form', { name: 'Edit and send again' });
    // The reason stands next to the field it names.
    await form.getByRole('alert').filter({ hasText: 'client_id must be an existing client' }).waitFor();
    // The client is chosen by name; the deleted one is named as no longer on this till.
    await expect(form.getByLabel('client_id').locator('option:checked').textContent()).resolves.toMatch(/^Not on this till/);
    await form.getByLabel('client_id').selectOption({ label: 'Bekzod Aliyev' });
    await world.shot('inbox-resubmit-form');
    await form.getByRole('button', { name: 'Send again' }).click();
    await page.getByText('Nothing needs attention.').waitFor();
    await expect.poll(() => page.getByTestId('sync-pending').textContent(), { timeout: 30_000 }).toBe('All sent');
    await world.shot('inbox-resolved');

    const openings = async (clientId: string) =>
      (
        (await must(world.service, 'GET', `/client-debts/transactions/all?client_id=${clientId}`, as)) as {
          kind: string;
          debt_amount: string;
        }[]
      ).filter((entry) => entry.kind === 'opening');
    const [resent, ...more] = await openings(shop.otherClient);
    expect(more).toEqual([]);
    expect(resent).toMatchObject({ debt_amount: '250', employee_id: shop.employee });
    expect(await openings(shop.client)).toEqual([]);
  });
});
