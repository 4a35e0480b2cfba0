/**
 * Electron main, kept thin: security settings, the app scheme, one window, the IPC bridge to the terminal core,
 * the update gate, and an orderly quit. No business rule lives here; the core (in its worker) owns them.
 */
import { app, ipcMain, Menu, protocol, session, type BrowserWindow } from 'electron';
import { registerAppScheme, serveApp } from './app-protocol.js';
import type { TerminalCore } from './core/api.js';
import { createDispatcher } from './core/dispatcher.js';
import { registerBridge } from './ipc.js';
import { withPrinting } from './print-dispatcher.js';
import { contentSecurityPolicy, lockDownSession, securityHeaders } from './security.js';
import type { UpdateGate } from './updater.js';
import { createMainWindow } from './windows.js';
import { APP_ENTRY_URL, APP_SCHEME } from './security.js';
import { enrollFragment, launchRequests } from './provisioning/launch-requests.js';

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
  /** The command line the app was started with (links and provisioning files are read from it). */
  readonly argv?: readonly string[];
  /**
   * A provisioning file handed to the running app (opened later, or a second launch with one): the entry
   * restarts an unenrolled till with it, since the core reads provisioning files at its start.
   */
  readonly onProvisioningFile?: (path: string) => void;
}

/** What macOS delivered before the app was ready (`open-url`, `open-file`), for startShell to act on. */
const earlyRequests: string[] = [];
let deliver: ((request: string) => void) | undefined;

/** What must happen before the app is ready: every renderer sandboxed, the app scheme privileged. */
export function prepareShell(): void {
  app.enableSandbox();
  registerAppScheme(protocol);
  // macOS hands links and opened files over as events, possibly before the app is ready.
  deliver = undefined;
  const take = (event: { preventDefault(): void }, request: string) => {
    event.preventDefault();
    if (deliver) deliver(request);
    else earlyRequests.push(request);
  };
  app.on('open-url', take);
  app.on('open-file', take);
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
  // The OS sends `kassa://enroll?…` links here (registered by the installer too: electron-builder.yml).
  if (app.isPackaged) app.setAsDefaultProtocolClient(APP_SCHEME);
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
    // Print requests are answered by the shell's print service; everything else goes to the core.
    dispatcher: withPrinting(createDispatcher(core, log), core, log),
    windows: () => [...windows].filter((window) => !window.isDestroyed()).map((window) => window.webContents),
    log,
  });
  const openMainWindow = (fragment = '') => {
    const window = createMainWindow(options.preload, options.devTools, log, fragment);
    windows.add(window);
    window.on('closed', () => windows.delete(window));
    return window;
  };
  const atStart = launchRequests([...(options.argv ?? []), ...earlyRequests.splice(0)]);
  let mainWindow = openMainWindow(atStart.enrollLink ? enrollFragment(atStart.enrollLink) : '');
  /** A link or file arriving while the app runs: a link refills the enrollment screen; a file goes to the entry. */
  const handle = (argv: readonly string[]) => {
    const requests = launchRequests(argv);
    if (requests.enrollLink) {
      log('an enrollment link was opened; the enrollment screen shows it for confirmation');
      void mainWindow.loadURL(`${APP_ENTRY_URL}${enrollFragment(requests.enrollLink)}`);
    }
    for (const file of requests.provisioningFiles) options.onProvisioningFile?.(file);
  };
  deliver = (request) => handle([request]);
  app.on('second-instance', (_event: unknown, argv: string[] = []) => {
    if (mainWindow.isDestroyed()) mainWindow = openMainWindow();
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
    handle(argv);
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
