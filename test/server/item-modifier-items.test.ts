import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { insertPoint } from '../helpers/fixtures.js';
import { CATALOGUE_PATH, auditActionsAbout, expectAuthOnEveryOperation, catalogueBody, createEntry, expectUntouched, listEntries, storedRow } from '../helpers/catalogue.js';

const ITEMS = `${CATALOGUE_PATH}/items`;

describe.each(await testEngines())('catalogue items on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
  });
  afterAll(() => server.close());

  const createItem = (overrides: Record<string, unknown> = {}, tenant = shop) => createEntry(server, tenant, 'items', overrides);
  const countNamed = async (name: string) =>
    (await server.database.db.selectFrom('items').select('id').where('business_id', '=', shop.businessId).where('name', '=', name).execute()).length;

  it('creates an item and answers 201 with the stored record, money exact and stock "0"', async () => {
    const body = catalogueBody({
      name: 'Latte',
      price: '12500.50',
      cost: '7000',
      description: 'Milk coffee',
      pictures: ['a.png', 'b.png'],
      is_menu: true,
      allow_delivery: true,
      shtrix: '4780000000001',
      tax_id: 'tax-1',
    });
    const created = await server.request('POST', `${ITEMS}/create`, { token: shop.token, body });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      group_id: null,
      name: 'Latte',
      description: 'Milk coffee',
      search_name: null,
      measurement: 'pcs',
      price: '12500.5',
      cost: '7000',
      shtrix: '4780000000001',
      color: null,
      type: 'ITEM',
      id_automated_point: '0',
      tax_id: 'tax-1',
      discount_id: null,
      pictures: ['a.png', 'b.png'],
      is_menu: true,
      is_service: false,
      allow_pickup: false,
      allow_delivery: true,
      is_deleted: false,
      dt_created: expect.any(String),
      dt_updated: expect.any(String),
      stock_quantity: '0',
    });
    const row = await storedRow(server, 'items', created.body.id);
    expect(row).toMatchObject({ business_id: shop.businessId, price: 1250050n, cost: 700000n, pictures: '["a.png","b.png"]' });
    expect(Number(row?.is_menu)).toBe(1);
    const listed = (await listEntries(server, shop.token, 'items')).find((item) => item.id === created.body.id);
    expect(listed).toEqual(created.body);
  });

  it('updates only the fields sent, clears nullable ones with null and keeps required ones on null', async () => {
    const item = await createItem({ name: 'Old', description: 'Desc', color: 'red', is_service: true });
    const updated = await server.request('PATCH', `${ITEMS}/update/${item.id}`, {
      token: shop.token,
      body: { name: 'New', description: null, price: '0.1', measurement: null, is_service: null, pictures: ['p.png'] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'New', description: null, color: 'red', price: '0.1', measurement: 'pcs', is_service: true, pictures: ['p.png'], stock_quantity: '0' });
    const row = await storedRow(server, 'items', item.id);
    expect(row).toMatchObject({ name: 'New', description: null, price: 10n, measurement: 'pcs' });
    expect(String(row?.dt_updated) >= item.dt_updated).toBe(true);
  });

  it('soft-deletes an item: gone from the list, kept as a deleted row, and no longer editable', async () => {
    const item = await createItem({ name: 'Doomed' });
    const deleted = await server.request('DELETE', `${ITEMS}/delete/${item.id}`, { token: shop.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: item.id, is_deleted: true });
    expect((await listEntries(server, shop.token, 'items')).some((entry) => entry.id === item.id)).toBe(false);
    expect(Number((await storedRow(server, 'items', item.id))?.is_deleted)).toBe(1);
    expectErrorBody(await server.request('PATCH', `${ITEMS}/update/${item.id}`, { token: shop.token, body: { name: 'Zombie' } }), 404, 'Item not found');
    expectErrorBody(await server.request('DELETE', `${ITEMS}/delete/${item.id}`, { token: shop.token }), 404, 'Item not found');
    expectErrorBody(await server.request('PATCH', `${ITEMS}/update/no-such-id`, { token: shop.token, body: { name: 'X' } }), 404, 'Item not found');
  });

  it('rejects invalid bodies with a line naming each field, and stores nothing', async () => {
    const create = (body: unknown) => server.request('POST', `${ITEMS}/create`, { token: shop.token, body });
    expectValidation(await create({}), 'name is required', 'measurement is required', 'price is required', 'type is required');
    expectValidation(await create(catalogueBody({ name: 'Bad1', price: 12.5 })), 'price must be a decimal string');
    expectValidation(await create(catalogueBody({ name: 'Bad2', price: 'lots' })), 'price must be a decimal number');
    expectValidation(await create(catalogueBody({ name: 'Bad3', price: '1.234' })), 'price must have at most 2 decimal places');
    expectValidation(await create(catalogueBody({ name: 'Bad4', price: '-1' })), 'price must not be negative');
    expectValidation(await create(catalogueBody({ name: 'Bad5', cost: '1e5' })), 'cost must be a decimal number');
    expectValidation(await create(catalogueBody({ name: 'Bad6', stock_quantity: '1.2345' })), 'stock_quantity must have at most 3 decimal places');
    expectValidation(await create(catalogueBody({ name: 'Bad7', type: 'FOOD' })), 'type must be one of the following values');
    expectValidation(await create(catalogueBody({ name: 'Bad8', pictures: [1] })), 'pictures.0 must be a string');
    expectValidation(await create(catalogueBody({ name: 'Bad9', pictures: Array.from({ length: 51 }, () => 'p') })), 'pictures must contain at most 50');
    expectValidation(await create(catalogueBody({ name: 'Bad10', is_menu: 'yes' })), 'is_menu must be a boolean');
    expectValidation(await create(catalogueBody({ name: '' })), 'name should not be empty');
    await expectStrictBody(server, 'POST', `${ITEMS}/create`, shop.token, catalogueBody({ name: 'Bad11' }));
    for (let n = 1; n <= 11; n += 1) expect(await countNamed(`Bad${n}`)).toBe(0);

    const item = await createItem({ name: 'Valid' });
    const update = (body: unknown) => server.request('PATCH', `${ITEMS}/update/${item.id}`, { token: shop.token, body });
    expectValidation(await update({ name: '' }), 'name should not be empty');
    expectValidation(await update({ price: '0.001' }), 'price must have at most 2 decimal places');
    await expectStrictBody(server, 'PATCH', `${ITEMS}/update/${item.id}`, shop.token, { name: 'Valid' });
    expect(await storedRow(server, 'items', item.id)).toMatchObject({ name: 'Valid', price: 1250n });
  });

  it('requires every referenced record to exist in the caller’s business, naming the field', async () => {
    const [ownGroup, deletedGroup, rivalGroup] = [await createEntry(server, shop, 'item-groups', { type: 'ITEM_GROUP' }), await createEntry(server, shop, 'item-groups', { type: 'ITEM_GROUP' }), await createEntry(server, rival, 'item-groups', { type: 'ITEM_GROUP' })];
    await server.request('DELETE', `${CATALOGUE_PATH}/item-groups/delete/${deletedGroup.id}`, { token: shop.token });
    const point = await insertPoint(server, shop);
    const rivalPoint = await insertPoint(server, rival);
    const create = (overrides: Record<string, unknown>) => server.request('POST', `${ITEMS}/create`, { token: shop.token, body: catalogueBody({ name: 'RefCheck', ...overrides }) });

    expectValidation(await create({ group_id: 'nope' }), 'group_id must be an existing item group');
    expectValidation(await create({ group_id: deletedGroup.id }), 'group_id must be an existing item group');
    expectValidation(await create({ group_id: rivalGroup.id }), 'group_id must be an existing item group');
    expectValidation(await create({ id_automated_point: rivalPoint }), 'id_automated_point must be an existing point');
    expectValidation(await create({ warehouseId: 'nope' }), 'warehouseId must be an existing warehouse');
    expectValidation(await create({ group_id: 'nope', id_automated_point: 'nope' }), 'group_id must be an existing item group', 'id_automated_point must be an existing point');
    expect(await countNamed('RefCheck')).toBe(0);

    const good = await createItem({ group_id: ownGroup.id, id_automated_point: point });
    expect(good).toMatchObject({ group_id: ownGroup.id, id_automated_point: point });
    for (const wide of ['0', '', null]) {
      const created = await createItem({ id_automated_point: wide });
      // Items have a NOT NULL point in the reference: null is stored as its default '0'.
      expect(created.id_automated_point).toBe(wide === null ? '0' : wide);
    }
    expectValidation(await server.request('PATCH', `${ITEMS}/update/${good.id}`, { token: shop.token, body: { group_id: rivalGroup.id } }), 'group_id must be an existing item group');
    expect((await storedRow(server, 'items', good.id))?.group_id).toBe(ownGroup.id);
  });

  it('keeps an item editable after its group is deleted (only changed references are checked)', async () => {
    const group = await createEntry(server, shop, 'item-groups', { type: 'ITEM_GROUP' });
    const item = await createItem({ group_id: group.id });
    await server.request('DELETE', `${CATALOGUE_PATH}/item-groups/delete/${group.id}`, { token: shop.token });
    const updated = await server.request('PATCH', `${ITEMS}/update/${item.id}`, { token: shop.token, body: { name: 'Renamed' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Renamed', group_id: group.id });
  });

  it('requires a valid token for every item operation', async () => {
    await expectAuthOnEveryOperation(server, 'items', 'ITEM');
  });

  it('answers 404 for another business’s item and changes nothing', async () => {
    const theirs = await createItem({ name: 'Theirs' }, rival);
    expectErrorBody(await server.request('PATCH', `${ITEMS}/update/${theirs.id}`, { token: shop.token, body: { name: 'Mine now' } }), 404, 'Item not found');
    expectErrorBody(await server.request('DELETE', `${ITEMS}/delete/${theirs.id}`, { token: shop.token }), 404, 'Item not found');
    expect((await listEntries(server, shop.token, 'items')).some((item) => item.id === theirs.id)).toBe(false);
    await expectUntouched(server, 'items', theirs.id, 'Theirs');
  });

  it('writes CREATE_ITEM, UPDATE_ITEM and DELETE_ITEM audit entries with the resulting record', async () => {
    const item = await createItem({ name: 'Audited' });
    await server.request('PATCH', `${ITEMS}/update/${item.id}`, { token: shop.token, body: { name: 'Audited 2' } });
    await server.request('DELETE', `${ITEMS}/delete/${item.id}`, { token: shop.token });
    const entries = await auditActionsAbout(server, shop, item.id);
    expect(entries.map((entry) => entry.action)).toEqual(['CREATE_ITEM', 'UPDATE_ITEM', 'DELETE_ITEM']);
    expect(entries.every((entry) => entry.user_id === shop.userId && entry.type === 'SYSTEM')).toBe(true);
    expect(JSON.parse(entries[1]?.details ?? '{}')).toMatchObject({ name: 'Audited 2', price: '12.5' });
  });
});
