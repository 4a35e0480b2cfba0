/**
 * The Electron app's entry (bundled by build.ts into `dist/main/electron-main.cjs`, beside `preload.cjs`,
 * `core-worker.cjs` and `core.cjs`). Development runs (`npm start`) may point the core at a data directory and a
 * central service through `KASSA_DATA_DIR` and `KASSA_SERVICE_URL`; a packaged app keeps its data in the user data
 * directory and learns its service at enrollment — typed, from a `kassa://enroll` link confirmed on screen, or from
 * the signed provisioning file of its download (docs/downloads.md). Updates come from that service's `/releases/`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app } from 'electron';
import { WorkerHost } from './core/worker-host.js';
import { prepareShell, startShell } from './shell.js';
import type { UpdateGate } from './updater.js';
import { createUpdateGate, releasesFeedOf } from './updater.js';
import { installedProvisioningFiles, launchRequests } from './provisioning/launch-requests.js';
import { trustedKeysFrom, TRUSTED_KEYS_FILE } from './provisioning/trusted-keys.js';

const log = (line: string) => console.log(`[kassa] ${line}`);
/** The bundle's own directory (build.ts defines `import.meta.url` in its CommonJS output). */
const here = dirname(fileURLToPath(import.meta.url));

prepareShell();

async function updateGate(core: WorkerHost): Promise<UpdateGate | undefined> {
  if (!app.isPackaged) return undefined;
  const { autoUpdater } = await import('electron-updater');
  return createUpdateGate({
    updater: autoUpdater,
    pendingOperations: () => core.pendingOperations(),
    log,
    feedUrl: async () => {
      const status = (await core.invoke('terminal.enrollmentStatus', undefined)) as { enrolled: boolean; serviceUrl?: string };
      return status.enrolled && status.serviceUrl ? releasesFeedOf(status.serviceUrl) : undefined;
    },
  });
}

/** The keys whose provisioning files this build trusts: written beside the bundles by `npm run dist`. */
function trustedKeys(development: boolean) {
  const fromBuild = (() => {
    try {
      return readFileSync(join(here, TRUSTED_KEYS_FILE), 'utf8');
    } catch {
      return undefined;
    }
  })();
  return trustedKeysFrom(fromBuild ?? (development ? process.env.KASSA_PROVISIONING_KEYS : undefined), log);
}

async function main(): Promise<void> {
  const development = !app.isPackaged;
  const dataDir = (development && process.env.KASSA_DATA_DIR) || join(app.getPath('userData'), 'terminal');
  const serviceUrl = development ? process.env.KASSA_SERVICE_URL : undefined;
  // The development switch for plain-http services on other machines; a packaged build never honours it.
  const allowInsecureService = development && process.env.KASSA_ALLOW_INSECURE_SERVICE === '1';
  if (allowInsecureService) log('KASSA_ALLOW_INSECURE_SERVICE=1: plain-http service addresses are accepted (development only)');
  const provisioningFiles = [
    ...launchRequests(process.argv.slice(1)).provisioningFiles,
    ...(development ? [] : installedProvisioningFiles(process.execPath, process.env.APPIMAGE)),
  ];
  const core = new WorkerHost({
    entry: join(here, 'core-worker.cjs'),
    coreModule: join(here, 'core.cjs'),
    coreOptions: { dataDir, appVersion: app.getVersion(), ...(serviceUrl ? { serviceUrl } : {}), provisioningFiles, trustedProvisioningKeys: trustedKeys(development), allowInsecureService },
    log,
  });
  await startShell({
    preload: join(here, 'preload.cjs'),
    rendererDir: join(app.getAppPath(), 'renderer', 'dist'),
    core,
    updates: await updateGate(core),
    devTools: development,
    log,
    argv: process.argv.slice(1),
    // The core reads provisioning files at its start: an unenrolled till restarts with the file it was handed.
    onProvisioningFile: (path) => {
      void (core.invoke('terminal.enrollmentStatus', undefined) as Promise<{ enrolled: boolean }>).then(({ enrolled }) => {
        if (enrolled) return log('a provisioning file was opened, but this till is already enrolled; ignored');
        app.relaunch({ args: [...process.argv.slice(1).filter((argument) => !argument.endsWith('.kassa')), path] });
        app.quit();
      });
    },
  });
}

main().catch((error: unknown) => {
  console.error('[kassa] the terminal could not start', error);
  app.exit(1);
});
