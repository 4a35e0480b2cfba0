/**
 * Swagger UI at /api/docs shares the console's origin, so it answers under a strict Content-Security-Policy
 * (issue 28 §3). That the page still works under it is checked in Chromium by e2e/api-docs.e2e.ts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_CSP, LOGO_STYLE } from '../../server/api-docs.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('the API docs page', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('answers its page, scripts, styles and document under a CSP with no inline code but the logo style, never framed', async () => {
    for (const path of ['/api/docs/', '/api/docs/static/swagger-initializer.js', '/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/swagger-ui.css', '/api/docs/json']) {
      const response = await server.request('GET', path);
      expect(response.status, path).toBe(200);
      const csp = String(response.headers['content-security-policy']);
      expect(csp, path).toBe(DOCS_CSP);
      expect(response.headers['x-content-type-options'], path).toBe('nosniff');
      expect(response.headers['x-frame-options'], path).toBe('DENY');
      expect(response.headers['cross-origin-opener-policy'], path).toBe('same-origin');
    }
    const directives = new Map(DOCS_CSP.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('style-src')).toEqual(["'self'", expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/)]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(DOCS_CSP).not.toMatch(/unsafe-|https:|\*/);
  });

  it('has no inline script in its page, and the one inline style it allows is still the one Swagger UI draws', async () => {
    const page = (await server.request('GET', '/api/docs/')).body as string;
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page).not.toMatch(/<style|style=/);
    const preset = join(dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')), 'static', 'swagger-ui-standalone-preset.js');
    expect(readFileSync(preset, 'utf8')).toContain(`"style",null,"${LOGO_STYLE}"`);
  });

  it('does not ask the third-party validator for a badge', async () => {
    const initializer = (await server.request('GET', '/api/docs/static/swagger-initializer.js')).body as string;
    expect(initializer).toMatch(/validatorUrl: null/);
  });
});
