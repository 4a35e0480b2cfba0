/**
 * Electron main, kept thin: security settings, the app scheme, one window, the IPC bridge to the terminal core,
 * the update gate, and an orderly quit. No business rule lives here; the core (in its worker) owns them.
 */
import { app, ipcMain, Menu, protocol, session, type BrowserWindow } from 'electron';
import { registerAppScheme, serveApp } from './app-protocol.js';
import type { TerminalCore } from './core/api.js';
import { createDispatcher } from './core/dispatcher.js';
import { registerBridge } from './ipc.js';
import { contentSecurityPolicy, lockDownSession, securityHeaders } from './security.js';
import type { UpdateGate } from './updater.js';
import { createMainWindow } from './windows.js';

export interface ShellOptions {
  /** The bundled preload script (absolute path). */
  readonly preload: string;
  /** The renderer's build directory, served as `kassa://app/`. */
  readonly rendererDir: string;
  /** The terminal core (the worker host in production); started here, closed at quit. */
  readonly core: TerminalCore & { start(): Promise<void> };
  /** The update gate, in packaged builds only. */
  readonly updates?: UpdateGate;
  readonly devTools: boolean;
  readonly log: (line: string) => void;
}

/** What must happen before the app is ready: every renderer sandboxed, the app scheme privileged. */
export function prepareShell(): void {
  app.enableSandbox();
  registerAppScheme(protocol);
}

/** Starts the shell; resolves once the main window exists (or at once when another instance already runs). */
export async function startShell(options: ShellOptions): Promise<{ mainWindow?: BrowserWindow }> {
  const { log } = options;
  // One terminal per machine: two instances would share one store and one outbox.
  if (!app.requestSingleInstanceLock()) {
    log('another Kassa terminal is already running; quitting');
    app.quit();
    return {};
  }
  await app.whenReady();
  Menu.setApplicationMenu(null);
  lockDownSession(session.defaultSession, log);
  serveApp(protocol, options.rendererDir, securityHeaders(contentSecurityPolicy()));
  // Any webContents, ours or not (DevTools included), may open no window and attach no <webview>.
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  const core = options.core;
  core.start().catch((error: unknown) => log(`terminal core failed: ${error instanceof Error ? error.message : String(error)}`));
  const windows = new Set<BrowserWindow>();
  registerBridge({
    ipcMain,
    dispatcher: createDispatcher(core, log),
    windows: () => [...windows].filter((window) => !window.isDestroyed()).map((window) => window.webContents),
    log,
  });
  const openMainWindow = () => {
    const window = createMainWindow(options.preload, options.devTools, log);
    windows.add(window);
    window.on('closed', () => windows.delete(window));
    return window;
  };
  let mainWindow = openMainWindow();
  app.on('second-instance', () => {
    if (mainWindow.isDestroyed()) mainWindow = openMainWindow();
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('activate', () => {
    if (windows.size === 0) mainWindow = openMainWindow();
  });
  // A till app quits with its last window, on macOS too.
  app.on('window-all-closed', () => app.quit());

  options.updates?.start();
  handleQuit(core, options.updates, log);
  return { mainWindow };
}

/**
 * The first quit request is held while the update gate reads the outbox and the core closes; then the app quits
 * for real, installing a downloaded update only if the gate allows it.
 */
function handleQuit(core: TerminalCore, updates: UpdateGate | undefined, log: (line: string) => void): void {
  let decided = false;
  app.on('before-quit', (event) => {
    if (decided) return;
    event.preventDefault();
    void (async () => {
      const install = updates ? await updates.shouldInstallOnQuit() : false;
      updates?.stop();
      await core.close().catch((error: unknown) => log(`terminal core did not close cleanly: ${error instanceof Error ? error.message : String(error)}`));
      decided = true;
      if (install && updates) updates.installOnQuit();
      else app.quit();
    })();
  });
}
