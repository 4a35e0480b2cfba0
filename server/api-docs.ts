/**
 * The API's documents: the OpenAPI document at `/api/docs/openapi.json` and Swagger UI at `/api/docs`.
 *
 * Swagger UI shares its origin with the owner's console, whose tokens live there, so it gets the same kind of strict
 * Content-Security-Policy (issue 28 §3): its page loads only its own script and style files (the plugin's
 * index.html has no inline code; the initialiser is a file too) and one inline style known by its hash, asks only
 * this origin, is never framed and submits no form elsewhere. The validator badge, which would load an image from a third-party host, stays off
 * (said here, not left to the plugin's default).
 */
import { createHash } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export const DOCS_PREFIX = '/api/docs';

/**
 * The one inline style the page has: the `<style>` inside the Swagger logo's SVG in the top bar
 * (swagger-ui-standalone-preset.js). Allowed by its hash, not by 'unsafe-inline'; a Swagger UI whose logo changes
 * fails test/server/api-docs.test.ts until this is updated.
 */
export const LOGO_STYLE = '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' ${hashOf(LOGO_STYLE)}`,
  // data: for the icons and the spinner swagger-ui.css draws as data: SVGs.
  "img-src 'self' data:",
  "font-src 'self'",
  // The document itself and "Try it out", both on this origin.
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

export async function registerApiDocs(app: FastifyInstance, document: object): Promise<void> {
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('content-security-policy', DOCS_CSP);
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('cross-origin-resource-policy', 'same-origin');
      return payload;
    });
    await scope.register(swaggerUi, { routePrefix: DOCS_PREFIX, validatorUrl: false });
  });
  app.get(`${DOCS_PREFIX}/openapi.json`, async () => document);
}
