/**
 * The owner's console as an owner meets it, in Chromium at 1024×768 against a real central service: the demo
 * business seeded as `npm start` seeds it, then — in uz, ru and en — sign in as the demo owner, see a field-named
 * refusal in the language on screen, create a point of sale, a till at it and an employee at that till whose PIN is
 * shown once and then never again (and is the PIN that signs in at that till), and take a screenshot of every
 * page. No CSP violation or script error may be reported by the page. Screenshots go to e2e/artifacts/console-*.
 */
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator, type Language } from '../console/i18n/index.js';
import { DEMO_BUSINESS } from '../scripts/demo/demo-data.js';
import { newDemoCredentials, seedDemo } from '../scripts/demo/seed-demo.js';
import { serviceApi } from '../scripts/demo/service-api.js';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, must, startService, type Service } from './harness.js';

const LANGUAGES: readonly Language[] = ['uz', 'ru', 'en'];
const STRUCTURE_PAGES = ['/points', '/workplaces', '/warehouses', '/employees', '/roles', '/payment-methods', '/taxes', '/discounts'];

describe('the owner console, end to end in three languages', () => {
  let dir: string;
  let service: Service;
  let browser: Browser;
  let owner: { login: string; password: string };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kassa-console-e2e-'));
    mkdirSync(ARTIFACTS, { recursive: true });
    service = await startService(join(dir, 'service'));
    const credentials = newDemoCredentials(DEMO_BUSINESS);
    await seedDemo(serviceApi(service.url), DEMO_BUSINESS, credentials);
    owner = { login: credentials.login, password: credentials.password };
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await service?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  for (const language of LANGUAGES) {
    it(`in ${language}: signs in as the demo owner, creates a point, a till, an employee whose PIN is shown once and a tax typed the language's way`, async () => {
      const t = translator(language);
      // A fresh context: a new tab's sessionStorage, so each language starts signed out.
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        // The two refusals this test provokes (a wrong password: 401; an empty name: 400) are logged by Chromium as
        // failed loads; anything else — a CSP violation ("Refused to …"), a script error — is a problem.
        if (message.type() === 'error' && !/status of 40[01] /.test(message.text())) problems.push(`console error: ${message.text()}`);
      });
      let shots = 0;
      const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `console-${language}-${String(++shots).padStart(2, '0')}-${name}.png`) });

      try {
        await page.goto(`${service.url}/employees`);
        // Signed out: any console address leads to the sign-in page.
        await page.waitForURL(`${service.url}/sign-in`);
        await page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
        await page.getByRole('heading', { name: t('signIn.title') }).waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe(language);
        await shot('sign-in');
        await page.getByRole('link', { name: t('signIn.toRegister') }).click();
        await page.getByRole('heading', { name: t('register.title') }).waitFor();
        await shot('register');
        await page.getByRole('link', { name: t('register.toSignIn') }).click();
        await page.getByRole('heading', { name: t('signIn.title') }).waitFor();

        // A wrong password is refused in the language on screen.
        await page.getByLabel(t('signIn.login')).fill(owner.login);
        await page.getByLabel(t('signIn.password'), { exact: true }).fill('not-the-password');
        await page.getByRole('button', { name: t('signIn.submit'), exact: true }).click();
        await page.getByText(t('signIn.wrong')).waitFor();
        await shot('sign-in-wrong');

        await page.getByLabel(t('signIn.password'), { exact: true }).fill(owner.password);
        await page.getByRole('button', { name: t('signIn.submit'), exact: true }).click();
        const nav = page.getByRole('navigation', { name: t('nav.label') });
        await nav.waitFor();
        await page.getByRole('heading', { name: t('page.home') }).waitFor();
        await shot('home');
        // The token lives in this tab's sessionStorage only: never localStorage, never a cookie.
        const storage = await page.evaluate('({ local: JSON.stringify(localStorage), session: Object.keys(sessionStorage), cookie: document.cookie })');
        expect(storage).toMatchObject({ session: ['kassa.console.session'], cookie: '' });
        expect((storage as { local: string }).local).not.toMatch(/eyJ|token/);

        // Points: an empty name is refused under the field, in the language on screen.
        await nav.getByRole('link', { name: t('page.points') }).click();
        await page.getByRole('heading', { name: t('page.points') }).waitFor();
        await page.getByRole('button', { name: t('points.add') }).click();
        await page.getByRole('button', { name: t('common.save') }).click();
        await page.getByText(t('problem.required')).waitFor();
        await shot('point-refused');
        const pointName = `E2E nuqta ${language}`;
        await page.getByLabel(t('field.name')).fill(pointName);
        await page.getByRole('button', { name: t('common.save') }).click();
        await page.getByRole('cell', { name: pointName }).waitFor();
        await shot('points');

        // A till at that point.
        await nav.getByRole('link', { name: t('page.workplaces') }).click();
        await page.getByRole('heading', { name: t('page.workplaces') }).waitFor();
        await page.getByRole('button', { name: t('workplaces.add') }).click();
        const tillName = `E2E kassa ${language}`;
        await page.getByLabel(t('field.name')).fill(tillName);
        await page.getByLabel(t('field.point')).selectOption({ label: pointName });
        await shot('till-form');
        await page.getByRole('button', { name: t('common.save') }).click();
        await page.getByRole('cell', { name: tillName }).waitFor();
        await shot('tills');

        // An employee at that till, with a PIN the console draws: shown once.
        await nav.getByRole('link', { name: t('page.employees'), exact: true }).click();
        await page.getByRole('heading', { name: t('page.employees') }).waitFor();
        await page.getByRole('button', { name: t('employees.add') }).click();
        const employeeName = `E2E Xodim ${language}`;
        await page.getByLabel(t('field.fullName')).fill(employeeName);
        const roleOptions = await page.getByLabel(t('field.role')).locator('option').allTextContents();
        await page.getByLabel(t('field.role')).selectOption({ label: roleOptions[1] ?? '' });
        await page.getByLabel(t('field.workplace')).selectOption({ label: tillName });
        await page.getByLabel(t('field.phone')).fill('+998 90 123 45 67');
        await shot('employee-form');
        await page.getByRole('button', { name: t('common.save') }).click();
        await page.getByRole('heading', { name: t('employees.pinTitle', { name: employeeName }) }).waitFor();
        const pin = (await page.getByTestId('revealed-secret').textContent())?.trim() ?? '';
        expect(pin).toMatch(/^[0-9]{4}$/);
        await page.getByRole('cell', { name: employeeName }).waitFor();
        await shot('employee-pin-once');
        await page.getByRole('button', { name: t('pin.done') }).click();
        await page.getByTestId('revealed-secret').waitFor({ state: 'detached' });
        // Never again: not on the page, and not after a reload (the service keeps only its hash).
        expect(await page.locator('body').innerText()).not.toContain(pin);
        await page.reload();
        await page.getByRole('cell', { name: employeeName }).waitFor();
        expect(await page.locator('body').innerText()).not.toContain(pin);
        await shot('employees');

        // That PIN is the one that signs in at that till (an ordinary API call, as a terminal makes it).
        const { access_token: token } = await must(service, 'POST', '/auth/login', { body: owner });
        const workplaces = (await must(service, 'GET', '/business-config/workplaces/all', { token })) as { id: string; name: string }[];
        const till = workplaces.find((row) => row.name === tillName);
        expect(till).toBeDefined();
        const signedIn = await must(service, 'POST', '/auth/pos/login', { token, body: { workplaceId: till?.id, pincode: pin } });
        expect(JSON.stringify(signedIn)).toContain(employeeName);

        // A tax typed the language's way ("1 250,5" in uz and ru) reaches the service as the exact decimal "1250.5"
        // and is shown back the same way.
        await nav.getByRole('link', { name: t('page.taxes') }).click();
        await page.getByRole('button', { name: t('taxes.add') }).click();
        const taxName = `E2E soliq ${language}`;
        await page.getByLabel(t('field.name')).fill(taxName);
        await page.getByLabel(t('field.taxPercent')).fill(language === 'en' ? '12.5' : '12,5');
        await page.getByLabel(t('field.feeValue')).fill(language === 'en' ? '1,250.5' : '1 250,5');
        await page.getByRole('button', { name: t('common.save') }).click();
        await page.getByRole('cell', { name: taxName }).waitFor();
        const taxRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: taxName }) });
        await taxRow.getByRole('cell', { name: language === 'en' ? '1,250.5' : '1\u00a0250,5', exact: true }).waitFor();
        await taxRow.getByRole('cell', { name: language === 'en' ? '12.5' : '12,5', exact: true }).waitFor();
        const taxes = (await must(service, 'GET', '/finance/taxes/all', { token })) as { name: string; tax_percent: string; fee_value: string }[];
        expect(taxes.find((row) => row.name === taxName)).toMatchObject({ tax_percent: '12.5', fee_value: '1250.5' });

        // Every structure page, as it looks with the demo's records.
        for (const path of STRUCTURE_PAGES) {
          await page.goto(`${service.url}${path}`);
          await page.locator('table.records, p.empty').first().waitFor();
          await shot(`page${path.replace(/\//g, '-')}`);
        }

        await page.getByRole('button', { name: t('nav.signOut') }).click();
        await page.getByRole('heading', { name: t('signIn.title') }).waitFor();
        expect(await page.evaluate('Object.keys(sessionStorage)')).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('registers a new business: a short password is named under its field, then the new owner is signed in', async () => {
    const t = translator('en');
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    try {
      await page.goto(`${service.url}/register`);
      await page.getByRole('button', { name: 'EN', exact: true }).click();
      await page.getByRole('heading', { name: t('register.title') }).waitFor();
      const login = `e2e-${Date.now()}`;
      await page.getByLabel(t('register.businessName')).fill('Yangi Do‘kon');
      await page.getByLabel(t('register.name')).fill('Malika Tursunova');
      await page.getByLabel(t('register.login')).fill(login);
      await page.getByLabel(t('register.password')).fill('12345');
      await page.getByRole('button', { name: t('register.submit') }).click();
      await page.getByText(t('problem.minLength', { count: 6 })).waitFor();
      expect(await page.getByLabel(t('register.password')).getAttribute('aria-invalid')).toBe('true');
      await page.screenshot({ path: join(ARTIFACTS, 'console-en-30-register-refused.png') });

      await page.getByLabel(t('register.password')).fill('secret-123');
      await page.getByRole('button', { name: t('register.submit') }).click();
      await page.getByRole('heading', { name: t('page.home') }).waitFor();
      await page.getByText(t('nav.signedInAs', { name: 'Malika Tursunova' })).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      // The new business is its own tenant: the demo's points are not in it.
      await page.getByRole('navigation', { name: t('nav.label') }).getByRole('link', { name: t('page.points') }).click();
      await page.getByText(t('common.empty')).waitFor();
      await page.screenshot({ path: join(ARTIFACTS, 'console-en-31-registered-points.png') });
    } finally {
      await context.close();
    }
  });
});
