/**
 * The desktop window itself, through Playwright's Electron support: the real Electron binary opens the shell
 * (`dist/main/electron-main.cjs`, built by `buildShell`), which runs the terminal core in its worker and shows the
 * renderer from `kassa://app/`. Where the binary is not installed — this machine cannot download it — the test is
 * skipped and the reason printed; everything the window relies on also runs in browser mode (smoke, outage).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { buildShell } from '../main/build.js';
import { findElectronBinary } from '../main/electron-binary.js';
import { ARTIFACTS, ROOT, startService, type Service } from './harness.js';

const binary = findElectronBinary();
if (!binary.available)
  console.log(`e2e: the Electron window test is skipped: Electron's binary is not installed (${binary.reason})`);

describe.skipIf(!binary.available)('the Electron window, end to end', () => {
  let service: Service | undefined;
  let dir: string | undefined;
  afterAll(async () => {
    await service?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('opens one isolated window showing the terminal, with only the bridge exposed to the page', async () => {
    if (!binary.available) return;
    dir = await mkdtemp(join(tmpdir(), 'kassa-e2e-electron-'));
    service = await startService(join(dir, 'service'));
    await buildShell();
    const env: Record<string, string> = { KASSA_SERVICE_URL: service.url, KASSA_DATA_DIR: join(dir, 'terminal') };
    for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !(name in env)) env[name] = value;
    delete env.ELECTRON_RUN_AS_NODE; // would start Electron as plain Node
    const app = await electron.launch({ executablePath: binary.path, args: ['.'], cwd: ROOT, env });
    try {
      const window = await app.firstWindow();
      await window.getByRole('heading', { name: 'Kassani ulash' }).waitFor({ timeout: 30_000 });
      expect(new URL(window.url()).protocol).toBe('kassa:');
      // No Node in the page: only `window.kassa`, with exactly invoke and on.
      expect(await window.evaluate('typeof require + "," + typeof process')).toBe('undefined,undefined');
      expect(await window.evaluate('Object.keys(window.kassa).sort().join(",")')).toBe('invoke,on');
      await expect(window.evaluate('window.kassa.invoke("terminal.enrollmentStatus")')).resolves.toEqual({ enrolled: false });
      expect(app.windows()).toHaveLength(1);
      await window.screenshot({ path: join(ARTIFACTS, 'electron-01-first-window.png') });
    } finally {
      await app.close();
    }
  });
});
