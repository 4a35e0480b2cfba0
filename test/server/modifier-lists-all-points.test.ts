/**
 * `?all_points=true` on the modifier and modifier-group lists (issue 14, item 12): a till says whose groups it shows
 * and offers every point's. Reading only — another point's group still cannot be changed by the cashier (404) — and
 * never another business's entries; any other value is a 400 naming the parameter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { cashierToken } from '../helpers/actors.js';
import { insertPoint, insertWorkplace } from '../helpers/fixtures.js';
import { createEntry } from '../helpers/catalogue.js';

describe.each(await testEngines())('every point’s modifier groups and modifiers on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;
  let cashier: string;
  const groups: Record<string, string> = {};
  const modifiers: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
    const pointP = await insertPoint(server, shop, 'P');
    const pointQ = await insertPoint(server, shop, 'Q');
    cashier = (await cashierToken(server, shop, { pointId: pointP, workplaceId: await insertWorkplace(server, shop, pointP), rights: ['MODIFIERS'] })).token;
    for (const [name, point] of [['P', pointP], ['Q', pointQ], ['all', '0']] as const) {
      groups[name] = (await createEntry(server, shop, 'modifier-groups', { type: 'MODIFIER_GROUP', id_automated_point: point })).id;
      modifiers[name] = (await createEntry(server, shop, 'modifiers', { type: 'MODIFIER', id_automated_point: point })).id;
    }
    groups.rival = (await createEntry(server, rival, 'modifier-groups', { type: 'MODIFIER_GROUP' })).id;
  });
  afterAll(() => server.close());

  const list = (segment: string, query: string) => server.request('GET', `/api/v1/item-modifier/${segment}/all${query}`, { token: cashier });
  const ids = (body: { id: string }[]) => new Set(body.map((entry) => entry.id));

  it('lists every point’s groups and modifiers of the business with all_points=true, and only the cashier’s otherwise', async () => {
    expect(ids((await list('modifier-groups', '')).body)).toEqual(new Set([groups.P, groups.all]));
    expect(ids((await list('modifier-groups', '?all_points=false')).body)).toEqual(new Set([groups.P, groups.all]));
    expect(ids((await list('modifier-groups', '?all_points=true')).body)).toEqual(new Set([groups.P, groups.Q, groups.all]));
    expect(ids((await list('modifiers', '?all_points=true')).body)).toEqual(new Set([modifiers.P, modifiers.Q, modifiers.all]));
  });

  it('still refuses the cashier a change to another point’s group, and a bad value with a 400 naming it', async () => {
    const changed = await server.request('PATCH', `/api/v1/item-modifier/modifier-groups/update/${groups.Q}`, { token: cashier, body: { name: 'Mine now' } });
    expect(changed.status).toBe(404);
    const bad = await list('modifier-groups', '?all_points=yes');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.message)).toContain('all_points must be \\"true\\" or \\"false\\"');
  });
});
