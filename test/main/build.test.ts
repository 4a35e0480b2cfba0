import { mkdtempSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShell, ROOT } from '../../main/build.js';
import { WorkerHost } from '../../main/core/worker-host.js';

let outDir: string;

beforeAll(async () => {
  // Inside the checkout, as in the packaged app: the bundles find better-sqlite3 in node_modules above them.
  await mkdir(join(ROOT, 'dist'), { recursive: true });
  outDir = await buildShell(await mkdtemp(join(ROOT, 'dist', 'test-shell-')));
}, 60_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('the Electron bundles', () => {
  it('build into one CommonJS file each, with electron and the native module left to the runtime', async () => {
    const main = await readFile(join(outDir, 'electron-main.cjs'), 'utf8');
    expect(main).toContain('require("electron")');
    expect(main).not.toContain('better_sqlite3.node');
    const preload = await readFile(join(outDir, 'preload.cjs'), 'utf8');
    expect(preload).toContain('exposeInMainWorld("kassa"');
    // The sandboxed preload carries the contract and nothing of the catalogue, zod or Node.
    expect(preload).not.toMatch(/require\("(node:)?(fs|path|child_process)"\)|zod|catalogue/);
  });

  it('run the core in a worker from the built files, as the packaged app does', async () => {
    const core = new WorkerHost({
      entry: join(outDir, 'core-worker.cjs'),
      coreModule: join(outDir, 'core.cjs'),
      coreOptions: { dataDir: mkdtempSync(join(tmpdir(), 'kassa-built-core-')) },
    });
    try {
      await core.start();
      expect(await core.pendingOperations()).toBe(0);
      expect(await core.invoke('terminal.enrollmentStatus', undefined)).toEqual({ enrolled: false, disconnected: false, business: null, till: null, point: null, scope: null });
      await expect(core.invoke('ReceiptController_findAll', { params: {} })).rejects.toMatchObject({ statusCode: 401 });
    } finally {
      await core.close();
    }
  });

  it('start as an app: the built main opens its secure window, starts the core in its worker and answers IPC through the bridge', async () => {
    // Electron's runtime is faked (the binary is not installed here); everything else is the built bundle.
    const { stdout } = await promisify(execFile)(process.execPath, ['--require', join(import.meta.dirname, 'fixtures', 'electron-runtime.cjs'), join(outDir, 'electron-main.cjs')], {
      cwd: outDir,
      timeout: 30_000,
    });
    const report = JSON.parse(/^REPORT (.*)$/m.exec(stdout)![1]!);
    expect(report.sandbox).toBe(true);
    expect(report.handled).toEqual(['kassa']);
    expect(report.windows).toHaveLength(1);
    expect(report.windows[0].webPreferences).toMatchObject({ preload: join(outDir, 'preload.cjs'), sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(report.calls).toEqual([
      { ok: true, value: expect.objectContaining({ online: false, pendingOperations: 0 }) },
      { ok: false, error: { statusCode: 400, message: ['body.name is required'] } },
    ]);
  });
});
