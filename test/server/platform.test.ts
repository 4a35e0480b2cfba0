import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody } from '../helpers/checks.js';
import { domainHandlers } from '../../app/handlers.js';
import type { Handler } from '../../app/operation.js';

const reference = JSON.parse(readFileSync(new URL('../../../shared/reference/osonpos-openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string }>>;
};

describe.each(await testEngines())('the service platform on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  beforeAll(async () => {
    server = await startTestServer(engine, { bodyLimit: 4096 });
    shop = await registerTenant(server);
  });
  afterAll(() => server.close());

  it('answers the hello operation at the API root', async () => {
    const response = await server.request('GET', '/api/v1');
    expect(response.status).toBe(200);
    expect(response.body).toBe('Hello World!');
  });

  it('answers an unknown route with the reference error body and 404', async () => {
    expectErrorBody(await server.request('GET', '/api/v1/no-such-thing?x=1'), 404, 'Cannot GET /api/v1/no-such-thing');
  });

  it('answers a body over the configured limit with 413', async () => {
    const response = await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: { name: 'x'.repeat(5000) } });
    expectErrorBody(response, 413, 'too large');
  });

  it('S13: answers malformed JSON with 400 and no parser internals', async () => {
    const response = await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: '{"name": "x",' });
    expectErrorBody(response, 400, 'Body is not valid JSON');
  });

  it('answers a non-JSON content type with 415', async () => {
    const response = await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectErrorBody(response, 415);
  });

  it('answers operations of later issues with 501 and the error body, after checking the token', async () => {
    // Every tenant operation has a handler by now: a service built without one shows what a missing one answers.
    const handlers = domainHandlers as Map<string, Handler>;
    const orders = handlers.get('OrderController_findAll') as Handler;
    handlers.delete('OrderController_findAll');
    const partial = await startTestServer(engine).finally(() => handlers.set('OrderController_findAll', orders));
    try {
      const tenant = await registerTenant(partial);
      expectErrorBody(await partial.request('GET', '/api/v1/orders/all'), 401);
      expectErrorBody(await partial.request('GET', '/api/v1/orders/all', { token: tenant.token }), 501, 'OrderController_findAll');
    } finally {
      await partial.close();
    }
  });

  it('reports liveness, readiness and Prometheus metrics', async () => {
    expect((await server.request('GET', '/healthz')).status).toBe(200);
    const ready = (await server.request('GET', '/readyz')).body;
    if (engine === 'postgres') {
      // And the change capture consumer's state (server/capture/), never its errors' text.
      expect(ready).toEqual({ status: 'ready', capture: { state: expect.stringMatching(/^(starting|standby|leading|failed)$/), headVersion: expect.stringMatching(/^\d+$/) } });
    } else expect(ready).toEqual({ status: 'ready' });
    const metrics = await server.request('GET', '/metrics');
    expect(metrics.status).toBe(200);
    expect(String(metrics.body)).toContain('kassa_http_requests_total{method="GET",route="/healthz",status="200"}');
  });

  it('S14: sets protective headers on every response', async () => {
    const response = await server.request('GET', '/healthz');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('publishes an OpenAPI document with every reference operation under /api/v1, and a docs UI', async () => {
    const document = (await server.request('GET', '/api/docs/openapi.json')).body as typeof reference;
    const ours = new Map<string, string>();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) ours.set(`${method.toUpperCase()} ${path}`, operation.operationId);
    }
    let count = 0;
    for (const [path, methods] of Object.entries(reference.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        count += 1;
        const key = `${method.toUpperCase()} /api/v1${path === '/' ? '' : path}`;
        expect(ours.get(key), key).toBe(operation.operationId);
      }
    }
    expect(count).toBe(157);
    // Our extensions are published beside them, marked.
    const extensions = Object.values(document.paths).flatMap((methods) => Object.values(methods as Record<string, any>).filter((operation) => operation['x-kassa-extension']));
    expect(extensions.map((operation) => operation.operationId).sort()).toEqual([
      'SyncController_bootstrap',
      'SyncController_pokes',
      'SyncController_createEnrollmentCode',
      'SyncController_enroll',
      'SyncController_listRefusedOperations',
      'SyncController_listTerminals',
      'SyncController_revokeTerminal',
      'StockQuantityController_history',
      'ItemModifierController_importItems',
      'SyncController_fleet',
      'SettlmentController_createCashMove',
      'SettlmentController_findCashMoves',
      'SettlmentController_report',
      'OrderRefundController_create',
      'OrderRefundController_void',
      'OrderRefundController_findAll',
      'OrderRefundController_findOne',
      'OrderRefundController_findByOrder',
      'ReportController_sales',
      'ReportController_debtAging',
      'ReportController_openShifts',
    ].sort());
    const receipt = (document.paths['/api/v1/receipt/create'] as Record<string, any>).post;
    expect(receipt.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['name', 'warehouseId', 'items']));
    const ui = await server.request('GET', '/api/docs');
    expect([200, 302]).toContain(ui.status);
  });
});
