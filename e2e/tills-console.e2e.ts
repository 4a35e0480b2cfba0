/**
 * The console's Add-a-till page as an owner meets it, in Chromium at 1024×768 in uz, ru and en, against a real
 * service with a fixture release in RELEASES_DIR (and one with an empty folder): a new till's code as text, QR code
 * and barcode with its kassa:// link; "Download for Windows" saving the installer named with its code and the
 * provisioning file beside it; and, with nothing published, how to publish. No CSP violation or script error may be
 * reported. Screenshots go to e2e/artifacts/tills-*.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator, type Language } from '../console/i18n/index.js';
import { DEMO_BUSINESS } from '../scripts/demo/demo-data.js';
import { newDemoCredentials, seedDemo } from '../scripts/demo/seed-demo.js';
import { serviceApi } from '../scripts/demo/service-api.js';
import { fixtureRelease } from '../test/helpers/fixture-release.js';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, startService, type Service } from './harness.js';

const LANGUAGES: readonly Language[] = ['uz', 'ru', 'en'];

async function serviceWith(releasesDir: string, dataDir: string): Promise<{ service: Service; owner: { login: string; password: string } }> {
  // startService passes its own environment on: this is the service's RELEASES_DIR.
  process.env.RELEASES_DIR = releasesDir;
  const service = await startService(dataDir);
  delete process.env.RELEASES_DIR;
  const credentials = newDemoCredentials(DEMO_BUSINESS);
  await seedDemo(serviceApi(service.url), DEMO_BUSINESS, credentials);
  return { service, owner: { login: credentials.login, password: credentials.password } };
}

describe('the Add-a-till page, end to end in three languages', () => {
  let dir: string;
  let published: Awaited<ReturnType<typeof serviceWith>>;
  let empty: Awaited<ReturnType<typeof serviceWith>>;
  let browser: Browser;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kassa-tills-e2e-'));
    published = await serviceWith(fixtureRelease().dir, join(dir, 'published'));
    empty = await serviceWith(fixtureRelease({ empty: true }).dir, join(dir, 'empty'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await published?.service.stop();
    await empty?.service.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function signedIn(language: Language, world: typeof published) {
    const t = translator(language);
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, acceptDownloads: true });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    await page.goto(`${world.service.url}/sign-in`);
    await page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
    await page.getByLabel(t('signIn.login')).fill(world.owner.login);
    await page.getByLabel(t('signIn.password'), { exact: true }).fill(world.owner.password);
    await page.getByRole('button', { name: t('signIn.submit'), exact: true }).click();
    const nav = page.getByRole('navigation', { name: t('nav.label') });
    await nav.waitFor();
    await nav.getByRole('link', { name: t('page.tills') }).click();
    await page.getByRole('heading', { name: t('page.tills') }).waitFor();
    return { t, page, context, problems };
  }

  for (const language of LANGUAGES) {
    it(`in ${language}: adds a till — code, QR code, barcode, link — and downloads its installer with the provisioning file`, async () => {
      const { t, page, context, problems } = await signedIn(language, published);
      try {
        await page.getByRole('button', { name: t('tills.add') }).first().click();
        const code = (await page.getByTestId('enrollment-code').textContent())?.trim() ?? '';
        expect(code).toMatch(/^[0-9A-Z]{3}-[0-9A-Z]{3}-[0-9A-Z]{3}$/);
        await page.getByAltText(t('tills.qr')).waitFor();
        expect(await page.getByTestId('enroll-link').getAttribute('href')).toContain(`code=${code}`);
        await page.screenshot({ path: join(ARTIFACTS, `tills-${language}-01-new-till.png`) });

        const saved: string[] = [];
        page.on('download', (download) => saved.push(download.suggestedFilename()));
        await page.getByRole('button', { name: t('tills.downloadFor', { platform: 'Windows' }) }).click();
        await page.getByRole('status').filter({ hasText: '.kassa' }).waitFor();
        await expect.poll(() => saved.length).toBe(2);
        expect(saved[0]).toMatch(/^Kassa-Setup-0\.1\.0\.[0-9A-Z-]{11}\.exe$/);
        expect(saved[1]).toBe(saved[0]?.replace(/\.exe$/, '.kassa'));
        await page.screenshot({ path: join(ARTIFACTS, `tills-${language}-02-downloaded.png`) });
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`in ${language}: with an empty release folder, says how to publish a release`, async () => {
      const { t, page, context, problems } = await signedIn(language, empty);
      try {
        await page.getByTestId('how-to-publish').filter({ hasText: t('tills.noRelease') }).waitFor();
        await page.getByRole('button', { name: t('tills.add') }).first().click();
        await page.getByTestId('enrollment-code').waitFor();
        expect(await page.getByRole('button', { name: new RegExp(t('tills.downloadFor', { platform: 'Windows' })) }).isDisabled()).toBe(true);
        await page.screenshot({ path: join(ARTIFACTS, `tills-${language}-03-nothing-published.png`) });
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
