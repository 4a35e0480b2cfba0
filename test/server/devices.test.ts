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

    it('accepts IPv4 and IPv6 addresses, host names, ports 1–65535 and MAC addresses, stored as AA:BB:CC:DD:EE:FF', async () => {
      for (const [fields, stored] of [
        [{ ip_address: '10.0.0.1', port: '1' }, {}],
        [{ ip_address: '::ffff:10.0.0.1', port: '65535', mac_address: '00-1a-2b-3c-4d-5e' }, { mac_address: '00:1A:2B:3C:4D:5E' }],
        [{ ip_address: 'printer.local', mac_address: 'AABBCCDDEEFF' }, { mac_address: 'AA:BB:CC:DD:EE:FF' }],
        [{ ip_address: 'PRN-01', mac_address: 'aabbccddeeff' }, { mac_address: 'AA:BB:CC:DD:EE:FF' }],
        [{ mac_address: 'AA-BB-CC-DD-EE-FF' }, { mac_address: 'AA:BB:CC:DD:EE:FF' }],
        [{ mac_address: 'aa:bb:cc:dd:ee:ff' }, { mac_address: 'AA:BB:CC:DD:EE:FF' }],
        [{ ip_address: null, port: null, mac_address: null }, {}],
        [{ ip_address: '', port: '', mac_address: '' }, { ip_address: null, port: null, mac_address: null }],
        [{}, {}],
      ] as const) {
        const created = await create({ name: 'Ok', ...fields });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const expected: Record<string, string | null> = Object.assign({ ip_address: null, port: null, mac_address: null }, fields, stored);
        expect(created.body).toMatchObject(expected);
        const row = await server.database.db.selectFrom(kind.table).selectAll().where('id', '=', created.body.id).executeTakeFirstOrThrow();
        expect(row).toMatchObject(expected);
      }
    });

    it('clears an address on update when "" is sent, and normalises a MAC address sent on update', async () => {
      const created = await create({ ...DEVICE, mac_address: 'AA:BB:CC:DD:EE:FF' });
      const cleared = await server.request('PATCH', `${base}/update/${created.body.id}`, { token: shop.token, body: { ip_address: '', mac_address: '' } });
      expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
      expect(cleared.body).toMatchObject({ ip_address: null, mac_address: null, port: '9100' });
      const set = await server.request('PATCH', `${base}/update/${created.body.id}`, { token: shop.token, body: { mac_address: '0a1b2c3d4e5f' } });
      expect(set.body).toMatchObject({ mac_address: '0A:1B:2C:3D:4E:5F' });
    });

    it('rejects a bad address, port or MAC address with a line naming the field, and stores nothing', async () => {
      const before = await count();
      expectValidation(await create({ name: 'Bad', ip_address: '300.1.1.1' }), 'ip_address must be an IPv4 or IPv6 address or a host name');
      expectValidation(await create({ name: 'Bad', ip_address: 'the printer by the door' }), 'ip_address must be an IPv4 or IPv6 address or a host name');
      expectValidation(await create({ name: 'Bad', ip_address: 'printer_1.local' }), 'ip_address must be');
      expectValidation(await create({ name: 'Bad', ip_address: ' ' }), 'ip_address must be');
      expectValidation(await create({ name: 'Bad', mac_address: 'AA-BB:CC:DD:EE:FF' }), 'mac_address must be a MAC address');
      expectValidation(await create({ name: 'Bad', mac_address: 'AABBCCDDEE' }), 'mac_address must be a MAC address');
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
