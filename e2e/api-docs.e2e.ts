/**
 * Swagger UI at `/api/docs`, in Chromium against a real central service, under its strict Content-Security-Policy
 * (issue 28 §3, server/api-docs.ts): the page renders the operations, "Try it out" runs one against this origin,
 * and the page reports no CSP violation and no script error. Screenshot: e2e/artifacts/api-docs.png.
 */
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, startService, type Service } from './harness.js';

describe('Swagger UI under its Content-Security-Policy', () => {
  let dir: string;
  let service: Service;
  let browser: Browser;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kassa-api-docs-e2e-'));
    mkdirSync(ARTIFACTS, { recursive: true });
    service = await startService(join(dir, 'service'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await service?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('renders the operations and runs one with "Try it out", with no CSP violation or script error', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // A CSP violation is logged by Chromium as a console error ("Refused to load …", "Applying inline style violates …").
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(`console: ${message.text()}`);
    });
    const response = await page.goto(`${service.url}/api/docs/`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('.swagger-ui .info .title').waitFor();
    // "Try it out" on the service's greeting: the request goes to this origin and its answer is shown.
    const greeting = page.locator('.opblock', { has: page.locator('.opblock-summary-path', { hasText: /^\/api\/v1$/ }) }).first();
    await greeting.locator('.opblock-summary').click();
    await greeting.getByRole('button', { name: 'Try it out' }).click();
    await greeting.getByRole('button', { name: 'Execute' }).click();
    await greeting.locator('.live-responses-table .response-col_status', { hasText: '200' }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'api-docs.png') });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
