import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody, expectValidation } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { insertPoint } from '../helpers/fixtures.js';
import { lifeCycleTests } from '../helpers/life-cycle.js';

/** The two finance resources: their path, table and decimal fields. */
const KINDS = [
  {
    segment: 'taxes',
    table: 'tax_fees',
    label: 'Tax fee',
    auditNoun: 'TAX_FEE',
    percent: 'tax_percent',
    money: 'tax_value',
    sample: {
      name: 'VAT',
      guid: 'vat',
      tax_percent: '12',
      tax_value: '0',
      fee_percent: '1.25',
      fee_value: '1500.5',
      id_automated_point: '0',
    },
  },
  {
    segment: 'discounts',
    table: 'discounts',
    label: 'Discount',
    auditNoun: 'DISCOUNT',
    percent: 'discount_percent',
    money: 'discount_value',
    sample: { name: 'Happy hour', guid: null, discount_percent: '10.5', discount_value: '2000', id_automated_point: null },
  },
] as const;

describe.each(await testEngines())('finance on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
  });
  afterAll(() => server.close());

  describe.each(KINDS)('$segment', (kind) => {
    const base = `/api/v1/finance/${kind.segment}`;
    const create = (token: string, body: Record<string, unknown>) => server.request('POST', `${base}/create`, { token, body });
    const stored = (id: string) =>
      server.database.db.selectFrom(kind.table).selectAll().where('id', '=', id).executeTakeFirst() as Promise<
        Record<string, unknown> | undefined
      >;
    const listed = async (token: string) =>
      (await server.request('GET', `${base}/all`, { token })).body as { id: string; name: string }[];

    lifeCycleTests(() => ({ server, shop, rival }), {
      base,
      table: kind.table,
      sample: kind.sample,
      required: 'name',
      patch: { name: 'Renamed', [kind.percent]: '99.99', [kind.money]: null },
      findOne: false,
      notFound: `${kind.label} not found`,
      auditNoun: kind.auditNoun,
    });

    it('stores percentages and values exactly as scaled integers and answers canonical decimal strings', async () => {
      const created = await create(shop.token, { name: 'Exact', [kind.percent]: '12.30', [kind.money]: '999999999999999.99' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ [kind.percent]: '12.3', [kind.money]: '999999999999999.99' });
      const row = await stored(created.body.id);
      expect(BigInt(row?.[kind.percent] as bigint)).toBe(1230n);
      expect(BigInt(row?.[kind.money] as bigint)).toBe(99999999999999999n);
    });

    it('shows absent decimals as null and clears them with null on update', async () => {
      const created = await create(shop.token, { name: 'Bare' });
      expect(created.body).toMatchObject({ [kind.percent]: null, [kind.money]: null, guid: null, id_automated_point: null });
      const set = await server.request('PATCH', `${base}/update/${created.body.id}`, {
        token: shop.token,
        body: { [kind.money]: '5' },
      });
      expect(set.body).toMatchObject({ [kind.money]: '5', name: 'Bare' });
      const cleared = await server.request('PATCH', `${base}/update/${created.body.id}`, {
        token: shop.token,
        body: { [kind.money]: null },
      });
      expect(cleared.body[kind.money]).toBeNull();
      expect((await stored(created.body.id))?.[kind.money]).toBeNull();
    });

    it('rejects non-numeric, over-precise and non-string decimals with a line naming the field, storing nothing', async () => {
      const before = (await listed(shop.token)).length;
      expectValidation(
        await create(shop.token, { name: 'Bad', [kind.percent]: '12.345' }),
        `${kind.percent} must have at most 2 decimal places`,
      );
      expectValidation(
        await create(shop.token, { name: 'Bad', [kind.money]: '1.005' }),
        `${kind.money} must have at most 2 decimal places`,
      );
      expectValidation(await create(shop.token, { name: 'Bad', [kind.money]: 'ten' }), `${kind.money} must be a decimal number`);
      expectValidation(await create(shop.token, { name: 'Bad', [kind.percent]: 12 }), `${kind.percent} must be a decimal string`);
      expectValidation(await create(shop.token, { name: 'Bad', [kind.money]: '1e3' }), kind.money);
      expect((await listed(shop.token)).length).toBe(before);
    });

    it('accepts an existing point or a business-wide value, and refuses any other point naming the field', async () => {
      const point = await insertPoint(server, shop);
      const theirPoint = await insertPoint(server, rival);
      for (const value of [point, '0', '', null])
        expect((await create(shop.token, { name: `At ${value}`, id_automated_point: value })).status).toBe(201);
      const before = (await listed(shop.token)).length;
      expectValidation(
        await create(shop.token, { name: 'Nowhere', id_automated_point: 'no-such-point' }),
        'id_automated_point must be an existing point',
      );
      expectValidation(
        await create(shop.token, { name: 'Theirs', id_automated_point: theirPoint }),
        'id_automated_point must be an existing point',
      );
      expect((await listed(shop.token)).length).toBe(before);
      const mine = await create(shop.token, { name: 'Mine' });
      expectValidation(
        await server.request('PATCH', `${base}/update/${mine.body.id}`, {
          token: shop.token,
          body: { id_automated_point: theirPoint },
        }),
        'id_automated_point must be an existing point',
      );
      expect((await stored(mine.body.id))?.id_automated_point).toBeNull();
    });

    it('shows a cashier their point’s and the business-wide entries only, and hides the others from edits', async () => {
      const [here, there] = [await insertPoint(server, shop, 'Here'), await insertPoint(server, shop, 'There')];
      const cashier = await cashierToken(server, shop, { pointId: here, rights: ['CATALOGUE', 'DISCOUNTS'] });
      const names = { [here]: 'Local', '0': 'Zero', '': 'Empty', null: 'Null', [there]: 'Elsewhere' };
      const ids: Record<string, string> = {};
      for (const [point, name] of Object.entries(names)) {
        const created = await create(shop.token, {
          name: `${name}-${kind.segment}`,
          id_automated_point: point === 'null' ? null : point,
        });
        ids[name] = created.body.id;
      }
      const seen = (await listed(cashier.token)).map((entry) => entry.id);
      for (const name of ['Local', 'Zero', 'Empty', 'Null']) expect(seen, name).toContain(ids[name]);
      expect(seen).not.toContain(ids.Elsewhere);
      expect((await listed(shop.token)).map((entry) => entry.id)).toContain(ids.Elsewhere);
      expectErrorBody(
        await server.request('PATCH', `${base}/update/${ids.Elsewhere}`, { token: cashier.token, body: { name: 'Hijack' } }),
        404,
      );
      expectErrorBody(await server.request('DELETE', `${base}/delete/${ids.Elsewhere}`, { token: cashier.token }), 404);
      expect(await stored(String(ids.Elsewhere))).toMatchObject({ name: `Elsewhere-${kind.segment}` });
      expect(Number((await stored(String(ids.Elsewhere)))?.is_deleted)).toBe(0);
    });
  });
});
