/**
 * The shell's security rules in one place: the app's origin, the Content-Security-Policy, the renderer's web
 * preferences, and the handlers that deny navigation, new windows, permissions and network requests.
 *
 * URL checks parse and compare parts exactly; no check here uses `includes` or `startsWith` on a URL string
 * (a substring check is what let `https://evil.example/kassa://app/` through in other apps).
 */
import type { Session, WebContents, WebPreferences } from 'electron';

/** The renderer is served from a custom scheme, not `file://` (where every local file would share one origin). */
export const APP_SCHEME = 'kassa';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Parses a URL, or gives undefined for anything unparseable. */
export function parseUrl(raw: unknown): URL | undefined {
  if (typeof raw !== 'string' || raw.length > 8_192) return undefined;
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

/**
 * True when `raw` is a URL of the app's own origin: scheme `kassa:`, host exactly `app`, no port, no
 * credentials. (Node gives non-special schemes an opaque origin, so the parts are compared one by one.)
 */
export function isAppUrl(raw: unknown): boolean {
  const url = parseUrl(raw);
  return (
    url !== undefined &&
    url.protocol === `${APP_SCHEME}:` &&
    url.hostname === APP_HOST &&
    url.port === '' &&
    url.username === '' &&
    url.password === ''
  );
}

export interface CspOptions {
  /**
   * Extra origins the renderer may connect to, e.g. the browser-mode host's own `ws://127.0.0.1:PORT`. Each must
   * be a bare origin (scheme, host, port); anything with a path, query, credentials or a wildcard is refused.
   */
  readonly connectSources?: readonly string[];
}

const CONNECT_SCHEMES = new Set(['ws:', 'wss:', 'http:', 'https:']);

function originSource(raw: string): string {
  const url = parseUrl(raw);
  const bare = url && url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  if (!url || !bare || !CONNECT_SCHEMES.has(url.protocol) || raw.includes('*')) {
    throw new Error(`A connect-src entry must be a bare ws/wss/http/https origin, got "${raw}"`);
  }
  return url.origin;
}

/**
 * The one Content-Security-Policy of the renderer, served with every page in Electron and in browser mode.
 * Only the app's own files: no inline or evaluated script, no remote origins at all. The renderer never talks to
 * the central service itself — the terminal core does, holding the device credential — so `connect-src` is the
 * app's own origin plus, in browser mode, the host's WebSocket. Images may be `data:`/`blob:` (signatures drawn
 * on screen). `style-src 'self'` still allows styles set from script (React's `style` prop), not inline tags.
 */
export function contentSecurityPolicy(options: CspOptions = {}): string {
  const connect = ["'self'", ...(options.connectSources ?? []).map(originSource)];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'"]],
    ['connect-src', connect],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['media-src', ["'none'"]],
    ['object-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['child-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * Powerful features the page never uses, switched off. Only features Chromium recognises may be named: an unknown
 * one (e.g. `bluetooth`, which is not a Permissions-Policy feature in Chromium) makes every page load log
 * "Unrecognized feature" as an error. Web Bluetooth stays unreachable anyway: Electron grants no device access
 * without a handler, and none is installed.
 */
export const PERMISSIONS_POLICY_FEATURES = ['camera', 'microphone', 'geolocation', 'usb', 'serial', 'hid', 'payment'] as const;
const PERMISSIONS_POLICY = PERMISSIONS_POLICY_FEATURES.map((feature) => `${feature}=()`).join(', ');

/** Response headers every renderer page and file is served with (Electron protocol and browser mode alike). */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

/**
 * The web preferences of every window. Set whole, never merged with a caller's: isolation cannot be weakened
 * for one window, nor for tests.
 */
export function secureWebPreferences(preload: string, options: { devTools: boolean }): WebPreferences {
  return {
    preload,
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
    devTools: options.devTools,
  };
}

type Log = (line: string) => void;

/**
 * Denies every navigation away from the app's origin, every new window and every `<webview>`. A single-page
 * renderer navigates with the History API, which fires none of these.
 */
export function lockDownContents(contents: WebContents, log: Log): void {
  const refuseForeign = (event: { preventDefault(): void; url: string }) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    log(`navigation refused: ${describeUrl(event.url)}`);
  };
  contents.on('will-navigate', refuseForeign);
  contents.on('will-frame-navigate', refuseForeign);
  contents.on('will-redirect', refuseForeign);
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log('<webview> refused');
  });
  contents.setWindowOpenHandler(({ url }) => {
    log(`new window refused: ${describeUrl(url)}`);
    return { action: 'deny' };
  });
}

/** Network schemes the renderer never requests: it talks to main over IPC and loads only `kassa://app/`. */
export const BLOCKED_REQUEST_PATTERNS = ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*', 'ftp://*/*', 'file://*/*'];

/**
 * Denies every permission request and check (camera, notifications, USB, HID, serial, clipboard reads, …),
 * screen capture, downloads, and any request to the network or to `file://`. Printing and devices the till
 * needs are driven from main, not requested by the page.
 */
export function lockDownSession(session: Session, log: Log): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    log(`permission refused: ${permission}`);
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.setDisplayMediaRequestHandler((_request, callback) => callback(null));
  session.on('will-download', (event) => {
    event.preventDefault();
    log('download refused');
  });
  session.webRequest.onBeforeRequest({ urls: BLOCKED_REQUEST_PATTERNS }, (details, callback) => {
    log(`request refused: ${describeUrl(details.url)}`);
    callback({ cancel: true });
  });
}

/** A URL for a log line: scheme, host and path only (a query may carry something private). */
export function describeUrl(raw: unknown): string {
  const url = parseUrl(raw);
  if (!url) return '(unparseable URL)';
  return `${url.protocol}//${url.host}${url.pathname}`.slice(0, 300);
}
