/**
 * The needs-attention inbox in words (issue 14, item 10), end to end: a repayment made offline by card, whose card
 * method the back office turns into a debt method before the till is back. The service refuses it; the inbox says
 * what it was ("Repayment 50,000 — Dilnoza Yusupova, paid by Uzcard") and why, in uz, ru and en — no operation id, no field name, no UUID
 * on screen; the raw data only behind Details. The cashier corrects it with the keyboard in the same debt form
 * (paid in cash instead) and sends it again; the service then has that repayment exactly once, in cash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must, startWorld, type World } from './harness.js';
import { seedShop, signIn, type Shop } from './shop.js';

describe('the needs-attention inbox in words, end to end', () => {
  let world: World;
  let shop: Shop;
  let card: string;
  let cash: string;

  beforeAll(async () => {
    world = await startWorld('inbox-words');
    shop = await seedShop(world.service);
    const as = { token: shop.token };
    card = (await must(world.service, 'POST', '/payment-methods/create', { ...as, body: { name: 'Uzcard', kind: 'CARD' } })).id;
    const methods = (await must(world.service, 'GET', '/payment-methods/all', as)) as { id: string; kind: string }[];
    cash = methods.find((method) => method.kind === 'CASH')!.id;
    await must(world.service, 'POST', '/client-debts/create', {
      ...as,
      body: { client_id: shop.client, debt_amount: '80000', employee_id: shop.employee, id_automated_point: '0' },
    });
    const { code } = await must(world.service, 'POST', '/sync/enrollment-codes', { ...as, body: { workplaceId: shop.workplace } });
    await world.terminal.core.invoke('terminal.enroll', { serviceUrl: world.service.url, code, name: 'Till 1 (inbox words)' });
    await signIn(world.page, world.terminal.host.url);
  });
  afterAll(async () => {
    await world?.close();
  });

  it('shows a refused repayment in words in every language and corrects it through the debt form, once', async () => {
    const { page } = world;
    const as = { token: shop.token };
    await world.stopService();
    await page.keyboard.press('F6');
    await page.getByLabel('Search').fill('Dilnoza');
    await page.getByRole('button', { name: /Dilnoza Yusupova/ }).click();
    await page.getByRole('radio', { name: 'Repayment' }).click();
    await page.getByLabel('Amount').fill('50000');
    await page.getByLabel('Paid by').selectOption({ label: 'Uzcard' });
    await page.getByRole('button', { name: 'Record' }).click();
    await page.getByText('Recorded.').waitFor();

    // While the till is off, the back office makes the card method a debt ("on account") method. (Had it deleted
    // the method, the repayment would be applied with a warning: the money was taken — e2e/warnings.e2e.ts.)
    await world.stopTerminal();
    await world.startServiceAgain();
    await must(world.service, 'PATCH', `/payment-methods/update/${card}`, { ...as, body: { kind: 'DEBT' } });
    await signIn(page, await world.startTerminalAgain());

    await page.getByTestId('sync-attention').filter({ hasText: '1 need attention' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('sync-attention').click();
    const entry = page.getByTestId('inbox-entry');
    await expect(entry.getByTestId('inbox-summary').textContent()).resolves.toBe('Repayment 50,000 — Dilnoza Yusupova, paid by Uzcard');
    await expect(entry.getByTestId('inbox-reason').textContent()).resolves.toContain(
      'The payment method cannot take money any more (it was changed to a debt method).',
    );
    // Nothing a developer reads is on screen; it is all behind Details.
    const visibleText = await page.locator('main, .screen').first().innerText();
    expect(visibleText).not.toMatch(/Controller_|payment_type_id|[0-9a-f]{8}-[0-9a-f]{4}-/);
    await world.shot('en');
    await entry.getByText('Details').click();
    await expect(entry.locator('details.inbox-details').innerText()).resolves.toContain('ClientDebtController_createTransaction');
    await world.shot('en-details');
    await entry.getByText('Details').click();

    await page.getByRole('button', { name: 'RU', exact: true }).click();
    await expect(entry.getByTestId('inbox-summary').textContent()).resolves.toBe('Погашение 50\u00a0000 — Dilnoza Yusupova, оплата: Uzcard');
    await expect(entry.getByTestId('inbox-reason').textContent()).resolves.toContain('Этим способом оплаты больше нельзя принимать деньги');
    await world.shot('ru');
    await page.getByRole('button', { name: 'UZ', exact: true }).click();
    await expect(entry.getByTestId('inbox-summary').textContent()).resolves.toBe('Qarz to‘lovi 50\u00a0000 — Dilnoza Yusupova, to‘lov: Uzcard');
    await expect(entry.getByTestId('inbox-reason').textContent()).resolves.toContain('Bu to‘lov usuli endi pul qabul qilmaydi');
    await world.shot('uz');
    await page.getByRole('button', { name: 'EN', exact: true }).click();

    // With the keyboard: open the debt form, pick cash, send.
    await entry.getByRole('button', { name: 'Correct and send again' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Correct and send again' });
    await expect(form.getByLabel('Amount').inputValue()).resolves.toBe('50000');
    await expect(form.getByRole('radio', { name: 'Repayment' }).getAttribute('aria-checked')).resolves.toBe('true');
    await form.getByLabel('Paid by').focus();
    await form.getByLabel('Paid by').selectOption({ label: 'Cash' });
    await world.shot('correct-form');
    await form.getByRole('button', { name: 'Send again' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Nothing needs attention.').waitFor();
    await expect.poll(() => page.getByTestId('sync-pending').textContent(), { timeout: 30_000 }).toBe('All sent');
    await world.shot('resolved');

    const entries = (await must(world.service, 'GET', `/client-debts/transactions/all?client_id=${shop.client}`, as)) as {
      kind: string;
      debt_amount: string;
      payment_type_id: string | null;
    }[];
    const repayments = entries.filter((one) => one.kind === 'transaction');
    expect(repayments).toEqual([expect.objectContaining({ debt_amount: '-50000', payment_type_id: cash })]);
    // The page reconnecting while the terminal process was deliberately stopped is expected; nothing else is.
    expect(world.pageProblems.filter((problem) => !problem.includes('ERR_CONNECTION_REFUSED'))).toEqual([]);
  });
});
