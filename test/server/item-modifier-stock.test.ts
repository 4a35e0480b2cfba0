import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startTestServer, registerTenant, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody, expectValidation } from '../helpers/checks.js';
import { insertWarehouse } from '../helpers/fixtures.js';
import { CATALOGUE_PATH, catalogueBody, createEntry, ledgerOf, levelsOf, listEntries } from '../helpers/catalogue.js';
import { stockLedgerMismatches } from '../../app/stock/ledger.js';

const ITEMS = `${CATALOGUE_PATH}/items`;

describe.each(await testEngines())('catalogue item stock on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let main: string;
  let annex: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'shop');
    main = await insertWarehouse(server, shop, 'Main');
    annex = await insertWarehouse(server, shop, 'Annex');
  });
  afterAll(() => server.close());

  const updateItem = (id: string, body: Record<string, unknown>, tenant = shop) => server.request('PATCH', `${ITEMS}/update/${id}`, { token: tenant.token, body });
  const totalListed = async (id: string, token = shop.token) => (await listEntries(server, token, 'items')).find((item) => item.id === id)?.stock_quantity;

  it('records an opening stock as one adjustment move in the named warehouse', async () => {
    const item = await createEntry(server, shop, 'items', { stock_quantity: '7.5', warehouseId: annex, price: '3.10' });
    expect(item.stock_quantity).toBe('7.5');
    const ledger = await ledgerOf(server, shop, item.id);
    expect(ledger.moves).toEqual([expect.objectContaining({ warehouse_id: annex, reason: 'adjustment' })]);
    expect(ledger.sum).toBe(7500n);
    expect(await levelsOf(server, shop, item.id)).toEqual(new Map([[annex, 7500n]]));
    // The level row starts with the item's price and measurement, as the reference's stock row did.
    const level = await server.database.db.selectFrom('stock_levels').select(['price', 'measure_id']).where('item_id', '=', item.id).executeTakeFirstOrThrow();
    expect(level).toEqual({ price: 310n, measure_id: 'pcs' });
    expect(await totalListed(item.id)).toBe('7.5');
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('refuses an opening stock without a warehouse when the business has several, and stores nothing', async () => {
    const response = await server.request('POST', `${ITEMS}/create`, { token: shop.token, body: catalogueBody({ name: 'Ambiguous', stock_quantity: '5' }) });
    expectValidation(response, 'warehouseId is required when stock_quantity is given');
    const rows = await server.database.db.selectFrom('items').select('id').where('business_id', '=', shop.businessId).where('name', '=', 'Ambiguous').execute();
    expect(rows).toEqual([]);
  });

  it('puts an opening stock into the business’s only warehouse when none is named', async () => {
    const solo = await registerTenant(server, 'solo');
    const only = await insertWarehouse(server, solo, 'Only');
    const item = await createEntry(server, solo, 'items', { stock_quantity: '2' });
    expect(item.stock_quantity).toBe('2');
    expect(await levelsOf(server, solo, item.id)).toEqual(new Map([[only, 2000n]]));
    const none = await registerTenant(server, 'nowarehouse');
    expectValidation(await server.request('POST', `${ITEMS}/create`, { token: none.token, body: catalogueBody({ stock_quantity: '1' }) }), 'warehouseId is required');
  });

  it('posts nothing for an opening stock of "0" and needs no warehouse for it', async () => {
    const item = await createEntry(server, shop, 'items', { stock_quantity: '0' });
    expect(item.stock_quantity).toBe('0');
    expect((await ledgerOf(server, shop, item.id)).moves).toEqual([]);
  });

  it('turns an update’s stock_quantity into an adjustment of the difference, keeping the history', async () => {
    const item = await createEntry(server, shop, 'items', { stock_quantity: '10', warehouseId: main });
    const lowered = await updateItem(item.id, { stock_quantity: '4.25', warehouseId: main });
    expect(lowered.status).toBe(200);
    expect(lowered.body.stock_quantity).toBe('4.25');
    let ledger = await ledgerOf(server, shop, item.id);
    expect(ledger.moves.map((move) => BigInt(move.delta))).toEqual([10000n, -5750n]);
    expect(ledger.sum).toBe(4250n);
    // Setting the same value again changes nothing; "0" sets the stock to zero (the reference ignored "0" only on create).
    await updateItem(item.id, { stock_quantity: '4.25' });
    expect((await ledgerOf(server, shop, item.id)).moves).toHaveLength(2);
    const zeroed = await updateItem(item.id, { stock_quantity: '0' });
    expect(zeroed.body.stock_quantity).toBe('0');
    ledger = await ledgerOf(server, shop, item.id);
    expect(ledger.sum).toBe(0n);
    expect(ledger.moves.every((move) => move.reason === 'adjustment')).toBe(true);
    expect(await stockLedgerMismatches(server.database.db, shop.businessId)).toEqual([]);
  });

  it('sets stock in the item’s only stocked warehouse when none is named, and asks when that is ambiguous', async () => {
    const item = await createEntry(server, shop, 'items', { stock_quantity: '3', warehouseId: annex });
    await updateItem(item.id, { stock_quantity: '8' });
    expect(await levelsOf(server, shop, item.id)).toEqual(new Map([[annex, 8000n]]));
    await updateItem(item.id, { stock_quantity: '1', warehouseId: main });
    expect(await levelsOf(server, shop, item.id)).toEqual(new Map([[annex, 8000n], [main, 1000n]]));
    const ambiguous = await updateItem(item.id, { stock_quantity: '5', name: 'Should not stick' });
    expectValidation(ambiguous, 'warehouseId is required when stock_quantity is given');
    const row = await server.database.db.selectFrom('items').select('name').where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Espresso');
    expectValidation(await updateItem(item.id, { stock_quantity: '5', warehouseId: 'nope' }), 'warehouseId must be an existing warehouse');
    expect(await levelsOf(server, shop, item.id)).toEqual(new Map([[annex, 8000n], [main, 1000n]]));
  });

  it('B5: lists exact stock totals across warehouses ("0.1" + "0.2" = "0.3")', async () => {
    const item = await createEntry(server, shop, 'items', { stock_quantity: '0.1', warehouseId: main });
    const update = await updateItem(item.id, { stock_quantity: '0.2', warehouseId: annex });
    expect(update.body.stock_quantity).toBe('0.3');
    expect(await totalListed(item.id)).toBe('0.3');
    const big = await createEntry(server, shop, 'items', { stock_quantity: '999999999999.999', warehouseId: main });
    await updateItem(big.id, { stock_quantity: '999999999999.999', warehouseId: annex });
    expect(await totalListed(big.id)).toBe('1999999999999.998');
    const negative = await createEntry(server, shop, 'items', { stock_quantity: '-1.5', warehouseId: main });
    expect(await totalListed(negative.id)).toBe('-1.5');
  });

  it('leaves deleted warehouses and deleted level rows out of the totals', async () => {
    const spare = await insertWarehouse(server, shop, 'Spare');
    const item = await createEntry(server, shop, 'items', { stock_quantity: '1', warehouseId: main });
    await updateItem(item.id, { stock_quantity: '2', warehouseId: spare });
    await updateItem(item.id, { stock_quantity: '4', warehouseId: annex });
    expect(await totalListed(item.id)).toBe('7');
    await server.database.db.updateTable('warehouses').set({ is_deleted: 1 }).where('id', '=', spare).execute();
    expect(await totalListed(item.id)).toBe('5');
    await server.database.db.updateTable('stock_levels').set({ is_deleted: 1 }).where('item_id', '=', item.id).where('warehouse_id', '=', annex).execute();
    expect(await totalListed(item.id)).toBe('1');
    const updated = await updateItem(item.id, { name: 'Renamed' });
    expect(updated.body.stock_quantity).toBe('1');
  });

  it('leaves the ledger alone when an item is deleted', async () => {
    const item = await createEntry(server, shop, 'items', { stock_quantity: '6', warehouseId: main });
    expectErrorBody(await server.request('DELETE', `${ITEMS}/delete/no-such`, { token: shop.token }), 404);
    const deleted = await server.request('DELETE', `${ITEMS}/delete/${item.id}`, { token: shop.token });
    expect(deleted.status).toBe(200);
    expect((await ledgerOf(server, shop, item.id)).sum).toBe(6000n);
  });
});
