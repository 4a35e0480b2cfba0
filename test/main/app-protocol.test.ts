import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRequestHandler } from '../../main/app-protocol.js';
import { contentSecurityPolicy, securityHeaders } from '../../main/security.js';

let dir: string;
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kassa-app-'));
  await mkdir(join(dir, 'dist', 'assets'), { recursive: true });
  await writeFile(join(dir, 'dist', 'index.html'), '<!doctype html><title>Kassa</title>');
  await writeFile(join(dir, 'dist', 'assets', 'app.css'), 'body{}');
  await writeFile(join(dir, 'outside.txt'), 'private');
  handle = appRequestHandler(join(dir, 'dist'), securityHeaders(contentSecurityPolicy()));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the kassa://app/ scheme', () => {
  it('serves the renderer’s files with the CSP on every response', async () => {
    const page = await handle(new Request('kassa://app/index.html'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Kassa</title>');
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const style = await handle(new Request('kassa://app/assets/app.css'));
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers app routes with the entry page, and missing files with 404', async () => {
    expect(await (await handle(new Request('kassa://app/stock/warehouse-1'))).text()).toContain('<title>Kassa</title>');
    expect((await handle(new Request('kassa://app/assets/none.js'))).status).toBe(404);
  });

  it('serves nothing for another host of the scheme, nor outside the renderer directory', async () => {
    expect((await handle(new Request('kassa://evil/index.html'))).status).toBe(404);
    expect((await handle(new Request('kassa://app/../outside.txt'))).status).toBe(404);
    const escaped = await handle(new Request('kassa://app/%2e%2e/outside.txt'));
    expect(await escaped.text()).not.toBe('private');
  });

  it('answers only GET and HEAD', async () => {
    expect((await handle(new Request('kassa://app/index.html', { method: 'POST', body: 'x' }))).status).toBe(405);
  });

  it('shows a placeholder page while the renderer is not built', async () => {
    const empty = appRequestHandler(join(dir, 'nothing-here'), securityHeaders(contentSecurityPolicy()));
    const page = await empty(new Request('kassa://app/'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('not built yet');
  });
});
