import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { lifeCycleTests } from '../helpers/life-cycle.js';

describe.each(await testEngines())('suppliers on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
  });
  afterAll(() => server.close());

  lifeCycleTests(() => ({ server, shop, rival }), {
    base: '/api/v1/suppliers',
    table: 'suppliers',
    sample: {
      name: 'Fresh Farms',
      description: 'Vegetables',
      contact_person: 'Aziz',
      phone_number: '+998 90 123 45 67',
      email: 'farm@example.com',
      address: 'Tashkent',
    },
    required: 'name',
    patch: { phone_number: '+998 91 000 00 00', address: null },
    findOne: true,
    notFound: 'Supplier not found',
    auditNoun: 'SUPPLIER',
  });

  it('shows absent optional fields as null, and a null name on update leaves the name alone', async () => {
    const created = await server.request('POST', '/api/v1/suppliers/create', { token: shop.token, body: { name: 'Bare' } });
    expect(created.body).toMatchObject({
      name: 'Bare',
      description: null,
      contact_person: null,
      phone_number: null,
      email: null,
      address: null,
    });
    const updated = await server.request('PATCH', `/api/v1/suppliers/update/${created.body.id}`, {
      token: shop.token,
      body: { name: null, email: 'x@y.z' },
    });
    expect(updated.body).toMatchObject({ name: 'Bare', email: 'x@y.z', address: null });
    const row = await server.database.db
      .selectFrom('suppliers')
      .select(['name', 'email'])
      .where('id', '=', created.body.id)
      .executeTakeFirst();
    expect(row).toEqual({ name: 'Bare', email: 'x@y.z' });
  });
});
