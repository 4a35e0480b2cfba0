import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUpdateGate, releasesFeedOf, updateFeedProblem, type UpdaterPort } from '../../main/updater.js';

class FakeUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = true;
  allowDowngrade = true;
  allowPrerelease = true;
  checks = 0;
  installs: unknown[][] = [];
  failChecks = false;
  async checkForUpdates() {
    this.checks += 1;
    if (this.failChecks) throw new Error('offline');
    return null;
  }
  quitAndInstall(...args: unknown[]) {
    this.installs.push(args);
  }
}

function gate(pending: () => Promise<number>, options: { checkIntervalMs?: number } = {}) {
  const updater = new FakeUpdater();
  const lines: string[] = [];
  const updates = createUpdateGate({ updater: updater as unknown as UpdaterPort, pendingOperations: pending, log: (line) => lines.push(line), ...options });
  return { updater, lines, updates };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the update gate', () => {
  it('downloads in the background and leaves installing to the gate, never to electron-updater’s own quit hook', () => {
    const { updater, updates } = gate(async () => 0);
    updates.start();
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(false);
    expect(updater.allowDowngrade).toBe(false);
    expect(updater.allowPrerelease).toBe(false);
    updates.stop();
  });

  it('checks at start and again every interval, and a failed check is only logged', async () => {
    vi.useFakeTimers();
    const { updater, updates, lines } = gate(async () => 0, { checkIntervalMs: 1_000 });
    updater.failChecks = true;
    updates.start();
    expect(updater.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(updater.checks).toBe(4);
    expect(lines).toContain('update check failed: offline');
    updates.stop();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(updater.checks).toBe(4);
  });

  it('installs nothing at quit when no update was downloaded', async () => {
    const { updates } = gate(async () => 0);
    updates.start();
    expect(await updates.shouldInstallOnQuit()).toBe(false);
    updates.stop();
  });

  it('installs a downloaded update at quit when the outbox is empty, silently and without relaunching', async () => {
    const { updater, updates } = gate(async () => 0);
    updates.start();
    updater.emit('update-downloaded', { version: '1.2.0' });
    expect(updates.downloadedVersion).toBe('1.2.0');
    expect(await updates.shouldInstallOnQuit()).toBe(true);
    updates.installOnQuit();
    expect(updater.installs).toEqual([[true, false]]);
    updates.stop();
  });

  it('postpones the install while operations are pending, and installs at a later quit once they are sent', async () => {
    let pending = 2;
    const { updater, updates, lines } = gate(async () => pending);
    updates.start();
    updater.emit('update-downloaded', { version: '1.2.0' });
    expect(await updates.shouldInstallOnQuit()).toBe(false);
    expect(lines).toContain('update 1.2.0 postponed: 2 operation(s) not yet sent; it is tried again at the next quit');
    pending = 0;
    expect(await updates.shouldInstallOnQuit()).toBe(true);
    updates.stop();
  });

  it('postpones the install when the outbox cannot be read', async () => {
    const { updater, updates, lines } = gate(async () => {
      throw new Error('The terminal core could not be started');
    });
    updates.start();
    updater.emit('update-downloaded', { version: '1.2.0' });
    expect(await updates.shouldInstallOnQuit()).toBe(false);
    expect(lines.some((line) => line.startsWith('update 1.2.0 postponed: the outbox could not be read'))).toBe(true);
    updates.stop();
  });
});

describe('the update feed', () => {
  class FeedUpdater extends EventEmitter {
    autoDownload = false;
    autoInstallOnAppQuit = true;
    allowDowngrade = true;
    allowPrerelease = true;
    checks = 0;
    feeds: unknown[] = [];
    async checkForUpdates() {
      this.checks += 1;
      return null;
    }
    setFeedURL(options: unknown) {
      this.feeds.push(options);
    }
    quitAndInstall() {}
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('is the enrolled service’s /releases/ folder, set before the first check', async () => {
    const updater = new FeedUpdater();
    const updates = createUpdateGate({ updater: updater as unknown as UpdaterPort, pendingOperations: async () => 0, log: () => {}, feedUrl: async () => releasesFeedOf('https://kassa.example.com') });
    updates.start();
    await settle();
    expect(updater.feeds).toEqual([{ provider: 'generic', url: 'https://kassa.example.com/releases/' }]);
    expect(updater.checks).toBe(1);
    updates.stop();
  });

  it('is never asked over plain http, nor before the till is enrolled', async () => {
    for (const feed of ['http://kassa.example.com/releases/', 'http://127.0.0.1:8080/releases/', undefined]) {
      const updater = new FeedUpdater();
      const lines: string[] = [];
      const updates = createUpdateGate({ updater: updater as unknown as UpdaterPort, pendingOperations: async () => 0, log: (line) => lines.push(line), feedUrl: async () => feed });
      updates.start();
      await settle();
      expect(updater.checks, String(feed)).toBe(0);
      expect(updater.feeds).toEqual([]);
      expect(lines[0]).toMatch(feed ? /updates not checked: the update feed must be https, not http/ : /not enrolled yet/);
      updates.stop();
    }
  });

  it('names the problem of a feed address', () => {
    expect(updateFeedProblem('https://kassa.example.com/releases/')).toBeNull();
    expect(updateFeedProblem('https://user:secret@kassa.example.com/releases/')).toMatch(/credentials/);
    expect(updateFeedProblem('not a url')).toMatch(/not a URL/);
    expect(releasesFeedOf('https://kassa.example.com/')).toBe('https://kassa.example.com/releases/');
  });
});
