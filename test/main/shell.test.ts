import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TerminalCore } from '../../main/core/api.js';
import { INVOKE_CHANNEL } from '../../shared/terminal-contract.js';
import { prepareShell, startShell, type ShellOptions } from '../../main/shell.js';
import type { UpdateGate } from '../../main/updater.js';
import { app, FakeBrowserWindow, FakeWebContents, fakeEvent, ipcMain, Menu, protocol, resetElectron, session } from './fakes/electron.js';

vi.mock('electron', () => import('./fakes/electron.js'));

function fakeCore(pending = 0) {
  const record = { started: 0, closed: 0 };
  const core: TerminalCore & { start(): Promise<void> } = {
    async start() {
      record.started += 1;
    },
    async invoke(operation) {
      return { ran: operation };
    },
    subscribe() {
      return () => {};
    },
    async pendingOperations() {
      return pending;
    },
    async close() {
      record.closed += 1;
    },
  };
  return { core, record };
}

function fakeUpdates(install: boolean) {
  const record = { started: 0, stopped: 0, installed: 0 };
  const updates: UpdateGate = {
    start: () => void (record.started += 1),
    stop: () => void (record.stopped += 1),
    downloadedVersion: install ? '2.0.0' : undefined,
    shouldInstallOnQuit: async () => install,
    installOnQuit: () => void (record.installed += 1),
  };
  return { updates, record };
}

function options(overrides: Partial<ShellOptions> = {}): ShellOptions {
  return { preload: '/app/dist/main/preload.cjs', rendererDir: '/app/renderer/dist', core: fakeCore().core, devTools: false, log: () => {}, ...overrides };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => resetElectron());

describe('the Electron shell', () => {
  it('before the app is ready: sandboxes every renderer and registers the app scheme as standard and secure', () => {
    prepareShell();
    expect(app.sandboxEnabled).toBe(true);
    expect(protocol.privileged).toEqual([{ scheme: 'kassa', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
  });

  it('quits when another terminal already runs on this machine', async () => {
    app.singleInstance = false;
    const { core, record } = fakeCore();
    expect(await startShell(options({ core }))).toEqual({});
    expect(app.quitCalls).toBe(1);
    expect(record.started).toBe(0);
    expect(FakeBrowserWindow.instances).toHaveLength(0);
  });

  it('locks the session down, serves the app scheme, removes the menu and opens one secure window at the app', async () => {
    await startShell(options());
    const defaultSession = session.defaultSession;
    expect(defaultSession.permissionRequestHandler).toBeTypeOf('function');
    expect(defaultSession.permissionCheckHandler).toBeTypeOf('function');
    expect(defaultSession.beforeRequest).toHaveLength(1);
    expect(protocol.handlers.has('kassa')).toBe(true);
    expect(Menu.applicationMenu).toBeNull();
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    const [window] = FakeBrowserWindow.instances;
    expect(window?.webContents.getURL()).toBe('kassa://app/index.html');
    expect(window?.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, preload: '/app/dist/main/preload.cjs' });
  });

  it('starts the core and answers the window’s IPC calls through the validating dispatcher', async () => {
    const { core, record } = fakeCore();
    await startShell(options({ core }));
    expect(record.started).toBe(1);
    const [window] = FakeBrowserWindow.instances;
    const handler = ipcMain.handlers.get(INVOKE_CHANNEL) as (...args: unknown[]) => Promise<unknown>;
    const trusted = { sender: window?.webContents, senderFrame: { url: 'kassa://app/index.html', parent: null } };
    expect(await handler(trusted, 'WarehouseController_findAll', {})).toEqual({ ok: true, value: { ran: 'WarehouseController_findAll' } });
    expect(await handler(trusted, 'QueryController_execute', { body: {} })).toMatchObject({ ok: false, error: { statusCode: 404 } });
    const foreign = { sender: window?.webContents, senderFrame: { url: 'https://evil.example/', parent: null } };
    expect(await handler(foreign, 'WarehouseController_findAll', {})).toEqual({ ok: false, error: { statusCode: 403, message: 'Forbidden' } });
  });

  it('denies new windows and webviews for every webContents created later (DevTools included)', async () => {
    await startShell(options());
    const contents = new FakeWebContents();
    app.emit('web-contents-created', fakeEvent({}), contents);
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    const attach = fakeEvent({});
    contents.emit('will-attach-webview', attach);
    expect(attach.defaultPrevented).toBe(true);
  });

  it('focuses the existing window when a second instance is started', async () => {
    await startShell(options());
    const [window] = FakeBrowserWindow.instances;
    window!.minimized = true;
    app.emit('second-instance');
    expect(window?.minimized).toBe(false);
    expect(window?.focused).toBe(true);
    expect(FakeBrowserWindow.instances).toHaveLength(1);
  });

  it('at quit with an update and an empty outbox: closes the core, then installs', async () => {
    const { core, record } = fakeCore();
    const { updates, record: updateRecord } = fakeUpdates(true);
    await startShell(options({ core, updates }));
    expect(updateRecord.started).toBe(1);
    const quit = fakeEvent({});
    app.emit('before-quit', quit);
    expect(quit.defaultPrevented).toBe(true);
    await settle();
    expect(record.closed).toBe(1);
    expect(updateRecord.installed).toBe(1);
    expect(app.quitCalls).toBe(0);
  });

  it('at quit when the gate postpones the update: closes the core and quits without installing', async () => {
    const { core, record } = fakeCore(3);
    const { updates, record: updateRecord } = fakeUpdates(false);
    await startShell(options({ core, updates }));
    app.emit('before-quit', fakeEvent({}));
    await settle();
    expect(record.closed).toBe(1);
    expect(updateRecord.installed).toBe(0);
    expect(updateRecord.stopped).toBe(1);
    // The second quit (the shell's own) goes through untouched.
    expect(app.quitCalls).toBe(1);
  });

  it('quits with the last window, on every platform', async () => {
    await startShell(options());
    app.emit('window-all-closed');
    expect(app.quitCalls).toBe(1);
  });
});
