/**
 * A printer's point (`automated_point_id`, additive, migration 0028): the printer's create and update take it as an
 * optional field that must name a live point of the caller's business (400 naming the field, nothing stored), null
 * on update clears it, and the list shows it; a payment device has no such field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { expectValidation } from '../helpers/checks.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';

const base = '/api/v1/business-config/printers';

describe.each(await testEngines())('a printer’s point on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;
  let point: string;
  let otherPoint: string;
  let rivalPoint: string;

  const createPoint = async (tenant: Tenant, name: string) => {
    const created = await server.request('POST', '/api/v1/business-config/points/create', { token: tenant.token, body: { name } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  };
  const printers = async () => (await server.request('GET', `${base}/all`, { token: shop.token })).body as { id: string; automated_point_id: string | null }[];

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
    point = await createPoint(shop, 'Chorsu');
    otherPoint = await createPoint(shop, 'Kiosk');
    rivalPoint = await createPoint(rival, 'Rival market');
  });
  afterAll(() => server.close());

  it('stores the point a printer belongs to, lists it, moves it and clears it with null; without it a printer has none', async () => {
    const created = await server.request('POST', `${base}/create`, { token: shop.token, body: { name: 'Kassa', ip_address: '10.0.0.5', automated_point_id: point } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.automated_point_id).toBe(point);
    const plain = await server.request('POST', `${base}/create`, { token: shop.token, body: { name: 'Anywhere' } });
    expect(plain.body.automated_point_id).toBeNull();
    expect((await printers()).find((row) => row.id === created.body.id)?.automated_point_id).toBe(point);

    const moved = await server.request('PATCH', `${base}/update/${created.body.id}`, { token: shop.token, body: { automated_point_id: otherPoint } });
    expect(moved.status).toBe(200);
    expect(moved.body.automated_point_id).toBe(otherPoint);
    // An update that leaves the point alone keeps it.
    expect((await server.request('PATCH', `${base}/update/${created.body.id}`, { token: shop.token, body: { port: '9101' } })).body.automated_point_id).toBe(otherPoint);
    const cleared = await server.request('PATCH', `${base}/update/${created.body.id}`, { token: shop.token, body: { automated_point_id: null } });
    expect(cleared.body.automated_point_id).toBeNull();
  });

  it('refuses a point of another business, an unknown or deleted point and a non-string with a 400 naming the field, and stores nothing', async () => {
    const before = (await printers()).length;
    for (const bad of [rivalPoint, 'no-such-point', '']) {
      expectValidation(await server.request('POST', `${base}/create`, { token: shop.token, body: { name: 'Bad', automated_point_id: bad } }), 'automated_point_id must be an existing point of the business');
    }
    expectValidation(await server.request('POST', `${base}/create`, { token: shop.token, body: { name: 'Bad', automated_point_id: 7 } }), 'automated_point_id must be a string');
    expect(await printers()).toHaveLength(before);

    const printer = await server.request('POST', `${base}/create`, { token: shop.token, body: { name: 'Kassa 2', automated_point_id: point } });
    const gone = await createPoint(shop, 'Closed shop');
    expect((await server.request('DELETE', `/api/v1/business-config/points/delete/${gone}`, { token: shop.token })).status).toBe(200);
    expectValidation(await server.request('PATCH', `${base}/update/${printer.body.id}`, { token: shop.token, body: { name: 'Renamed', automated_point_id: gone } }), 'automated_point_id must be an existing point of the business');
    expect((await printers()).find((row) => row.id === printer.body.id)).toMatchObject({ automated_point_id: point, name: 'Kassa 2' });
  });

  it('is a printer’s field only: a payment device refuses it as an unknown field', async () => {
    const device = await server.request('POST', '/api/v1/business-config/payment-devices/create', { token: shop.token, body: { name: 'Terminal', automated_point_id: point } });
    expect(device.status).toBe(400);
    expect(JSON.stringify(device.body)).toContain('automated_point_id');
  });
});
