/**
 * The per-workplace download end to end (docs/downloads.md), in Chromium at 1024×768 against a real service with a
 * fixture release in RELEASES_DIR and the real terminal core in browser mode:
 * - the owner downloads the Windows installer: its name carries a fresh code, its signed provisioning file comes
 *   along; a terminal started with that file enrolls itself — nobody types — and reaches PIN sign-in;
 * - a terminal started with a file whose code was used meanwhile says so, keeps the signed address, and connects
 *   when a new code (from "Add a till") is pasted;
 * - `#enroll=<server>&code=<code>` in the terminal's address fills the form, and Connect enrolls.
 * The installers are fixture bytes: nothing here builds or runs an installer.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JWK } from 'jose';
import { startBrowserMode, type BrowserMode } from '../main/browser-mode.js';
import { fixtureRelease, sha512 } from '../test/helpers/fixture-release.js';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, must, ROOT, startService, type Service } from './harness.js';
import { seedShop, type Shop } from './shop.js';

describe('a till installed from its workplace’s download', () => {
  const release = fixtureRelease();
  let dir: string;
  let service: Service;
  let shop: Shop;
  let keys: JWK[];
  let browser: Browser;
  const terminals: BrowserMode[] = [];
  let shots = 0;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kassa-e2e-download-'));
    // startService passes its own environment on: the release folder is the service's RELEASES_DIR.
    process.env.RELEASES_DIR = release.dir;
    service = await startService(join(dir, 'service'));
    delete process.env.RELEASES_DIR;
    shop = await seedShop(service);
    keys = ((await (await fetch(`${service.url}/downloads/provisioning-key`)).json()) as { keys: JWK[] }).keys;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    for (const terminal of terminals) await terminal.close().catch(() => undefined);
    await service?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** A till as installed on a new machine: its own data, started with the files its installer left. */
  async function newTill(name: string, provisioningFiles: string[] = []): Promise<BrowserMode> {
    const terminal = await startBrowserMode({
      coreOptions: { dataDir: join(dir, name), provisioningFiles, trustedProvisioningKeys: keys },
      rootDir: ROOT,
      log: () => {},
    });
    terminals.push(terminal);
    return terminal;
  }

  async function openPage(url: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await page.goto(url);
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    return page;
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `provisioning-${String((shots += 1)).padStart(2, '0')}-${name}.png`) });

  /** What the console's download button saves: the installer and, beside it, its provisioning file. */
  async function download(platform: string): Promise<{ installer: string; file: string; code: string }> {
    const response = await fetch(`${service.url}/downloads/${shop.workplace}/${platform}`, { headers: { authorization: `Bearer ${shop.token}` } });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    const code = response.headers.get('kassa-enrollment-code') ?? '';
    const installerName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? '';
    const downloads = await mkdtemp(join(dir, 'downloads-'));
    const installer = join(downloads, installerName);
    const file = join(downloads, response.headers.get('kassa-provisioning-file-name') ?? '');
    await writeFile(installer, bytes);
    await writeFile(file, response.headers.get('kassa-provisioning') ?? '');
    expect(sha512(bytes)).toBe(sha512(release.bytes[platform as 'windows']));
    return { installer, file, code };
  }

  it('downloads the installer named with a fresh code and a signed file, and the till enrolls itself with it', async () => {
    const { installer, file, code } = await download('windows');
    expect(installer.endsWith(`Kassa-Setup-0.1.0.${code}.exe`)).toBe(true);
    expect(file.endsWith(`Kassa-Setup-0.1.0.${code}.kassa`)).toBe(true);
    const terminal = await newTill('till-provisioned', [file]);
    const page = await openPage(terminal.host.url);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 60_000 });
    await shot(page, 'enrolled-by-itself');
    expect(await terminal.core.invoke('terminal.enrollmentStatus', undefined)).toMatchObject({
      enrolled: true,
      till: 'Till 1',
      provisioning: { state: 'enrolled', serviceUrl: service.url, workplace: 'Till 1' },
    });
    // Nobody typed: the enrollment form was never sent from the page.
    await page.close();
  });

  it('says a used code was refused, keeps the signed address, and connects with a new code pasted', async () => {
    const { file, code } = await download('linux');
    await must(service, 'POST', '/sync/enroll', { body: { code, name: 'someone else' } });
    const terminal = await newTill('till-used-code', [file]);
    const page = await openPage(terminal.host.url);
    const notice = page.getByTestId('provisioning');
    await notice.filter({ hasText: 'already used or has expired' }).waitFor();
    expect(await page.getByLabel('Service address').inputValue()).toBe(service.url);
    await shot(page, 'used-code');
    // The same screen in the other two languages (the refusal is ours, so it is translated).
    for (const language of ['UZ', 'RU']) {
      await page.getByRole('button', { name: language, exact: true }).click();
      await shot(page, `used-code-${language.toLowerCase()}`);
    }
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    const fresh = await (await fetch(`${service.url}/downloads/${shop.workplace}/enrollment`, { method: 'POST', headers: { authorization: `Bearer ${shop.token}` } })).json() as { code: string };
    await page.getByLabel('Enrollment code').fill(fresh.code);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Download complete' }).waitFor({ timeout: 60_000 });
    await shot(page, 'used-code-then-pasted');
    expect(await terminal.core.invoke('terminal.enrollmentStatus', undefined)).toMatchObject({ enrolled: true });
    await page.close();
  });

  it('fills the form from #enroll=<server>&code=<code> in the address, and enrolls when Connect is pressed', async () => {
    const fresh = await (await fetch(`${service.url}/downloads/${shop.workplace}/enrollment`, { method: 'POST', headers: { authorization: `Bearer ${shop.token}` } })).json() as { code: string };
    const terminal = await newTill('till-link');
    const page = await openPage(`${terminal.host.url}&${new URLSearchParams({ enroll: service.url, code: fresh.code }).toString()}`);
    await page.getByTestId('enroll-offer').waitFor();
    expect(await page.getByLabel('Service address').inputValue()).toBe(service.url);
    expect(await page.getByLabel('Enrollment code').inputValue()).toBe(fresh.code);
    // The address bar keeps neither the secret nor the code.
    expect(new URL(page.url()).hash).toBe('');
    await shot(page, 'link-filled');
    for (const language of ['UZ', 'RU']) {
      await page.getByRole('button', { name: language, exact: true }).click();
      await shot(page, `link-filled-${language.toLowerCase()}`);
    }
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    expect(await terminal.core.invoke('terminal.enrollmentStatus', undefined)).toMatchObject({ enrolled: false });
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('heading', { name: 'Download complete' }).waitFor({ timeout: 60_000 });
    expect(await terminal.core.invoke('terminal.enrollmentStatus', undefined)).toMatchObject({ enrolled: true });
    await page.close();
  });
});
