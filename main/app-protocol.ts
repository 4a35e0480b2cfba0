/**
 * The `kassa://app/` scheme the renderer is served from. Registered as a standard, secure scheme (so pages get a
 * real origin, `'self'` in the CSP means exactly the app's files, and `fetch` works), answered from the
 * renderer's build directory with the security headers on every response.
 */
import type { Protocol } from 'electron';
import { APP_SCHEME, isAppUrl, parseUrl } from './security.js';
import { staticResponse } from './static-files.js';

/** Must run before the app is ready (Electron's rule for privileged schemes). */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** The handler for `kassa:` requests: only `kassa://app/…`, only files inside `rendererDir`. */
export function appRequestHandler(rendererDir: string, headers: Record<string, string>): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = parseUrl(request.url);
    if (!url || !isAppUrl(request.url)) return new Response('Not found', { status: 404, headers });
    const answer = await staticResponse(rendererDir, request.method, url.pathname, headers);
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
}

/** Serves the renderer on the app scheme (after the app is ready). */
export function serveApp(protocol: Pick<Protocol, 'handle'>, rendererDir: string, headers: Record<string, string>): void {
  protocol.handle(APP_SCHEME, appRequestHandler(rendererDir, headers));
}
