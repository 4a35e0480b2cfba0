/**
 * Fakes of the Electron modules the shell uses, for tests that run without Electron's binary
 * (`vi.mock('electron', () => import('./fakes/electron.js'))`). They record what the shell asks for and let a
 * test fire the events Electron would.
 */
import { EventEmitter } from 'node:events';

type Handler = (...args: never[]) => unknown;

/** An Electron-style event: `preventDefault` is recorded. */
export function fakeEvent<T extends object>(fields: T): T & { preventDefault(): void; defaultPrevented: boolean } {
  const event = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

let nextContentsId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  url = '';
  destroyed = false;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  readonly sent: Array<[string, ...unknown[]]> = [];
  readonly mainFrame = { url: '', parent: null };

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  getURL() {
    return this.url;
  }
  isDestroyed() {
    return this.destroyed;
  }
  send(channel: string, ...args: unknown[]) {
    this.sent.push([channel, ...args]);
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static readonly instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  shown = false;
  destroyed = false;
  minimized = false;
  focused = false;

  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
  async loadURL(url: string) {
    this.webContents.url = url;
  }
  show() {
    this.shown = true;
  }
  isDestroyed() {
    return this.destroyed;
  }
  isMinimized() {
    return this.minimized;
  }
  restore() {
    this.minimized = false;
  }
  focus() {
    this.focused = true;
  }
}

export class FakeSession extends EventEmitter {
  permissionRequestHandler: Handler | undefined;
  permissionCheckHandler: Handler | undefined;
  devicePermissionHandler: Handler | undefined;
  displayMediaRequestHandler: Handler | undefined;
  readonly beforeRequest: Array<{ filter: { urls: string[] }; listener: Handler }> = [];
  readonly webRequest = {
    onBeforeRequest: (filter: { urls: string[] }, listener: Handler) => this.beforeRequest.push({ filter, listener }),
  };
  setPermissionRequestHandler(handler: Handler) {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: Handler) {
    this.permissionCheckHandler = handler;
  }
  setDevicePermissionHandler(handler: Handler) {
    this.devicePermissionHandler = handler;
  }
  setDisplayMediaRequestHandler(handler: Handler) {
    this.displayMediaRequestHandler = handler;
  }
}

class FakeApp extends EventEmitter {
  sandboxEnabled = false;
  singleInstance = true;
  isPackaged = false;
  quitCalls = 0;
  exitCode: number | undefined;
  enableSandbox() {
    this.sandboxEnabled = true;
  }
  requestSingleInstanceLock() {
    return this.singleInstance;
  }
  async whenReady() {}
  quit() {
    this.quitCalls += 1;
    const event = fakeEvent({});
    this.emit('before-quit', event);
  }
  exit(code: number) {
    this.exitCode = code;
  }
  getPath(name: string) {
    return `/fake/${name}`;
  }
  getAppPath() {
    return '/fake/app';
  }
}

export const app = new FakeApp();
export const BrowserWindow = FakeBrowserWindow;
export const session = { defaultSession: new FakeSession() };
export const protocol = {
  privileged: [] as unknown[],
  handlers: new Map<string, Handler>(),
  registerSchemesAsPrivileged(schemes: unknown[]) {
    this.privileged.push(...schemes);
  },
  handle(scheme: string, handler: Handler) {
    this.handlers.set(scheme, handler);
  },
};
export const ipcMain = {
  handlers: new Map<string, Handler>(),
  handle(channel: string, handler: Handler) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, handler);
  },
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  },
};
export const Menu = {
  applicationMenu: 'default' as unknown,
  setApplicationMenu(menu: unknown) {
    this.applicationMenu = menu;
  },
};
export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, api: unknown) {
    this.exposed.set(key, api);
  },
};
export const ipcRenderer = Object.assign(new EventEmitter(), {
  invocations: [] as unknown[][],
  answer: (async () => ({ ok: true, value: null })) as (...args: unknown[]) => Promise<unknown>,
  invoke(...args: unknown[]) {
    ipcRenderer.invocations.push(args);
    return ipcRenderer.answer(...args);
  },
});

/** Forgets everything recorded, between tests. */
export function resetElectron(): void {
  app.removeAllListeners();
  Object.assign(app, { sandboxEnabled: false, singleInstance: true, isPackaged: false, quitCalls: 0, exitCode: undefined });
  FakeBrowserWindow.instances.length = 0;
  session.defaultSession = new FakeSession();
  protocol.privileged.length = 0;
  protocol.handlers.clear();
  ipcMain.handlers.clear();
  Menu.applicationMenu = 'default';
  contextBridge.exposed.clear();
  ipcRenderer.removeAllListeners();
  ipcRenderer.invocations.length = 0;
  ipcRenderer.answer = async () => ({ ok: true, value: null });
}

export default { app, BrowserWindow, session, protocol, ipcMain, Menu, contextBridge, ipcRenderer };
