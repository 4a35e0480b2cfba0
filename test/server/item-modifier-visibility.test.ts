import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody } from '../helpers/checks.js';
import { cashierToken } from '../helpers/actors.js';
import { insertPoint, insertWorkplace } from '../helpers/fixtures.js';
import { CATALOGUE_PATH, createEntry, expectUntouched, listEntries, storedRow, type CatalogueSegment } from '../helpers/catalogue.js';

const SEGMENTS: readonly { segment: CatalogueSegment; type: string }[] = [
  { segment: 'items', type: 'ITEM' },
  { segment: 'item-groups', type: 'ITEM_GROUP' },
  { segment: 'modifiers', type: 'MODIFIER' },
  { segment: 'modifier-groups', type: 'MODIFIER_GROUP' },
];

describe.each(await testEngines())('catalogue visibility by point on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let pointP: string;
  let pointQ: string;
  let cashierOfP: string;
  let cashierWithoutPoint: string;
  /** Per segment: entry ids by where they belong. */
  const made = new Map<CatalogueSegment, Record<'P' | 'Q' | 'zero' | 'empty' | 'none', string>>();

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'shop');
    pointP = await insertPoint(server, shop, 'P');
    pointQ = await insertPoint(server, shop, 'Q');
    const workplace = await insertWorkplace(server, shop, pointP);
    cashierOfP = (await cashierToken(server, shop, { pointId: pointP, workplaceId: workplace, rights: ['CATALOGUE', 'MODIFIERS'] })).token;
    cashierWithoutPoint = (await cashierToken(server, shop)).token;
    for (const { segment, type } of SEGMENTS) {
      const create = async (point: string | null | undefined) => (await createEntry(server, shop, segment, { type, ...(point === undefined ? {} : { id_automated_point: point }) })).id;
      made.set(segment, { P: await create(pointP), Q: await create(pointQ), zero: await create(undefined), empty: await create(''), none: await create(null) });
    }
  });
  afterAll(() => server.close());

  describe.each(SEGMENTS)('$segment', ({ segment }) => {
    const ids = (list: { id: string }[]) => new Set(list.map((entry) => entry.id));

    it('B1: shows a cashier of point P the entries of P and the business-wide ones, but not point Q’s', async () => {
      const entries = made.get(segment)!;
      const seen = ids(await listEntries(server, cashierOfP, segment));
      expect(seen).toEqual(new Set([entries.P, entries.zero, entries.empty, entries.none]));
    });

    it('shows a cashier with no point only the business-wide entries', async () => {
      const entries = made.get(segment)!;
      expect(ids(await listEntries(server, cashierWithoutPoint, segment))).toEqual(new Set([entries.zero, entries.empty, entries.none]));
    });

    it('shows the owner every entry', async () => {
      const entries = made.get(segment)!;
      expect(ids(await listEntries(server, shop.token, segment))).toEqual(new Set(Object.values(entries)));
    });

    it('treats another point’s entry as not found for a cashier’s update and delete', async () => {
      const entries = made.get(segment)!;
      expectErrorBody(await server.request('PATCH', `${CATALOGUE_PATH}/${segment}/update/${entries.Q}`, { token: cashierOfP, body: { name: 'Hijacked' } }), 404);
      expectErrorBody(await server.request('DELETE', `${CATALOGUE_PATH}/${segment}/delete/${entries.Q}`, { token: cashierOfP }), 404);
      const table = segment.replace('-', '_') as 'items' | 'item_groups' | 'modifiers' | 'modifier_groups';
      await expectUntouched(server, table, entries.Q, 'Espresso');
      const own = await server.request('PATCH', `${CATALOGUE_PATH}/${segment}/update/${entries.P}`, { token: cashierOfP, body: { name: 'Tweaked by P' } });
      expect(own.status).toBe(200);
      expect((await storedRow(server, table, entries.P))?.name).toBe('Tweaked by P');
    });
  });

  it('lets a cashier create items (roles O, A, E from the catalogue)', async () => {
    const created = await server.request('POST', `${CATALOGUE_PATH}/items/create`, { token: cashierOfP, body: { name: 'Till item', measurement: 'pcs', price: '1', type: 'ITEM', id_automated_point: pointP } });
    expect(created.status).toBe(201);
    expect((await listEntries(server, cashierOfP, 'items')).some((item) => item.id === created.body.id)).toBe(true);
  });
});
