/**
 * Updates: checked at start and every few hours, downloaded in the background, installed only when the app
 * quits — and only if the outbox is empty. A new version may migrate the local store or speak a newer protocol;
 * operations queued by this version are sent by this version first. With operations pending at quit, the install
 * is postponed (nothing is lost: the download stays cached) and tried again at the next quit; the app never
 * restarts itself under a cashier to install.
 *
 * The feed is the service the till is enrolled with (`<service>/releases/`, docs/downloads.md), and only over
 * HTTPS: an update is code the till will run, so a feed anyone on the path could answer is never asked.
 */
import type { AppUpdater } from 'electron-updater';

/** The part of electron-updater's `autoUpdater` the gate uses (a fake in tests). */
export type UpdaterPort = Pick<AppUpdater, 'autoDownload' | 'autoInstallOnAppQuit' | 'allowDowngrade' | 'allowPrerelease' | 'checkForUpdates' | 'quitAndInstall' | 'setFeedURL'> & {
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
  /**
   * The feed to ask, read before every check: the enrolled service's `/releases/` (undefined before enrollment).
   * Absent, the feed the build was made with (app-update.yml) is used.
   */
  readonly feedUrl?: () => Promise<string | undefined>;
}

/** The updater's feed at a service: its `/releases/` folder. */
export function releasesFeedOf(serviceUrl: string): string {
  return new URL('releases/', serviceUrl.endsWith('/') ? serviceUrl : `${serviceUrl}/`).href;
}

/** Why a feed may not be asked, or null: only an https URL without credentials. */
export function updateFeedProblem(feed: string | undefined): string | null {
  if (feed === undefined) return 'this till is not enrolled yet';
  let url: URL;
  try {
    url = new URL(feed);
  } catch {
    return 'the update feed is not a URL';
  }
  if (url.protocol !== 'https:') return `the update feed must be https, not ${url.protocol.replace(':', '')}`;
  if (url.username !== '' || url.password !== '') return 'the update feed must not carry credentials';
  return null;
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

export function createUpdateGate({ updater, pendingOperations, log, checkIntervalMs = 4 * 60 * 60 * 1000, feedUrl }: UpdateGateOptions): UpdateGate {
  let downloaded: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let feed: string | undefined;
  let lastProblem: string | null = null;

  const ask = () => {
    updater.checkForUpdates().catch((error: unknown) => log(`update check failed: ${error instanceof Error ? error.message : String(error)}`));
  };
  const check = () => {
    if (!feedUrl) return ask();
    feedUrl().then(
      (url) => {
        const problem = updateFeedProblem(url);
        if (problem) {
          if (problem !== lastProblem) log(`updates not checked: ${problem}`);
          lastProblem = problem;
          return;
        }
        lastProblem = null;
        if (url !== feed) {
          updater.setFeedURL({ provider: 'generic', url: url as string });
          feed = url;
        }
        ask();
      },
      (error: unknown) => log(`update check failed: the feed could not be read (${error instanceof Error ? error.message : String(error)})`),
    );
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
