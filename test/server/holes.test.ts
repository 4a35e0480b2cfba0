/**
 * Holes of the reference (osonpos-behaviour.md §12) that no resource's own tests cover: audit entries that outlive
 * a rolled-back write, internals in 500s, open CORS, a database lookup on every request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../shared/catalogue/index.js';
import type { OperationSpec } from '../../shared/catalogue/operation.js';
import { executeOperation, type Handler } from '../../app/operation.js';
import { atCommit } from '../../app/write.js';
import { domainHandlers } from '../../app/handlers.js';
import { uuidv7 } from '../../shared/ids.js';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody } from '../helpers/checks.js';

describe.each(await testEngines())('holes closed across operations on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server);
  });
  afterAll(() => server.close());

  const auditCount = async () =>
    (await server.database.db.selectFrom('audit_log').select('id').where('business_id', '=', shop.businessId).execute()).length;

  it('D13: a write that fails at its very end leaves neither the record nor its audit entry', async () => {
    const spec = catalogue.find((entry) => entry.operationId === 'WarehouseController_create') as OperationSpec;
    const real = domainHandlers.get('WarehouseController_create') as Handler;
    // The real warehouse create, then a failure in the last step before COMMIT (after the audit entry is written).
    const failingAtCommit: Handler = {
      ...real,
      async run(db, input, ctx) {
        const result = await real.run(db, input, ctx);
        await atCommit(ctx, async () => {
          throw new Error('disk full');
        });
        return result;
      },
    };
    const before = await auditCount();
    const ctx = { businessId: shop.businessId, actor: { kind: 'user' as const, id: shop.userId, role: 'OWNER' as const }, now: new Date().toISOString(), side: 'server' as const, newId: uuidv7 };
    await expect(
      executeOperation(server.database, spec, failingAtCommit, { body: { name: 'Never stored', location: null }, query: undefined, params: {} } as never, ctx),
    ).rejects.toThrow('disk full');
    expect(await auditCount()).toBe(before);
    const stored = await server.database.db.selectFrom('warehouses').select('id').where('business_id', '=', shop.businessId).where('name', '=', 'Never stored').execute();
    expect(stored).toEqual([]);
  });

  it('D13: an acknowledged write has exactly one audit entry, written with it', async () => {
    const before = await auditCount();
    const created = await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: { name: 'Audited' } });
    expect(created.status).toBe(201);
    expect(await auditCount()).toBe(before + 1);
  });
});

describe('holes closed in the platform', () => {
  let server: TestServer;
  let shop: Tenant;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    shop = await registerTenant(server);
  });
  afterAll(() => server.close());

  it('S14: grants no cross-origin access to any origin, with or without credentials', async () => {
    for (const origin of ['http://evil.example', 'file://', 'null', 'http://localhost:3000']) {
      const response = await server.request('GET', '/api/v1/warehouses/all', { token: shop.token, headers: { origin } });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      const preflight = await server.request('OPTIONS', '/api/v1/warehouses/all', { headers: { origin, 'access-control-request-method': 'GET' } });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('B9: resolves a token’s principal from the database at most once per few seconds, not on every request', async () => {
    const authorization = `Bearer ${shop.token}`;
    expect(await server.services.principals.resolve(authorization)).not.toBeNull();
    // Deleted behind the resolver's back: the cached answer stands (no lookup), until the cache is told.
    await server.database.db.updateTable('users').set({ is_deleted: 1 }).where('id', '=', shop.userId).execute();
    expect(await server.services.principals.resolve(authorization)).not.toBeNull();
    server.services.principals.forget(shop.businessId, shop.userId);
    expect(await server.services.principals.resolve(authorization)).toBeNull();
    await server.database.db.updateTable('users').set({ is_deleted: 0 }).where('id', '=', shop.userId).execute();
  });
});

describe('a failure inside the service', () => {
  it('S13: answers 500 with a bare message: no driver message, SQL or stack trace', async () => {
    const server = await startTestServer('sqlite');
    const shop = await registerTenant(server);
    server.database.close();
    const response = await server.request('GET', '/api/v1/warehouses/all', { token: shop.token });
    expectErrorBody(response, 500, 'Internal server error');
    expect(JSON.stringify(response.body)).not.toMatch(/database|connection|sqlite|select|at .*\.ts/i);
    await server.app.close();
  });
});
