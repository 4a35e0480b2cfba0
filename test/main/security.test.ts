import type { Session, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  BLOCKED_REQUEST_PATTERNS,
  contentSecurityPolicy,
  isAppUrl,
  lockDownContents,
  lockDownSession,
  secureWebPreferences,
  securityHeaders,
} from '../../main/security.js';
import { FakeSession, FakeWebContents, fakeEvent } from './fakes/electron.js';

const directives = (csp: string) => new Map(csp.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));

describe('the Content-Security-Policy', () => {
  it('is one fixed string: only the app’s own files, nothing inline or evaluated, no remote origin', () => {
    expect(contentSecurityPolicy()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; " +
        "worker-src 'self'; manifest-src 'self'; media-src 'none'; object-src 'none'; frame-src 'none'; child-src 'none'; " +
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });

  it('never allows unsafe-eval, unsafe-inline, wildcards or http(s) sources', () => {
    const csp = contentSecurityPolicy({ connectSources: ['ws://127.0.0.1:4321'] });
    expect(csp).not.toMatch(/unsafe-|\*|https?:/);
    expect(directives(csp).get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:4321']);
  });

  it('accepts an extra connect source only as a bare origin', () => {
    for (const bad of ['ws://127.0.0.1:1/path', 'ws://*:1', 'javascript:alert(1)', 'ws://user:pw@127.0.0.1:1', "ws://127.0.0.1:1 'unsafe-eval'", 'not a url']) {
      expect(() => contentSecurityPolicy({ connectSources: [bad] }), bad).toThrow(/bare ws\/wss\/http\/https origin/);
    }
  });

  it('travels with security headers: nosniff, no framing, no referrer, isolated opener', () => {
    const headers = securityHeaders('default-src x');
    expect(headers).toMatchObject({
      'content-security-policy': 'default-src x',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
  });
});

/**
 * What `document.featurePolicy.features()` lists in Chromium 156 (the e2e browser), for the features Kassa could
 * ever want to switch off; Electron 45's Chromium 140 knows the same ones. `bluetooth` is not among them.
 */
const CHROMIUM_FEATURES = new Set([
  'accelerometer', 'autoplay', 'camera', 'clipboard-read', 'clipboard-write', 'display-capture', 'encrypted-media',
  'fullscreen', 'gamepad', 'geolocation', 'gyroscope', 'hid', 'idle-detection', 'local-fonts', 'magnetometer',
  'microphone', 'midi', 'payment', 'picture-in-picture', 'screen-wake-lock', 'serial', 'usb', 'window-management',
]);

describe('the Permissions-Policy header', () => {
  it('names only features Chromium recognises, each switched off, so no page load logs an error', () => {
    const header = securityHeaders('default-src x')['permissions-policy'] ?? '';
    const entries = header.split(', ');
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const [feature = '', allow] = entry.split('=');
      expect(CHROMIUM_FEATURES.has(feature), `${feature} is not a Chromium Permissions-Policy feature`).toBe(true);
      expect(allow).toBe('()');
    }
    expect(header).not.toContain('bluetooth');
    expect(header).toContain('camera=()');
  });
});

describe('the app origin check', () => {
  it('accepts the app’s own pages', () => {
    expect(isAppUrl(APP_ENTRY_URL)).toBe(true);
    expect(isAppUrl('kassa://app/')).toBe(true);
    expect(isAppUrl('kassa://app/receipts/42?tab=lines#top')).toBe(true);
  });

  it('refuses look-alikes that a substring check would let through', () => {
    for (const url of [
      'https://evil.example/kassa://app/index.html',
      'https://evil.example/?u=kassa://app/',
      'kassa://app.evil.example/',
      'kassa://evil.example/kassa://app/',
      'kassa://app@evil.example/',
      'kassa://app:pw@app/',
      'kassa://app:8080/',
      'kassa://application/',
      'kassa://ap/',
      'kassas://app/',
      'file:///C:/kassa://app/index.html',
      'file:///home/user/kassa/app/index.html',
      'http://app/',
      'kassa:app/index.html',
      'data:text/html,kassa://app/',
      'javascript:"kassa://app/"',
      '',
      'not a url',
    ]) {
      expect(isAppUrl(url), url).toBe(false);
    }
    expect(isAppUrl(undefined)).toBe(false);
    expect(isAppUrl(42)).toBe(false);
  });
});

describe('the renderer’s web preferences', () => {
  it('isolate and sandbox the page, with no Node anywhere', () => {
    expect(secureWebPreferences('/app/preload.cjs', { devTools: false })).toEqual({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      enableWebSQL: false,
      plugins: false,
      safeDialogs: true,
      spellcheck: false,
      devTools: false,
    });
  });
});

describe('navigation and new-window guards', () => {
  function guarded() {
    const contents = new FakeWebContents();
    const lines: string[] = [];
    lockDownContents(contents as unknown as WebContents, (line) => lines.push(line));
    return { contents, lines };
  }

  it('refuse navigation to any other origin, and allow the app’s own pages', () => {
    const { contents, lines } = guarded();
    for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      const away = fakeEvent({ url: 'https://evil.example/kassa://app/?token=secret' });
      contents.emit(name, away);
      expect(away.defaultPrevented, name).toBe(true);
      const home = fakeEvent({ url: 'kassa://app/receipts' });
      contents.emit(name, home);
      expect(home.defaultPrevented, name).toBe(false);
    }
    expect(lines[0]).toBe('navigation refused: https://evil.example/kassa://app/');
    expect(lines.join('\n')).not.toContain('secret');
  });

  it('refuse every new window, the app’s own URL included', () => {
    const { contents } = guarded();
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'kassa://app/index.html' })).toEqual({ action: 'deny' });
  });

  it('refuse to attach a <webview>', () => {
    const { contents } = guarded();
    const attach = fakeEvent({});
    contents.emit('will-attach-webview', attach, {}, {});
    expect(attach.defaultPrevented).toBe(true);
  });
});

describe('session lockdown', () => {
  function locked() {
    const session = new FakeSession();
    lockDownSession(session as unknown as Session, () => {});
    return session;
  }

  it('denies every permission request and check, device access and screen capture', () => {
    const session = locked();
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'usb', 'serial', 'hid', 'fullscreen', 'openExternal']) {
      let granted: boolean | undefined;
      (session.permissionRequestHandler as (...args: unknown[]) => void)({}, permission, (answer: boolean) => (granted = answer), {});
      expect(granted, permission).toBe(false);
      expect((session.permissionCheckHandler as (...args: unknown[]) => boolean)({}, permission, 'kassa://app', {})).toBe(false);
    }
    expect((session.devicePermissionHandler as (...args: unknown[]) => boolean)({ deviceType: 'usb' })).toBe(false);
    let streams: unknown = 'unset';
    (session.displayMediaRequestHandler as (...args: unknown[]) => void)({}, (answer: unknown) => (streams = answer));
    expect(streams).toBeNull();
  });

  it('cancels every network and file request, and every download', () => {
    const session = locked();
    expect(session.beforeRequest).toHaveLength(1);
    const [{ filter, listener }] = session.beforeRequest as [{ filter: { urls: string[] }; listener: (...args: unknown[]) => void }];
    expect(filter.urls).toEqual(BLOCKED_REQUEST_PATTERNS);
    expect(filter.urls).toEqual(expect.arrayContaining(['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*', 'file://*/*']));
    let answer: unknown;
    listener({ url: 'https://tracker.example/pixel' }, (response: unknown) => (answer = response));
    expect(answer).toEqual({ cancel: true });
    const download = fakeEvent({});
    session.emit('will-download', download, {}, {});
    expect(download.defaultPrevented).toBe(true);
  });
});
