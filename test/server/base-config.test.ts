import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody, expectValidation } from '../helpers/checks.js';
import { lifeCycleTests } from '../helpers/life-cycle.js';
import { WEIGHT_BARCODES_CONFIG_KEY } from '../../shared/barcodes/weight-barcode-settings.js';

let keyCounter = 0;
/** A key no other test uses, since keys are unique per business. */
const freshKey = (name: string) => `${name}.${++keyCounter}.${Math.random().toString(36).slice(2, 6)}`;

describe.each(await testEngines())('base config on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
  });
  afterAll(() => server.close());

  const create = (tenant: Tenant, body: Record<string, unknown>) =>
    server.request('POST', '/api/v1/base-config/create', { token: tenant.token, body });
  const liveRows = (tenant: Tenant, key: string) =>
    server.database.db
      .selectFrom('base_config')
      .select(['id', 'key_value'])
      .where('business_id', '=', tenant.businessId)
      .where('key_name', '=', key)
      .where('is_deleted', '=', 0)
      .execute();

  // Keys are unique per business and the shared tests create several records, so each sample has a new key.
  describe('life cycle', () => {
    lifeCycleTests(() => ({ server, shop, rival }), {
      base: '/api/v1/base-config',
      table: 'base_config',
      get sample() {
        return { key_name: freshKey('receipt.footer'), key_value: 'Thank you!' };
      },
      required: 'key_value',
      patch: { key_value: 'Come again' },
      findOne: true,
      notFound: 'Configuration not found',
      auditNoun: 'BASE_CONFIG',
    });
  });

  it('finds a live configuration by its key and answers 404 naming the key otherwise', async () => {
    const key = freshKey('currency');
    const created = await create(shop, { key_name: key, key_value: 'UZS' });
    const found = await server.request('GET', `/api/v1/base-config/key/${encodeURIComponent(key)}`, { token: shop.token });
    expect(found.status).toBe(200);
    expect(found.body).toEqual(created.body);
    expectErrorBody(
      await server.request('GET', `/api/v1/base-config/key/${encodeURIComponent(key)}`, { token: rival.token }),
      404,
      `Configuration with key "${key}" not found`,
    );
    await server.request('DELETE', `/api/v1/base-config/delete/${created.body.id}`, { token: shop.token });
    expectErrorBody(
      await server.request('GET', `/api/v1/base-config/key/${encodeURIComponent(key)}`, { token: shop.token }),
      404,
      `Configuration with key "${key}" not found`,
    );
    expectErrorBody(
      await server.request('GET', '/api/v1/base-config/key/no%20such%20key', { token: shop.token }),
      404,
      'Configuration with key "no such key" not found',
    );
  });

  it('refuses a second live row with the same key (409) and stores nothing, while other businesses may use it', async () => {
    const key = freshKey('language');
    expect((await create(shop, { key_name: key, key_value: 'uz' })).status).toBe(201);
    expectErrorBody(
      await create(shop, { key_name: key, key_value: 'ru' }),
      409,
      `Configuration with key "${key}" already exists`,
    );
    expect((await liveRows(shop, key)).map((row) => row.key_value)).toEqual(['uz']);
    expect((await create(rival, { key_name: key, key_value: 'en' })).status).toBe(201);
  });

  it('refuses to rename a configuration to a key another live row has, but allows keeping its own key', async () => {
    const [first, second] = [freshKey('a'), freshKey('b')];
    await create(shop, { key_name: first, key_value: '1' });
    const other = await create(shop, { key_name: second, key_value: '2' });
    expectErrorBody(
      await server.request('PATCH', `/api/v1/base-config/update/${other.body.id}`, {
        token: shop.token,
        body: { key_name: first },
      }),
      409,
      `Configuration with key "${first}" already exists`,
    );
    expect((await liveRows(shop, second)).map((row) => row.key_value)).toEqual(['2']);
    const same = await server.request('PATCH', `/api/v1/base-config/update/${other.body.id}`, {
      token: shop.token,
      body: { key_name: second, key_value: '3' },
    });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ key_name: second, key_value: '3' });
  });

  it('lets a key be created again once its row is deleted', async () => {
    const key = freshKey('theme');
    const old = await create(shop, { key_name: key, key_value: 'dark' });
    await server.request('DELETE', `/api/v1/base-config/delete/${old.body.id}`, { token: shop.token });
    const again = await create(shop, { key_name: key, key_value: 'light' });
    expect(again.status).toBe(201);
    expect((await liveRows(shop, key)).map((row) => row.key_value)).toEqual(['light']);
  });

  it('keeps one live row when the same key is created concurrently', async () => {
    const key = freshKey('race');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => create(shop, { key_name: key, key_value: String(n) })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 201)) expectErrorBody(answer, 409);
    expect(await liveRows(shop, key)).toHaveLength(1);
  });

  it('requires both key_name and key_value on create and keeps them on a null update', async () => {
    expectValidation(await create(shop, { key_value: 'x' }), 'key_name is required');
    expectValidation(await create(shop, { key_name: '', key_value: 'x' }), 'key_name should not be empty');
    const created = await create(shop, { key_name: freshKey('kept'), key_value: 'v' });
    const updated = await server.request('PATCH', `/api/v1/base-config/update/${created.body.id}`, {
      token: shop.token,
      body: { key_name: null, key_value: null },
    });
    expect(updated.body).toMatchObject({ key_name: created.body.key_name, key_value: 'v' });
  });

  describe('weight barcode settings', () => {
    const settingsKey = WEIGHT_BARCODES_CONFIG_KEY;
    const good = JSON.stringify({ rules: [{ prefixes: ['22', '23'], layout: 'PP CCCCC WWWWW K' }, { prefixes: ['24'], layout: 'PP CCCCC $$$.$$ K' }] });
    const update = (tenant: Tenant, rowId: string, body: Record<string, unknown>) =>
      server.request('PATCH', `/api/v1/base-config/update/${rowId}`, { token: tenant.token, body });

    it('stores readable weight barcode settings and refuses unreadable ones with 400 naming the field, storing nothing', async () => {
      const tenant = await registerTenant(server, 'scales');
      expectValidation(await create(tenant, { key_name: settingsKey, key_value: 'prefix 22' }), 'key_value must be JSON text');
      expectValidation(
        await create(tenant, { key_name: settingsKey, key_value: JSON.stringify({ rules: [{ prefixes: ['19'], layout: 'PP CCCCC WWWW K' }] }) }),
        'key_value rules.0.prefixes.0: must be two digits from 20 to 29',
        'key_value rules.0.layout: must have 13 digit positions (an EAN-13), not 12',
      );
      expect(await liveRows(tenant, settingsKey)).toEqual([]);
      const created = await create(tenant, { key_name: settingsKey, key_value: good });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ key_name: settingsKey, key_value: good });
    });

    it('checks an update of the settings and a rename of another key to the settings key', async () => {
      const tenant = await registerTenant(server, 'scales-update');
      const settings = await create(tenant, { key_name: settingsKey, key_value: good });
      expectValidation(await update(tenant, settings.body.id, { key_value: '{"rules":[{"prefixes":["22"],"layout":"PP WWWWW CCCCC K"}]}' }), 'key_value rules.0.layout: must be written like');
      expect((await liveRows(tenant, settingsKey)).map((row) => row.key_value)).toEqual([good]);
      await server.request('DELETE', `/api/v1/base-config/delete/${settings.body.id}`, { token: tenant.token });
      const other = await create(tenant, { key_name: 'note', key_value: 'not settings' });
      expectValidation(await update(tenant, other.body.id, { key_name: settingsKey }), 'key_value must be JSON text');
      expect(await liveRows(tenant, settingsKey)).toEqual([]);
      expect((await update(tenant, other.body.id, { key_name: settingsKey, key_value: '{"rules":[]}' })).status).toBe(200);
    });

    it('leaves values of other keys free text', async () => {
      expect((await create(shop, { key_name: freshKey('barcodes.weight.note'), key_value: 'prefix 22' })).status).toBe(201);
    });
  });
});
