/**
 * The shell's part of enrolling from outside (docs/downloads.md): `kassa://enroll` links and `.kassa` files from
 * the command line, a second launch or macOS's events, and the CSP on every `kassa://` response the running shell
 * serves (the handler it actually registers, not one built by the test).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TerminalCore } from '../../main/core/api.js';
import { enrollFragment, installedProvisioningFiles, launchRequests } from '../../main/provisioning/launch-requests.js';
import { contentSecurityPolicy } from '../../main/security.js';
import { prepareShell, startShell, type ShellOptions } from '../../main/shell.js';
import { app, FakeBrowserWindow, fakeEvent, protocol, resetElectron } from './fakes/electron.js';

vi.mock('electron', () => import('./fakes/electron.js'));

const core: TerminalCore & { start(): Promise<void> } = {
  start: async () => {},
  invoke: async () => null,
  subscribe: () => () => {},
  pendingOperations: async () => 0,
  close: async () => {},
};
const options = (overrides: Partial<ShellOptions> = {}): ShellOptions => ({ preload: '/p.cjs', rendererDir: '/nowhere', core, devTools: false, log: () => {}, ...overrides });
const LINK = 'kassa://enroll?server=https%3A%2F%2Fkassa.example.com&code=K7Q-4MZ-9TD';

beforeEach(() => resetElectron());

describe('enrollment requests from the operating system', () => {
  it('reads a kassa://enroll link and absolute .kassa paths from the command line, and nothing else', () => {
    expect(launchRequests(['--inspect', LINK, '/home/ana/Downloads/Kassa-0.1.0.K7Q-4MZ-9TD.kassa', 'relative.kassa', 'kassa://app/index.html', 'https://evil.example/'])).toEqual({
      provisioningFiles: ['/home/ana/Downloads/Kassa-0.1.0.K7Q-4MZ-9TD.kassa'],
      enrollLink: { server: 'https://kassa.example.com', code: 'K7Q-4MZ-9TD' },
    });
    expect(launchRequests(['kassa://enroll.evil.example?server=x&code=y', 'kassa://enroll?code=only'])).toEqual({ provisioningFiles: [] });
  });

  it('looks for the file the Windows installer copied, and for one named like the AppImage beside it', () => {
    expect(installedProvisioningFiles('/opt/Kassa/kassa', '/home/ana/Downloads/Kassa-0.1.0.K7Q-4MZ-9TD.AppImage')).toEqual([
      '/opt/Kassa/provisioning.kassa',
      '/home/ana/Downloads/Kassa-0.1.0.K7Q-4MZ-9TD.kassa',
    ]);
    expect(installedProvisioningFiles('/opt/Kassa/kassa', undefined)).toEqual(['/opt/Kassa/provisioning.kassa']);
  });

  it('opens the window at the enrollment screen with a link’s server and code in the fragment, never in a request', async () => {
    await startShell(options({ argv: ['.', LINK] }));
    expect(FakeBrowserWindow.instances[0]?.webContents.getURL()).toBe(`kassa://app/index.html${enrollFragment({ server: 'https://kassa.example.com', code: 'K7Q-4MZ-9TD' })}`);
    expect(enrollFragment({ server: 'https://kassa.example.com', code: 'K7Q-4MZ-9TD' })).toBe('#enroll=https%3A%2F%2Fkassa.example.com&code=K7Q-4MZ-9TD');
  });

  it('shows a link from a second launch in the running window, and hands a provisioning file to the entry', async () => {
    const files: string[] = [];
    await startShell(options({ onProvisioningFile: (path) => files.push(path) }));
    app.emit('second-instance', fakeEvent({}), ['Kassa.exe', LINK]);
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    expect(FakeBrowserWindow.instances[0]?.webContents.getURL()).toContain('#enroll=https%3A%2F%2Fkassa.example.com&code=K7Q-4MZ-9TD');
    app.emit('second-instance', fakeEvent({}), ['Kassa.exe', 'C:\\Users\\ana\\Downloads\\Kassa.kassa', '/tmp/Kassa.kassa']);
    expect(files).toEqual(['/tmp/Kassa.kassa']);
  });

  it('takes macOS’s open-url and open-file events, also those that come before the app is ready', async () => {
    prepareShell();
    const early = fakeEvent({});
    app.emit('open-url', early, LINK);
    expect(early.defaultPrevented).toBe(true);
    const files: string[] = [];
    await startShell(options({ onProvisioningFile: (path) => files.push(path) }));
    expect(FakeBrowserWindow.instances[0]?.webContents.getURL()).toContain('#enroll=');
    app.emit('open-file', fakeEvent({}), '/Users/ana/Downloads/Kassa.kassa');
    expect(files).toEqual(['/Users/ana/Downloads/Kassa.kassa']);
  });
});

describe('the kassa:// scheme the shell serves', () => {
  it('carries the Content-Security-Policy on every response: pages, files, fallbacks, 404s and refusals', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kassa-shell-csp-'));
    try {
      await writeFile(join(dir, 'index.html'), '<!doctype html><title>Kassa</title>');
      await writeFile(join(dir, 'app.js'), 'void 0;');
      await startShell(options({ rendererDir: dir }));
      const handler = protocol.handlers.get('kassa') as (request: Request) => Promise<Response>;
      for (const [url, method, status] of [
        ['kassa://app/index.html', 'GET', 200],
        ['kassa://app/app.js', 'GET', 200],
        ['kassa://app/sales/today', 'GET', 200],
        ['kassa://app/missing.js', 'GET', 404],
        ['kassa://app/%00', 'GET', 404],
        ['kassa://other/index.html', 'GET', 404],
        ['kassa://app/index.html', 'POST', 405],
      ] as const) {
        const response = await handler(new Request(url, { method }));
        expect(response.status, `${method} ${url}`).toBe(status);
        expect(response.headers.get('content-security-policy'), `${method} ${url}`).toBe(contentSecurityPolicy());
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
