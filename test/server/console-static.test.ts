/**
 * The owner's console over real HTTP (the service listening on port 0): served at `/` under a strict
 * Content-Security-Policy, its routes answered by its index.html, and none of the service's own paths shadowed.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type BuiltServer } from '../../server/app.js';
import { freshDatabase, type TestDatabase } from '../helpers/databases.js';
import { TEST_CONFIG } from '../helpers/server.js';

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

function fixtureConsole(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-console-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log("console");');
  return dir;
}

async function serve(consoleDir: string): Promise<{ built: BuiltServer; database: TestDatabase; base: string }> {
  const database = await freshDatabase('sqlite');
  const built = await buildServer(TEST_CONFIG, database, { consoleDir });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { built, database, base: `http://127.0.0.1:${address.port}` };
}

describe('the owner console served by the service', () => {
  let service: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    service = await serve(fixtureConsole());
  });
  afterAll(async () => {
    await service.built.app.close();
    await service.database.close();
  });

  it('answers / with the console page under a CSP that allows no inline script, only same-origin requests and no framing', async () => {
    const response = await fetch(`${service.base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(INDEX);
    const csp = response.headers.get('content-security-policy') ?? '';
    const directives = new Map(csp.split(';').map((part) => { const [name = '', ...values] = part.trim().split(/\s+/); return [name, values.join(' ')]; }));
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('style-src')).toBe("'self'");
    expect(directives.get('connect-src')).toBe("'self'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a console route such as /points or /employees/42 with the same page (a reload keeps the page)', async () => {
    for (const path of ['/points', '/employees/42', '/sign-in?next=%2Fpoints', '/register/']) {
      const response = await fetch(`${service.base}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(INDEX);
      expect(response.headers.get('content-security-policy'), path).toContain("script-src 'self'");
    }
  });

  it('serves the content-hashed assets with the CSP and a long cache, and 404s an unknown one', async () => {
    const asset = await fetch(`${service.base}/assets/index-abc.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toContain('console');
    const missing = await fetch(`${service.base}/assets/nothing.js`);
    expect(missing.status).toBe(404);
  });

  it('leaves the service its own paths: the API, its docs, health, metrics, downloads and releases are never the console page', async () => {
    const api = await fetch(`${service.base}/api/v1/no-such-operation`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as { message: string }).message).toBe('Cannot GET /api/v1/no-such-operation');
    const signedOut = await fetch(`${service.base}/api/v1/business-config/points/all`);
    expect(signedOut.status).toBe(401);
    expect((await fetch(`${service.base}/healthz`)).headers.get('content-type')).toMatch(/json/);
    expect((await fetch(`${service.base}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${service.base}/metrics`)).text()).not.toContain('<div id="root">');
    expect((await fetch(`${service.base}/api/docs/openapi.json`)).headers.get('content-type')).toMatch(/json/);
    for (const path of ['/docs', '/downloads/abc/windows', '/releases/latest.yml', '/favicon.ico', '/robots.txt']) {
      const response = await fetch(`${service.base}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('<div id="root">');
    }
  });

  it('answers the console route only for GET: a POST to it is the service\'s 404', async () => {
    const response = await fetch(`${service.base}/points`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(404);
  });
});

describe('a service whose console is not built', () => {
  it('says at / how to build it, still answers its API, and serves the console once it is built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'kassa-console-empty-'));
    const service = await serve(empty);
    try {
      const page = await fetch(`${service.base}/`);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('npm run build:console');
      expect((await fetch(`${service.base}/healthz`)).status).toBe(200);
      // npm start builds the console beside the starting service: no restart is needed to serve it.
      mkdirSync(join(empty, 'assets'));
      writeFileSync(join(empty, 'index.html'), INDEX);
      writeFileSync(join(empty, 'assets', 'index-abc.js'), 'console.log("console");');
      expect(await (await fetch(`${service.base}/points`)).text()).toBe(INDEX);
      expect((await fetch(`${service.base}/assets/index-abc.js`)).status).toBe(200);
    } finally {
      await service.built.app.close();
      await service.database.close();
    }
  });
});
