import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody, expectStrictBody, expectValidation } from '../helpers/checks.js';
import { insertWarehouse } from '../helpers/fixtures.js';
import { CATALOGUE_PATH, auditActionsAbout, expectAuthOnEveryOperation, catalogueBody, createEntry, expectUntouched, ledgerOf, listEntries, storedRow } from '../helpers/catalogue.js';
import { stockLedgerMismatches } from '../../app/stock/ledger.js';

const MODIFIERS = `${CATALOGUE_PATH}/modifiers`;

describe.each(await testEngines())('catalogue modifiers on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let rival: Tenant;
  let warehouse: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    [shop, rival] = await Promise.all([registerTenant(server, 'shop'), registerTenant(server, 'rival')]);
    warehouse = await insertWarehouse(server, shop);
  });
  afterAll(() => server.close());

  const createModifier = (overrides: Record<string, unknown> = {}, tenant = shop) => createEntry(server, tenant, 'modifiers', { type: 'MODIFIER', ...overrides });

  it('creates a modifier of an item in a modifier group and answers with the stored record', async () => {
    const group = await createEntry(server, shop, 'modifier-groups', { type: 'MODIFIER_GROUP' });
    const item = await createEntry(server, shop, 'items');
    const created = await server.request('POST', `${MODIFIERS}/create`, {
      token: shop.token,
      body: catalogueBody({ type: 'MODIFIER', name: 'Extra shot', price: '3', group_id: group.id, item_id: item.id }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Extra shot', price: '3', group_id: group.id, item_id: item.id, type: 'MODIFIER', id_automated_point: '0', is_deleted: false });
    // As in the reference, a modifier's answer is its record, without a stock total.
    expect(created.body).not.toHaveProperty('stock_quantity');
    expect(await storedRow(server, 'modifiers', created.body.id)).toMatchObject({ group_id: group.id, item_id: item.id, price: 300n });
    expect((await listEntries(server, shop.token, 'modifiers')).find((modifier) => modifier.id === created.body.id)).toEqual(created.body);
  });

  it('requires its group, item and point to exist in the caller’s business, naming the field', async () => {
    const itemGroup = await createEntry(server, shop, 'item-groups', { type: 'ITEM_GROUP' });
    const rivalItem = await createEntry(server, rival, 'items');
    const create = (overrides: Record<string, unknown>) => server.request('POST', `${MODIFIERS}/create`, { token: shop.token, body: catalogueBody({ type: 'MODIFIER', name: 'Orphan', ...overrides }) });
    // A modifier's group is a modifier group: an item group's id does not do.
    expectValidation(await create({ group_id: itemGroup.id }), 'group_id must be an existing modifier group');
    expectValidation(await create({ item_id: rivalItem.id }), 'item_id must be an existing item');
    expectValidation(await create({ id_automated_point: 'p' }), 'id_automated_point must be an existing point');
    const rows = await server.database.db.selectFrom('modifiers').select('id').where('name', '=', 'Orphan').execute();
    expect(rows).toEqual([]);
  });

  it('keeps its stock in the same ledger as items: opening stock and update adjustments', async () => {
    const modifier = await createModifier({ stock_quantity: '12', warehouseId: warehouse, name: 'Syrup' });
    expect((await ledgerOf(server, shop, modifier.id)).sum).toBe(12000n);
    const updated = await server.request('PATCH', `${MODIFIERS}/update/${modifier.id}`, { token: shop.token, body: { stock_quantity: '9.5' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: modifier.id, name: 'Syrup' });
    const ledger = await ledgerOf(server, shop, modifier.id);
    expect(ledger.moves.map((move) => BigInt(move.delta))).toEqual([12000n, -2500n]);
    expect(ledger.sum).toBe(9500n);
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('updates only the fields sent and soft-deletes', async () => {
    const modifier = await createModifier({ name: 'Old', color: 'blue' });
    const updated = await server.request('PATCH', `${MODIFIERS}/update/${modifier.id}`, { token: shop.token, body: { name: 'New', item_id: null } });
    expect(updated.body).toMatchObject({ name: 'New', color: 'blue', item_id: null });
    const deleted = await server.request('DELETE', `${MODIFIERS}/delete/${modifier.id}`, { token: shop.token });
    expect(deleted.body).toMatchObject({ is_deleted: true });
    expect((await listEntries(server, shop.token, 'modifiers')).some((entry) => entry.id === modifier.id)).toBe(false);
    expectErrorBody(await server.request('DELETE', `${MODIFIERS}/delete/${modifier.id}`, { token: shop.token }), 404, 'Modifier not found');
  });

  it('rejects invalid bodies with a line naming each field', async () => {
    const create = (body: unknown) => server.request('POST', `${MODIFIERS}/create`, { token: shop.token, body });
    expectValidation(await create({ type: 'MODIFIER' }), 'name is required', 'measurement is required', 'price is required');
    expectValidation(await create(catalogueBody({ type: 'MODIFIER', stock_quantity: 'NaN' })), 'stock_quantity must be a decimal number');
    expectValidation(await create(catalogueBody({ type: 'MODIFIER', item_id: 5 })), 'item_id must be a string');
    await expectStrictBody(server, 'POST', `${MODIFIERS}/create`, shop.token, catalogueBody({ type: 'MODIFIER' }));
    await expectStrictBody(server, 'PATCH', `${MODIFIERS}/update/whatever`, shop.token, { name: 'X' });
  });

  it('requires a valid token', async () => {
    await expectAuthOnEveryOperation(server, 'modifiers', 'MODIFIER');
  });

  it('answers 404 for another business’s modifier and changes nothing', async () => {
    const theirs = await createModifier({ name: 'Theirs' }, rival);
    expectErrorBody(await server.request('PATCH', `${MODIFIERS}/update/${theirs.id}`, { token: shop.token, body: { name: 'Mine' } }), 404, 'Modifier not found');
    expectErrorBody(await server.request('DELETE', `${MODIFIERS}/delete/${theirs.id}`, { token: shop.token }), 404, 'Modifier not found');
    await expectUntouched(server, 'modifiers', theirs.id, 'Theirs');
  });

  it('B5: audits modifier updates too (the reference forgot UPDATE_MODIFIER)', async () => {
    const modifier = await createModifier({ name: 'Audited' });
    await server.request('PATCH', `${MODIFIERS}/update/${modifier.id}`, { token: shop.token, body: { name: 'Audited 2' } });
    await server.request('DELETE', `${MODIFIERS}/delete/${modifier.id}`, { token: shop.token });
    const entries = await auditActionsAbout(server, shop, modifier.id);
    expect(entries.map((entry) => entry.action)).toEqual(['CREATE_MODIFIER', 'UPDATE_MODIFIER', 'DELETE_MODIFIER']);
  });
});
