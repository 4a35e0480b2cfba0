/**
 * The one window factory. Every window of the terminal is made here, with the same locked-down web preferences
 * (set whole, not merged: a caller cannot weaken them) and the same navigation, new-window and webview guards.
 */
import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import { APP_ENTRY_URL, lockDownContents, secureWebPreferences } from './security.js';

export interface SecureWindowOptions extends Omit<BrowserWindowConstructorOptions, 'webPreferences'> {
  /** Absolute path of the bundled preload script. */
  readonly preload: string;
  /** DevTools only in development builds. */
  readonly devTools: boolean;
  readonly log: (line: string) => void;
}

/** Creates a window with the secure preferences and guards; the caller loads an app URL into it. */
export function createSecureWindow(options: SecureWindowOptions): BrowserWindow {
  const { preload, devTools, log, ...shape } = options;
  const window = new BrowserWindow({ ...shape, webPreferences: secureWebPreferences(preload, { devTools }) });
  lockDownContents(window.webContents, log);
  return window;
}

/**
 * The till's main window: at least 1024×768 (the smallest screen the screens are designed for), shown once its
 * first paint is ready so the cashier never sees a blank frame, and without a menu bar.
 */
export function mainWindowOptions(preload: string, devTools: boolean, log: (line: string) => void): SecureWindowOptions {
  return {
    preload,
    devTools,
    log,
    title: 'Kassa',
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 768,
    show: false,
    autoHideMenuBar: true,
    backgroundColor: '#ffffff',
  };
}

/** `fragment` (e.g. `#enroll=…&code=…` from a `kassa://enroll` link) stays in the page: it is never a request. */
export function createMainWindow(preload: string, devTools: boolean, log: (line: string) => void, fragment = ''): BrowserWindow {
  const window = createSecureWindow(mainWindowOptions(preload, devTools, log));
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${APP_ENTRY_URL}${fragment}`);
  return window;
}
