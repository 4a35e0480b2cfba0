import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody } from '../helpers/checks.js';
import { lifeCycleTests } from '../helpers/life-cycle.js';

describe.each(await testEngines())('payment methods on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
  });
  afterAll(() => server.close());

  lifeCycleTests(() => ({ server, shop, rival }), {
    base: '/api/v1/payment-methods',
    table: 'payment_methods',
    sample: { name: 'Card', guid: 'card-1' },
    required: 'name',
    patch: { name: 'Bank card', guid: null },
    findOne: true,
    notFound: 'Payment method not found',
    auditNoun: 'PAYMENT_METHOD',
  });

  it('gives a newly registered business exactly one payment method, Cash', async () => {
    const fresh = await registerTenant(server, 'fresh');
    const list = await server.request('GET', '/api/v1/payment-methods/all', { token: fresh.token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ name: 'Cash', guid: null, is_deleted: false });
    const rows = await server.database.db
      .selectFrom('payment_methods')
      .select(['name'])
      .where('business_id', '=', fresh.businessId)
      .execute();
    expect(rows).toEqual([{ name: 'Cash' }]);
  });

  it('B2: answers 404 for an unknown id where the reference answered 200 with an empty body', async () => {
    expectErrorBody(
      await server.request('GET', '/api/v1/payment-methods/00000000-0000-7000-8000-000000000000', { token: shop.token }),
      404,
      'Payment method not found',
    );
  });

  it('does not seed Cash when a registration fails', async () => {
    const before = await server.database.db.selectFrom('payment_methods').select('id').where('name', '=', 'Cash').execute();
    const duplicate = await server.request('POST', '/api/v1/auth/register', {
      body: { login: shop.login, password: 'another password', businessName: 'Copy', name: 'Copycat' },
    });
    expect(duplicate.status).toBe(400);
    const after = await server.database.db.selectFrom('payment_methods').select('id').where('name', '=', 'Cash').execute();
    expect(after.length).toBe(before.length);
  });
});
