/**
 * Rights at the till and in the console (issue 28 §2), end to end in Chromium at 1024×768: a cashier whose role
 * grants nothing signs in, finds goods receipts locked ("Needs a manager"), a manager types their PIN on the
 * cashier's screen, and the cashier — still signed in — conducts a receipt under the manager's override, which the
 * service then holds; closing the receipt locks the screen again. In the console the owner ticks a right on the
 * cashier's role and saves, the role's other names kept, and the till — the cashier still signed in — unlocks goods
 * receipts at its next sync. The locked screen, the PIN dialog and the roles
 * page are photographed in uz, ru and en (e2e/artifacts/rights-*.png; SHOTS_DIR copies them elsewhere).
 */
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator as consoleTranslator } from '../console/i18n/index.js';
import { translator } from '../renderer/i18n/index.js';
import { ARTIFACTS, must, startWorld, type World } from './harness.js';
import { seedShop, type Shop } from './shop.js';

const TRAINEE_PIN = '2718';
const MANAGER_PIN = '9753';
const LANGUAGES = ['uz', 'ru', 'en'] as const;

describe('rights at the till and in the console', () => {
  let world: World;
  let shop: Shop;
  let traineeRole: string;

  beforeAll(async () => {
    world = await startWorld('rights');
    shop = await seedShop(world.service);
    const as = { token: shop.token };
    // A role that grants nothing Kassa knows (a reference client's free text only), and a manager.
    traineeRole = (await must(world.service, 'POST', '/employee-role/create', { ...as, body: { name: 'Trainee', access_resources: ['orders.view'] } })).id;
    const managers = (await must(world.service, 'POST', '/employee-role/create', { ...as, body: { name: 'Manager', access_resources: ['MANAGER'] } })).id;
    await must(world.service, 'POST', '/employee/create', { ...as, body: { full_name: 'Bobur Trainee', role_id: traineeRole, password: TRAINEE_PIN, workplace_id: shop.workplace } });
    await must(world.service, 'POST', '/employee/create', { ...as, body: { full_name: 'Rustam Manager', role_id: managers, password: MANAGER_PIN, workplace_id: shop.workplace } });
    const { code } = await must(world.service, 'POST', '/sync/enrollment-codes', { ...as, body: { workplaceId: shop.workplace } });
    await world.terminal.core.invoke('terminal.enroll', { serviceUrl: world.service.url, code, name: 'Till 1 (rights)' });
  });
  afterAll(async () => {
    if (process.env.SHOTS_DIR) {
      mkdirSync(process.env.SHOTS_DIR, { recursive: true });
      for (const file of readdirSync(ARTIFACTS).filter((name) => name.startsWith('rights-'))) copyFileSync(join(ARTIFACTS, file), join(process.env.SHOTS_DIR, file));
    }
    await world?.close();
  });

  it('locks goods receipts for a cashier without the right, and a manager’s PIN opens one receipt for them', async () => {
    const { page } = world;
    await page.goto(world.terminal.host.url);
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.keyboard.type(TRAINEE_PIN);
    await page.keyboard.press('Enter');
    await page.getByTestId('employee-name').filter({ hasText: 'Bobur Trainee' }).waitFor();
    await page.getByTestId('nav-locked-receipts').waitFor();
    await page.keyboard.press('F4');
    const locked = page.getByTestId('locked');
    await locked.waitFor();

    for (const language of LANGUAGES) {
      const t = translator(language);
      await page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
      await locked.getByRole('heading', { name: t('rights.locked') }).waitFor();
      await expect(locked.textContent()).resolves.toContain(t('rights.right.STOCK'));
      await world.shot(`locked-${language}`);
      await locked.getByRole('button', { name: t('rights.managerPin') }).click();
      await page.getByTestId('manager-approval').waitFor();
      await world.shot(`manager-pin-${language}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('manager-approval').waitFor({ state: 'detached' });
    }

    // English from here: a wrong PIN first, then the manager's.
    await locked.getByRole('button', { name: 'Manager’s PIN' }).click();
    const dialog = page.getByTestId('manager-approval');
    await page.keyboard.type('0000');
    await page.keyboard.press('Enter');
    await dialog.getByText('Wrong PIN.').waitFor();
    await page.keyboard.type(TRAINEE_PIN);
    await page.keyboard.press('Enter');
    await dialog.getByText('This PIN is not a manager’s: a manager must approve.').waitFor();
    await page.keyboard.type(MANAGER_PIN);
    await page.keyboard.press('Enter');
    await page.getByTestId('manager-override').filter({ hasText: 'Approved by Rustam Manager' }).waitFor();
    await world.shot('override-en');

    await page.getByRole('button', { name: 'New receipt' }).click();
    await page.getByLabel('Supplier').selectOption({ label: 'Toshkent Choy Savdo' });
    await page.getByRole('combobox', { name: 'Add an item: name or barcode' }).focus();
    await page.keyboard.type('4780000000017');
    await page.keyboard.press('Enter');
    await page.getByTestId('receipt-line').waitFor();
    await page.getByLabel('Quantity, Green tea 100 g', { exact: true }).fill('5');
    await page.getByLabel('Price, Green tea 100 g', { exact: true }).fill('9000');
    await page.getByRole('button', { name: 'Conduct' }).click();
    await page.getByText('Conducted: the goods are in stock.').waitFor();
    await world.shot('receipt-conducted-en');
    // The cashier is still the one signed in.
    await expect(page.getByTestId('employee-name').textContent()).resolves.toBe('Bobur Trainee');
    // Closing the receipt ends the override: the next one asks again.
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await locked.waitFor();

    // The service has the receipt, sent by the till under the manager's name.
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect
      .poll(async () => ((await must(world.service, 'GET', '/receipt/all', { token: shop.token })) as { conducted?: boolean }[]).length, { timeout: 30_000 })
      .toBe(1);
    expect(world.pageProblems).toEqual([]);
  });

  it('in the console, ticks a right on the cashier’s role and saves it, keeping the names Kassa does not use', async () => {
    const page = await world.browser.newPage({ viewport: { width: 1024, height: 768 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    try {
      let t = consoleTranslator('en');
      await page.goto(`${world.service.url}/roles`);
      await page.getByLabel(t('signIn.login')).fill(shop.login);
      await page.getByLabel(t('signIn.password'), { exact: true }).fill(shop.password);
      await page.getByRole('button', { name: t('signIn.submit'), exact: true }).click();
      // Signed in, the console opens on its overview: Roles from the navigation.
      await page.getByRole('navigation').getByRole('link', { name: t('page.roles') }).click();
      const row = page.getByRole('row').filter({ hasText: 'Trainee' });
      await row.waitFor();
      for (const language of LANGUAGES) {
        t = consoleTranslator(language);
        await page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
        await page.getByRole('heading', { name: t('page.roles') }).first().waitFor();
        if (!(await page.locator('fieldset.rights').isVisible())) await row.getByRole('button', { name: t('common.edit') }).click();
        await page.getByTestId('kept-names').waitFor();
        await page.screenshot({ path: join(ARTIFACTS, `rights-console-roles-${language}.png`) });
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1024);
      }
      // The whole editor, its kept names and Save below the fold at 1024×768.
      await page.screenshot({ path: join(ARTIFACTS, 'rights-console-roles-full-en.png'), fullPage: true });
      // en last: tick goods receipts and stock, save.
      await page.getByRole('checkbox', { name: new RegExp(`^${t('rights.STOCK')}`) }).check();
      await page.getByRole('button', { name: t('common.save') }).click();
      await page.getByText(t('common.saved')).waitFor();
      await page.screenshot({ path: join(ARTIFACTS, 'rights-console-roles-saved-en.png') });
      const role = await must(world.service, 'GET', `/employee-role/${traineeRole}`, { token: shop.token });
      expect(role.access_resources).toEqual(['STOCK', 'orders.view']);
      expect(problems).toEqual([]);
      // The till, the cashier still signed in: the next sync brings the role, and goods receipts open without a PIN.
      await world.page.getByRole('button', { name: 'Sync now' }).click();
      await world.page.getByTestId('nav-locked-receipts').waitFor({ state: 'detached', timeout: 30_000 });
      await world.page.getByRole('button', { name: 'New receipt' }).waitFor();
      await world.page.getByTestId('nav-locked-stock').waitFor({ state: 'detached' });
      await world.shot('unlocked-en');
    } finally {
      await page.close();
    }
  });
});
