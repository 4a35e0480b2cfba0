/**
 * Updates: checked at start and every few hours, downloaded in the background, installed only when the app
 * quits — and only if the outbox is empty. A new version may migrate the local store or speak a newer protocol;
 * operations queued by this version are sent by this version first. With operations pending at quit, the install
 * is postponed (nothing is lost: the download stays cached) and tried again at the next quit; the app never
 * restarts itself under a cashier to install.
 */
import type { AppUpdater } from 'electron-updater';

/** The part of electron-updater's `autoUpdater` the gate uses (a fake in tests). */
export type UpdaterPort = Pick<AppUpdater, 'autoDownload' | 'autoInstallOnAppQuit' | 'allowDowngrade' | 'allowPrerelease' | 'checkForUpdates' | 'quitAndInstall'> & {
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
};

export interface UpdateGateOptions {
  readonly updater: UpdaterPort;
  /** The core's outbox size (`TerminalCore.pendingOperations`). */
  readonly pendingOperations: () => Promise<number>;
  readonly log: (line: string) => void;
  /** How often to look for a new version. Default 4 hours. */
  readonly checkIntervalMs?: number;
}

export interface UpdateGate {
  /** Configures the updater, checks now and then periodically. */
  start(): void;
  stop(): void;
  /** The version downloaded and waiting for a quit, if any. */
  readonly downloadedVersion: string | undefined;
  /**
   * Decides at quit: true (and the caller runs `installOnQuit`) only with an update downloaded and the outbox
   * empty; false otherwise, including when the outbox cannot be read.
   */
  shouldInstallOnQuit(): Promise<boolean>;
  /** Installs silently and does not relaunch (the cashier chose to quit). */
  installOnQuit(): void;
}

export function createUpdateGate({ updater, pendingOperations, log, checkIntervalMs = 4 * 60 * 60 * 1000 }: UpdateGateOptions): UpdateGate {
  let downloaded: string | undefined;
  let timer: NodeJS.Timeout | undefined;

  const check = () => {
    updater.checkForUpdates().catch((error: unknown) => log(`update check failed: ${error instanceof Error ? error.message : String(error)}`));
  };

  return {
    start() {
      updater.autoDownload = true;
      // Never electron-updater's own install-on-quit: the gate decides, with the outbox in view.
      updater.autoInstallOnAppQuit = false;
      updater.allowDowngrade = false;
      updater.allowPrerelease = false;
      updater.on('update-downloaded', (info) => {
        downloaded = info.version;
        log(`update ${info.version} downloaded; it installs when the app quits with no operations pending`);
      });
      updater.on('error', (error) => log(`updater error: ${error.message}`));
      check();
      timer = setInterval(check, checkIntervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    get downloadedVersion() {
      return downloaded;
    },
    async shouldInstallOnQuit() {
      if (!downloaded) return false;
      let pending: number;
      try {
        pending = await pendingOperations();
      } catch (error) {
        log(`update ${downloaded} postponed: the outbox could not be read (${error instanceof Error ? error.message : String(error)})`);
        return false;
      }
      if (pending > 0) {
        log(`update ${downloaded} postponed: ${pending} operation(s) not yet sent; it is tried again at the next quit`);
        return false;
      }
      return true;
    },
    installOnQuit() {
      updater.quitAndInstall(true, false);
    },
  };
}
