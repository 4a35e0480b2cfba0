/**
 * Serving the renderer's built files, for the Electron protocol handler and the browser-mode host alike: a
 * request path resolves to a file inside the renderer directory or to nothing. Paths are decoded once, refused
 * when they hold NUL or backslashes, normalised, and the final real path (symlinks followed) must lie inside
 * the root by `path.relative`, never by a string prefix.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface StaticFile {
  readonly file: string;
  readonly contentType: string;
  /** The entry page is never cached (it names the hashed assets); assets may be. */
  readonly isEntry: boolean;
}

/** True when `child` is `root` itself or lies beneath it (both absolute, normalised). */
export function isInside(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

async function existingFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Decodes a URL path into safe relative segments, or undefined when it cannot name a file of ours. */
export function pathSegments(pathname: string): string[] | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\u0000') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.some((segment) => segment === '..')) return undefined;
  return segments;
}

/**
 * Resolves a URL path against the renderer directory. A path without an extension that names no file falls back
 * to `index.html` (the renderer routes in the page); anything else that is missing or outside the root is
 * undefined (404).
 */
export async function resolveStaticFile(rootDir: string, pathname: string): Promise<StaticFile | undefined> {
  const segments = pathSegments(pathname);
  if (!segments) return undefined;
  let root: string;
  try {
    root = await realpath(resolve(rootDir));
  } catch {
    return undefined;
  }
  const entry = join(root, 'index.html');
  const candidate = segments.length === 0 ? entry : resolve(root, ...segments);
  if (!isInside(root, candidate)) return undefined;
  if (await existingFile(candidate)) {
    const real = await realpath(candidate);
    if (!isInside(root, real)) return undefined;
    return { file: real, contentType: contentTypeOf(real), isEntry: real === entry };
  }
  const last = segments[segments.length - 1] ?? '';
  if (extname(last) === '' && (await existingFile(entry))) return { file: entry, contentType: contentTypeOf(entry), isEntry: true };
  return undefined;
}

/** True when the renderer has been built into `rootDir` (it has an entry page). */
export async function rendererBuilt(rootDir: string): Promise<boolean> {
  return existingFile(join(resolve(rootDir), 'index.html'));
}

/**
 * The page shown while the renderer is not built yet. Plain HTML: no script or style, so the strict CSP holds.
 */
export function placeholderPage(rootDir: string): string {
  const shown = rootDir.split(sep).slice(-2).join('/');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Kassa terminal</title></head>',
    '<body>',
    '<h1>Kassa terminal</h1>',
    `<p>The terminal's screens are not built yet: <code>${escapeHtml(shown)}/index.html</code> does not exist.</p>`,
    '<p>The shell, the bridge and the terminal core host are running; build the renderer and reload this page.</p>',
    '</body></html>',
  ].join('\n');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A response for one renderer request, independent of the server that sends it. */
export interface StaticResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Uint8Array | string;
}

/**
 * Answers one request for the renderer: GET/HEAD only, a built file, the SPA entry for app routes, the
 * placeholder page while the renderer is not built, or 404. Every answer carries `headers` (the CSP and friends).
 */
export async function staticResponse(rootDir: string, method: string, pathname: string, headers: Record<string, string>): Promise<StaticResponse> {
  if (method !== 'GET' && method !== 'HEAD') {
    return { status: 405, headers: { ...headers, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }, body: 'Method not allowed' };
  }
  const found = await resolveStaticFile(rootDir, pathname);
  if (found) {
    const body = method === 'HEAD' ? '' : await readFile(found.file);
    const cache = found.isEntry ? 'no-cache' : 'public, max-age=3600';
    return { status: 200, headers: { ...headers, 'content-type': found.contentType, 'cache-control': cache }, body };
  }
  const segments = pathSegments(pathname);
  const wantsPage = (segments !== undefined && extname(segments[segments.length - 1] ?? '') === '') || pathname === '/index.html';
  if (wantsPage && !(await rendererBuilt(rootDir))) {
    const body = method === 'HEAD' ? '' : placeholderPage(rootDir);
    return { status: 200, headers: { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }, body };
  }
  return { status: 404, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' }, body: method === 'HEAD' ? '' : 'Not found' };
}
