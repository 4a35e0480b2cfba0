import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody, expectValidation } from '../helpers/checks.js';

describe.each(await testEngines())('hostile input on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server);
  });
  afterAll(() => server.close());

  it('refuses text with a NUL character with a 400 naming the field (PostgreSQL cannot store it)', async () => {
    expectValidation(await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: { name: 'a\u0000b' } }), 'name must not contain NUL characters');
    expectValidation(await server.request('POST', '/api/v1/auth/login', { body: { login: 'x\u0000', password: 'yyyyyyy' } }), 'login must not contain NUL characters');
  });

  it('answers an id with a NUL character or of absurd length with 404', async () => {
    expectErrorBody(await server.request('GET', '/api/v1/warehouses/a%00b', { token: shop.token }), 404);
    expectErrorBody(await server.request('GET', `/api/v1/warehouses/${'x'.repeat(3000)}`, { token: shop.token }), 404);
    expectErrorBody(await server.request('DELETE', '/api/v1/warehouses/delete/a%00b', { token: shop.token }), 404);
  });

  it.each(['text/plain', 'text/plain; charset=utf-8'])('answers a %s body with 415 and the error body, as for any type but JSON, and changes nothing', async (type) => {
    const headers = { 'content-type': type };
    const before = await server.request('GET', '/api/v1/warehouses/all', { token: shop.token });
    expectErrorBody(
      await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: '{"name":"x"}', headers }),
      415,
      'Content-Type must be application/json',
    );
    expectErrorBody(await server.request('POST', '/api/v1/auth/login', { body: '{"login":"a","password":"bbbbbbb"}', headers }), 415);
    expect((await server.request('GET', '/api/v1/warehouses/all', { token: shop.token })).body).toEqual(before.body);
  });
});
