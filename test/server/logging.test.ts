/**
 * What the service writes to its log about a failed request: the tenant and the actor it failed for, never the
 * token it came with, and never the internals in the answer.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';

describe.each(await testEngines())('the service’s log on %s', (engine) => {
  const lines: string[] = [];
  let server: TestServer;
  let shop: Tenant;
  beforeAll(async () => {
    server = await startTestServer(engine, { logLevel: 'warn' }, { logStream: { write: (line) => void lines.push(line) } });
    shop = await registerTenant(server);
  });
  afterAll(() => server.close());

  it('names the tenant and the actor of a request that failed inside the service, and not its token', async () => {
    // An internal fault: the table the operation writes is gone.
    await sql`drop table measurements`.execute(server.database.db);
    const response = await server.request('POST', '/api/v1/measurements/create', { token: shop.token, body: { name: 'kg' } });
    expect(response.status).toBe(500);
    expect(response.body).toMatchObject({ statusCode: 500, message: 'Internal server error', detail: null });
    const failures = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'unhandled error');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ businessId: shop.businessId, actorId: shop.userId });
    expect(lines.join('\n')).not.toContain(shop.token);
  });
});
