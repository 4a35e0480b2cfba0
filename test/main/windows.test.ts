import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMainWindow, createSecureWindow } from '../../main/windows.js';
import { secureWebPreferences } from '../../main/security.js';
import { FakeBrowserWindow, fakeEvent, resetElectron } from './fakes/electron.js';

vi.mock('electron', () => import('./fakes/electron.js'));

beforeEach(() => resetElectron());

describe('the window factory', () => {
  it('makes the main window at least 1024×768, hidden until its first paint, with the secure preferences', () => {
    createMainWindow('/app/preload.cjs', false, () => {});
    const [window] = FakeBrowserWindow.instances;
    expect(window?.options).toEqual({
      title: 'Kassa',
      width: 1280,
      height: 800,
      minWidth: 1024,
      minHeight: 768,
      show: false,
      autoHideMenuBar: true,
      backgroundColor: '#ffffff',
      webPreferences: secureWebPreferences('/app/preload.cjs', { devTools: false }),
    });
  });

  it('loads the app’s entry page from the app scheme and shows the window once it is ready', () => {
    const window = createMainWindow('/app/preload.cjs', false, () => {}) as unknown as FakeBrowserWindow;
    expect(window.webContents.getURL()).toBe('kassa://app/index.html');
    expect(window.shown).toBe(false);
    window.emit('ready-to-show');
    expect(window.shown).toBe(true);
  });

  it('allows DevTools only when asked (development builds)', () => {
    createMainWindow('/app/preload.cjs', true, () => {});
    expect((FakeBrowserWindow.instances[0]?.options.webPreferences as { devTools: boolean }).devTools).toBe(true);
  });

  it('cannot be talked into weaker preferences: the caller’s webPreferences are replaced whole', () => {
    const weakened = { preload: '/app/preload.cjs', devTools: false, log: () => {}, webPreferences: { sandbox: false, nodeIntegration: true, contextIsolation: false } };
    createSecureWindow(weakened as never);
    expect(FakeBrowserWindow.instances[0]?.options.webPreferences).toEqual(secureWebPreferences('/app/preload.cjs', { devTools: false }));
  });

  it('puts the navigation, new-window and webview guards on every window it makes', () => {
    const window = createSecureWindow({ preload: '/p.cjs', devTools: false, log: () => {} }) as unknown as FakeBrowserWindow;
    const away = fakeEvent({ url: 'https://evil.example/' });
    window.webContents.emit('will-navigate', away);
    expect(away.defaultPrevented).toBe(true);
    expect(window.webContents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    const webview = fakeEvent({});
    window.webContents.emit('will-attach-webview', webview);
    expect(webview.defaultPrevented).toBe(true);
  });
});
