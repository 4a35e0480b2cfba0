import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { insertPoint } from '../helpers/fixtures.js';
import { CATALOGUE_PATH, auditActionsAbout, expectAuthOnEveryOperation, catalogueBody, createEntry, expectUntouched, listEntries, storedRow } from '../helpers/catalogue.js';

const KINDS = [
  { segment: 'item-groups', table: 'item_groups', label: 'Item group', type: 'ITEM_GROUP', action: 'ITEM_GROUP' },
  { segment: 'modifier-groups', table: 'modifier_groups', label: 'Modifier group', type: 'MODIFIER_GROUP', action: 'MODIFIER_GROUP' },
] as const;

const cases = (await testEngines()).flatMap((engine) => KINDS.map((kind) => ({ engine, ...kind })));

describe.each(cases)('catalogue $segment on $engine', ({ engine, segment, table, label, type, action }) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;
  const base = `${CATALOGUE_PATH}/${segment}`;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
  });
  afterAll(() => server.close());

  const createGroup = (overrides: Record<string, unknown> = {}, tenant = shop) => createEntry(server, tenant, segment, { type, ...overrides });

  it('creates a group and answers 201 with the stored record and no stock or group fields', async () => {
    const created = await server.request('POST', `${base}/create`, { token: shop.token, body: catalogueBody({ type, name: 'Drinks', price: '0', color: '#fff' }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Drinks', price: '0', cost: null, color: '#fff', type, id_automated_point: '0', pictures: [], is_menu: false, is_deleted: false });
    expect(created.body).not.toHaveProperty('stock_quantity');
    expect(created.body).not.toHaveProperty('group_id');
    expect(await storedRow(server, table, created.body.id)).toMatchObject({ business_id: shop.businessId, name: 'Drinks', price: 0n });
    expect((await listEntries(server, shop.token, segment)).find((group) => group.id === created.body.id)).toEqual(created.body);
  });

  it('stores a null point as null (the reference’s groups have a nullable point)', async () => {
    const group = await createGroup({ id_automated_point: null });
    expect(group.id_automated_point).toBeNull();
    expect((await storedRow(server, table, group.id))?.id_automated_point).toBeNull();
  });

  it('updates only the fields sent and soft-deletes', async () => {
    const group = await createGroup({ name: 'Old', description: 'Keep me' });
    const updated = await server.request('PATCH', `${base}/update/${group.id}`, { token: shop.token, body: { name: 'New', is_menu: true, cost: '1.05' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'New', description: 'Keep me', is_menu: true, cost: '1.05' });
    expect(await storedRow(server, table, group.id)).toMatchObject({ name: 'New', cost: 105n });
    const deleted = await server.request('DELETE', `${base}/delete/${group.id}`, { token: shop.token });
    expect(deleted.body).toMatchObject({ id: group.id, is_deleted: true });
    expect((await listEntries(server, shop.token, segment)).some((entry) => entry.id === group.id)).toBe(false);
    expectErrorBody(await server.request('PATCH', `${base}/update/${group.id}`, { token: shop.token, body: { name: 'Zombie' } }), 404, `${label} not found`);
  });

  it('rejects invalid bodies with a line naming each field, and stores nothing', async () => {
    const create = (body: unknown) => server.request('POST', `${base}/create`, { token: shop.token, body });
    expectValidation(await create({ name: 'Nameless' }), 'measurement is required', 'price is required', 'type is required');
    expectValidation(await create(catalogueBody({ type, name: 'Bad1', price: '1.001' })), 'price must have at most 2 decimal places');
    expectValidation(await create(catalogueBody({ type, name: 'Bad2', group_id: 'x' })), 'property group_id should not exist');
    expectValidation(await create(catalogueBody({ type, name: 'Bad3', stock_quantity: '1' })), 'property stock_quantity should not exist');
    expectValidation(await create(catalogueBody({ type, name: 'Bad4', id_automated_point: 'nope' })), 'id_automated_point must be an existing point');
    await expectStrictBody(server, 'POST', `${base}/create`, shop.token, catalogueBody({ type, name: 'Bad5' }));
    const stored = await server.database.db.selectFrom(table).select('name').where('business_id', '=', shop.businessId).execute();
    expect(stored.filter((row) => row.name.startsWith('Bad') || row.name === 'Nameless')).toEqual([]);
    const group = await createGroup();
    expectValidation(await server.request('PATCH', `${base}/update/${group.id}`, { token: shop.token, body: { measurement: '' } }), 'measurement should not be empty');
  });

  it('accepts a point of the caller’s business', async () => {
    const point = await insertPoint(server, shop);
    expect((await createGroup({ id_automated_point: point })).id_automated_point).toBe(point);
  });

  it('requires a valid token', async () => {
    await expectAuthOnEveryOperation(server, segment, type);
  });

  it('answers 404 for another business’s group and changes nothing', async () => {
    const theirs = await createGroup({ name: 'Theirs' }, rival);
    expectErrorBody(await server.request('PATCH', `${base}/update/${theirs.id}`, { token: shop.token, body: { name: 'Mine' } }), 404, `${label} not found`);
    expectErrorBody(await server.request('DELETE', `${base}/delete/${theirs.id}`, { token: shop.token }), 404, `${label} not found`);
    expect((await listEntries(server, shop.token, segment)).some((group) => group.id === theirs.id)).toBe(false);
    await expectUntouched(server, table, theirs.id, 'Theirs');
  });

  it(`writes CREATE_${action}, UPDATE_${action} and DELETE_${action} audit entries`, async () => {
    const group = await createGroup({ name: 'Audited' });
    await server.request('PATCH', `${base}/update/${group.id}`, { token: shop.token, body: { name: 'Audited 2' } });
    await server.request('DELETE', `${base}/delete/${group.id}`, { token: shop.token });
    const entries = (await auditActionsAbout(server, shop, group.id)).map(({ action, user_id }) => ({ action, user_id }));
    expect(entries).toEqual(['CREATE', 'UPDATE', 'DELETE'].map((verb) => ({ action: `${verb}_${action}`, user_id: shop.userId })));
  });
});
