/**
 * The Electron app's entry (bundled by build.ts into `dist/main/electron-main.cjs`, beside `preload.cjs`,
 * `core-worker.cjs` and `core.cjs`). Development runs (`npm start`) may point the core at a data directory and a
 * central service through `KASSA_DATA_DIR` and `KASSA_SERVICE_URL`; a packaged app keeps its data in the user data
 * directory and learns its service at enrollment.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app } from 'electron';
import { WorkerHost } from './core/worker-host.js';
import { prepareShell, startShell } from './shell.js';
import type { UpdateGate } from './updater.js';
import { createUpdateGate } from './updater.js';

const log = (line: string) => console.log(`[kassa] ${line}`);
/** The bundle's own directory (build.ts defines `import.meta.url` in its CommonJS output). */
const here = dirname(fileURLToPath(import.meta.url));

prepareShell();

async function updateGate(core: WorkerHost): Promise<UpdateGate | undefined> {
  if (!app.isPackaged) return undefined;
  const { autoUpdater } = await import('electron-updater');
  return createUpdateGate({ updater: autoUpdater, pendingOperations: () => core.pendingOperations(), log });
}

async function main(): Promise<void> {
  const development = !app.isPackaged;
  const dataDir = (development && process.env.KASSA_DATA_DIR) || join(app.getPath('userData'), 'terminal');
  const serviceUrl = development ? process.env.KASSA_SERVICE_URL : undefined;
  const core = new WorkerHost({
    entry: join(here, 'core-worker.cjs'),
    coreModule: join(here, 'core.cjs'),
    coreOptions: { dataDir, appVersion: app.getVersion(), ...(serviceUrl ? { serviceUrl } : {}) },
    log,
  });
  await startShell({
    preload: join(here, 'preload.cjs'),
    rendererDir: join(app.getAppPath(), 'renderer', 'dist'),
    core,
    updates: await updateGate(core),
    devTools: development,
    log,
  });
}

main().catch((error: unknown) => {
  console.error('[kassa] the terminal could not start', error);
  app.exit(1);
});
