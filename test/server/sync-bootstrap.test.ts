import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIRRORED_TABLES } from '../../app/sync/bootstrap.js';
import { testEngines } from '../helpers/databases.js';
import { loggedEntries } from '../helpers/change-log.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody, expectValidation } from '../helpers/checks.js';
import {
  bootstrapInto,
  createItem,
  enrollTerminal,
  liveRows,
  pullInto,
  receiptNeeds,
  receive,
  shopWorld,
  syncCall,
  type EnrolledTerminal,
  type LocalState,
  type ShopWorld,
} from '../helpers/terminals.js';

describe.each(await testEngines())('bootstrapping a terminal on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: ShopWorld;
  let needs: { measure: string; supplier: string };
  let till1: EnrolledTerminal;
  let till2: EnrolledTerminal;
  let items: string[];
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'boot-shop');
    world = await shopWorld(server, shop);
    needs = await receiptNeeds(server, shop);
    till1 = await enrollTerminal(server, shop, world.workplace1, 'Till 1');
    till2 = await enrollTerminal(server, shop, world.workplace2, 'Till 2');
    items = [];
    for (let index = 0; index < 12; index += 1) items.push(await createItem(server, shop, `Item ${String(index).padStart(2, '0')}`));
    await receive(server, world, needs, world.warehouse1, items.slice(0, 6).map((itemId) => ({ itemId, quantity: 3 })));
    await receive(server, world, needs, world.warehouse2, items.slice(4, 9).map((itemId) => ({ itemId, quantity: 4 })));
    // A deleted item is history, not part of a new terminal's copy.
    expect((await server.request('DELETE', `/api/v1/item-modifier/items/delete/${items[11]}`, { token: shop.token })).status).toBe(200);
  });
  afterAll(() => server.close());

  const liveCount = async (table: 'items' | 'stock_levels', warehouseId?: string) => {
    let query = server.database.db.selectFrom(table).select('id').where('business_id', '=', shop.businessId).where('is_deleted', '=', 0);
    if (warehouseId) query = query.where('warehouse_id' as never, '=', warehouseId as never);
    return (await query.execute()).length;
  };

  it('reports its progress: every mirrored table in order with its row count, and the rows done so far', async () => {
    const { pages } = await bootstrapInto(server, till1, new Map(), { limitRows: 5 });
    const first = pages[0];
    expect(first.progress.tables.map((entry: any) => entry.table)).toEqual(MIRRORED_TABLES);
    const total = (table: string) => first.progress.tables.find((entry: any) => entry.table === table).rowsTotal;
    expect(total('items')).toBe(await liveCount('items'));
    expect(total('stock_levels')).toBe(await liveCount('stock_levels', world.warehouse1));
    expect(total('warehouses')).toBe(2);
    expect(total('workplaces')).toBe(2);
    const done = new Map<string, number>();
    for (const page of pages) {
      expect(page.snapshotVersion).toEqual(first.snapshotVersion);
      expect(page.cursor).toBe(first.cursor);
      expect(page.rows.length).toBeLessThanOrEqual(5);
      if (page.table === null) continue;
      const previous = done.get(page.table) ?? 0;
      expect(page.progress).toMatchObject({ table: page.table, rowsDone: previous + page.rows.length, rowsTotal: total(page.table) });
      done.set(page.table, previous + page.rows.length);
      const ids = page.rows.map((entry: any) => entry.row.id);
      expect([...ids].sort()).toEqual(ids);
    }
    // Every table delivered exactly its count (nothing was written during this bootstrap).
    for (const entry of first.progress.tables) expect(done.get(entry.table) ?? 0, entry.table).toBe(entry.rowsTotal);
    const last = pages[pages.length - 1];
    expect([last.done, last.nextPageToken]).toEqual([true, null]);
    expect(pages.slice(0, -1).every((page: any) => page.done === false && typeof page.nextPageToken === 'string')).toBe(true);
    // Issued in the database's generation (docs/sync.md, "Disasters"), which the page also names.
    const { generation } = await server.database.db.selectFrom('sync_generation').select('generation').executeTakeFirstOrThrow();
    expect(first.cursor).toMatch(new RegExp(`^v2:${first.snapshotVersion}:[A-Za-z0-9_-]+:${generation}$`));
    expect(first.generation).toBe(generation);
  });

  it('sends live rows of the terminal’s scope only: its own warehouse’s stock, no deleted rows, no other business', async () => {
    const other = await registerTenant(server, 'boot-other');
    await createItem(server, other, 'Not ours');
    const state1: LocalState = new Map();
    const state2: LocalState = new Map();
    await bootstrapInto(server, till1, state1);
    await bootstrapInto(server, till2, state2);
    const stock = (state: LocalState) => [...(state.get('stock_levels')?.values() ?? [])].map((entry) => entry.row.warehouse_id);
    expect(new Set(stock(state1))).toEqual(new Set([world.warehouse1]));
    expect(new Set(stock(state2))).toEqual(new Set([world.warehouse2]));
    expect(stock(state1)).toHaveLength(6);
    expect(state1.get('items')?.has(items[11] as string)).toBe(false);
    for (const rows of state1.values()) for (const entry of rows.values()) expect(entry.row.business_id).toBe(shop.businessId);
  });

  it('I6: a bootstrap, then a pull from its cursor, equals the service’s state though writes land between its pages', async () => {
    const state: LocalState = new Map();
    let step = 0;
    const added: string[] = [];
    const writeBetweenPages = async () => {
      step += 1;
      if (step === 1) added.push(await createItem(server, shop, 'Added during bootstrap'));
      if (step === 2) await server.request('PATCH', `/api/v1/item-modifier/items/update/${items[0]}`, { token: shop.token, body: { name: 'Renamed during bootstrap' } });
      if (step === 3) await server.request('DELETE', `/api/v1/item-modifier/items/delete/${items[10]}`, { token: shop.token });
      if (step === 4) await receive(server, world, needs, world.warehouse1, [{ itemId: items[1] as string, quantity: 2 }, { itemId: items[9] as string, quantity: 1 }]);
      if (step === 5) await server.request('PATCH', `/api/v1/warehouses/update/${world.warehouse2}`, { token: shop.token, body: { name: 'Renamed warehouse' } });
    };
    const booted = await bootstrapInto(server, till1, state, { limitRows: 3, between: writeBetweenPages });
    expect(step).toBeGreaterThan(5);
    await pullInto(server, till1, state, booted.cursor, { limitRows: 4 });
    // The service's state now, as a quiet bootstrap reads it.
    const reference: LocalState = new Map();
    await bootstrapInto(server, till1, reference);
    expect(liveRows(state)).toEqual(liveRows(reference));
    const localItems = liveRows(state).items?.map(([id, row]) => [id, row.name]) ?? [];
    const storedItems = await server.database.db.selectFrom('items').select(['id', 'name']).where('business_id', '=', shop.businessId).where('is_deleted', '=', 0).orderBy('id').execute();
    expect(localItems).toEqual(storedItems.map((row) => [row.id, row.name]));
    expect(localItems).toContainEqual([items[0], 'Renamed during bootstrap']);
    expect(localItems).toContainEqual([added[0], 'Added during bootstrap']);
    expect(localItems.map(([id]) => id)).not.toContain(items[10]);
  });

  it('gives each row the version of the snapshot its page was read in, at or after the row’s last change', async () => {
    expect((await server.request('PATCH', `/api/v1/item-modifier/items/update/${items[2]}`, { token: shop.token, body: { price: '77' } })).status).toBe(200);
    const changed = (await loggedEntries(server.database.db, shop.businessId)).filter((entry) => entry.tbl === 'items' && entry.row_id === items[2]);
    const lastChange = changed[changed.length - 1]!.version;
    let step = 0;
    const state: LocalState = new Map();
    const { pages } = await bootstrapInto(server, till1, state, {
      tables: ['items'],
      limitRows: 2,
      // A write between the pages moves the head: later pages are read at a newer version.
      between: async () => {
        step += 1;
        if (step === 1) await createItem(server, shop, 'Between pages');
      },
    });
    const row = state.get('items')?.get(items[2] as string);
    expect(row?.row.price).toBe(7700);
    expect(BigInt(row!.v)).toBeGreaterThanOrEqual(lastChange);
    const pageVersions = pages.filter((page: any) => page.rows.length > 0).map((page: any) => page.rows.map((entry: any) => BigInt(entry.v)));
    // Every row of a page carries the same version; the first page's is the snapshot the bootstrap starts from.
    for (const versions of pageVersions) expect(new Set(versions).size).toBe(1);
    expect(pageVersions[0]![0]).toBe(BigInt(pages[0].snapshotVersion));
    expect(pageVersions[pageVersions.length - 1]![0]).toBeGreaterThan(pageVersions[0]![0]);
  });

  it('bootstraps only the tables asked for, and names an unknown one', async () => {
    const { pages } = await bootstrapInto(server, till1, new Map(), { tables: ['stock_levels', 'items'] });
    expect(pages[0].progress.tables.map((entry: any) => entry.table)).toEqual(['items', 'stock_levels']);
    expect(new Set(pages.filter((page: any) => page.table).map((page: any) => page.table))).toEqual(new Set(['items', 'stock_levels']));
    expectValidation((await syncCall(server, 'bootstrap', till1, { tables: ['items', 'audit_log'] })) as never, 'tables.1 must be the name of a table terminals mirror');
    expectValidation((await syncCall(server, 'bootstrap', till1, { tables: [] })) as never, 'tables should not be empty');
  });

  it('refuses a page token it did not issue to this terminal (400), and one from before a scope change (409)', async () => {
    const first = await syncCall(server, 'bootstrap', till1, { limitRows: 1 });
    const token = first.body.nextPageToken as string;
    expect((await syncCall(server, 'bootstrap', till1, { pageToken: token, limitRows: 1 })).status).toBe(201);
    const [payload, signature] = token.split('.');
    const tampered = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    tampered.q = ['users'];
    const forged = `${Buffer.from(JSON.stringify(tampered)).toString('base64url')}.${signature}`;
    for (const pageToken of [forged, 'garbage', `${payload}.AAAA`]) {
      expectValidation((await syncCall(server, 'bootstrap', till1, { pageToken })) as never, 'pageToken is not a page token');
    }
    expectValidation((await syncCall(server, 'bootstrap', till2, { pageToken: token })) as never, 'pageToken is not a page token');
    const third = await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: { name: 'Moved stock' } });
    expect((await server.request('PATCH', `/api/v1/business-config/points/update/${world.point1}`, { token: shop.token, body: { default_warehouse_id: third.body.id } })).status).toBe(200);
    try {
      expectErrorBody((await syncCall(server, 'bootstrap', till1, { pageToken: token })) as never, 409, 'scope changed');
    } finally {
      await server.request('PATCH', `/api/v1/business-config/points/update/${world.point1}`, { token: shop.token, body: { default_warehouse_id: world.warehouse1 } });
    }
  });

  it('refuses unsupported protocol versions (426) and malformed bodies (400 naming the field)', async () => {
    const call = (body: Record<string, unknown>) => syncCall(server, 'bootstrap', till1, body) as never;
    expectErrorBody(await call({ protocolVersion: 5 }), 426);
    expectValidation(await call({ limitRows: 0 }), 'limitRows must be at least 1');
    expectValidation(await call({ limitRows: 10_001 }), 'limitRows must be at most 10000');
    expectValidation(await call({ tables: 'items' }), 'tables must be an array');
    expectValidation(await call({ pageToken: 7 }), 'pageToken must be a string');
    expectValidation(await call({ zzz: true }), 'property zzz should not exist');
  });
});
