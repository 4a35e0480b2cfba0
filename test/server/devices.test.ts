import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectValidation } from '../helpers/checks.js';
import { lifeCycleTests } from '../helpers/life-cycle.js';

const KINDS = [
  { segment: 'printers', table: 'printers', label: 'Printer', auditNoun: 'PRINTER' },
  { segment: 'payment-devices', table: 'payment_devices', label: 'Payment device', auditNoun: 'PAYMENT_DEVICE' },
] as const;

const DEVICE = {
  name: 'Front',
  guid: 'dev-1',
  ip_address: '192.168.1.50',
  port: '9100',
  provider: 'Epson',
  mac_address: 'AA:BB:CC:DD:EE:FF',
  type: 'LAN',
};

describe.each(await testEngines())('printers and payment devices on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
  });
  afterAll(() => server.close());

  describe.each(KINDS)('$segment', (kind) => {
    const base = `/api/v1/business-config/${kind.segment}`;
    const create = (body: Record<string, unknown>) => server.request('POST', `${base}/create`, { token: shop.token, body });
    const count = async () => ((await server.request('GET', `${base}/all`, { token: shop.token })).body as unknown[]).length;

    lifeCycleTests(() => ({ server, shop, rival }), {
      base,
      table: kind.table,
      sample: DEVICE,
      required: 'name',
      patch: { ip_address: 'fe80::1', port: '8080', mac_address: null },
      findOne: false,
      notFound: `${kind.label} not found`,
      auditNoun: kind.auditNoun,
    });

    it('accepts IPv4 and IPv6 addresses, ports 1–65535 and MAC addresses with either separator', async () => {
      for (const fields of [
        { ip_address: '10.0.0.1', port: '1' },
        { ip_address: '::ffff:10.0.0.1', port: '65535', mac_address: '00-1a-2b-3c-4d-5e' },
        { ip_address: null, port: null, mac_address: null },
        {},
      ]) {
        const created = await create({ name: 'Ok', ...fields });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        expect(created.body).toMatchObject({ ip_address: null, port: null, mac_address: null, ...fields });
      }
    });

    it('rejects a bad address, port or MAC address with a line naming the field, and stores nothing', async () => {
      const before = await count();
      expectValidation(await create({ name: 'Bad', ip_address: '300.1.1.1' }), 'ip_address must be an IPv4 or IPv6 address');
      expectValidation(await create({ name: 'Bad', ip_address: 'printer.local' }), 'ip_address must be an IPv4 or IPv6 address');
      expectValidation(await create({ name: 'Bad', ip_address: '' }), 'ip_address must be an IPv4 or IPv6 address');
      expectValidation(await create({ name: 'Bad', port: '0' }), 'port must be a port number from 1 to 65535');
      expectValidation(await create({ name: 'Bad', port: '65536' }), 'port must be a port number');
      expectValidation(await create({ name: 'Bad', port: 'http' }), 'port must be a port number');
      expectValidation(await create({ name: 'Bad', port: 9100 }), 'port must be a string');
      expectValidation(
        await create({ name: 'Bad', mac_address: 'AA:BB:CC:DD:EE' }),
        'mac_address must be a MAC address like AA:BB:CC:DD:EE:FF',
      );
      const all = await create({ name: 'Bad', ip_address: '1.2.3', port: '-1', mac_address: 'x' });
      expectValidation(all, 'ip_address must be', 'port must be', 'mac_address must be');
      expect(await count()).toBe(before);
    });

    it('validates the network fields on update too and leaves the record unchanged', async () => {
      const created = await create(DEVICE);
      expectValidation(
        await server.request('PATCH', `${base}/update/${created.body.id}`, {
          token: shop.token,
          body: { ip_address: '1.2.3.4.5' },
        }),
        'ip_address must be',
      );
      expectValidation(
        await server.request('PATCH', `${base}/update/${created.body.id}`, { token: shop.token, body: { port: '99999' } }),
        'port must be',
      );
      const row = await server.database.db
        .selectFrom(kind.table)
        .selectAll()
        .where('id', '=', created.body.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ ip_address: '192.168.1.50', port: '9100', dt_updated: created.body.dt_updated });
    });
  });
});
