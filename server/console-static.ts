/**
 * Serves the owner's console (console/, built into dist/console) at `/`, from the API's own origin: the console's
 * requests are then same-origin calls of the public API, with no CORS to open and no token crossing origins.
 *
 * - `/assets/*` are Vite's content-hashed files, cached for a year (a new build has new names);
 * - every other GET that is not the service's own (API, docs, health, metrics, downloads, releases, chat socket)
 *   and does not name a file answers the console's index.html (a single-page app: `/points` is a console route), never
 *   cached, so a new build is picked up on the next load;
 * - all of it under a strict Content-Security-Policy: scripts, styles and fonts from this origin's files only (no
 *   inline code, no eval), requests to this origin only, never framed.
 *
 * When the console has not been built (no index.html), `/` says how to build it instead of a bare 404. Whether it is
 * built is looked up at each page load, so a console built while the service runs (`npm start` builds it beside
 * the starting service) is served without a restart.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where `npm run build:console` writes the console (console/vite.config.ts). */
export const DEFAULT_CONSOLE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'console');

export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // data: and blob: for the images the console draws itself (QR codes, barcodes, charts exported as pictures).
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/**
 * Paths that belong to the service, never to the console: an unknown path under one of them is the service's JSON
 * 404, not the console's page. `/api` covers `/api/v1` and the API docs at `/api/docs`.
 */
export const SERVICE_PREFIXES = ['/api', '/docs', '/metrics', '/readyz', '/healthz', '/downloads', '/releases', '/socket.io', '/assets'] as const;

function isServicePath(path: string): boolean {
  return SERVICE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** A console route is a path without a file extension in its last segment (`/points`, `/employees/42`). */
function namesAFile(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.');
}

export async function registerConsole(app: FastifyInstance, consoleDir: string = DEFAULT_CONSOLE_DIR): Promise<void> {
  const built = () => existsSync(join(consoleDir, 'index.html'));
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('content-security-policy', CONSOLE_CSP);
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('cross-origin-resource-policy', 'same-origin');
      return payload;
    });

    await scope.register(fastifyStatic, {
      root: join(consoleDir, 'assets'),
      prefix: '/assets/',
      index: false,
      immutable: true,
      maxAge: '365d',
      decorateReply: true,
      // Not built yet is a state the page handler explains, not a warning at every start.
      suppressWarning: true,
    });

    const page = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = (request.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
      if (path !== '/' && (isServicePath(path) || namesAFile(path))) return reply.callNotFound();
      if (!built()) {
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('The console is not built. Run "npm run build:console" (npm start builds it by itself), then reload.');
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html', consoleDir, { cacheControl: false });
    };
    scope.get('/', page);
    scope.get('/*', page);
  });
}
