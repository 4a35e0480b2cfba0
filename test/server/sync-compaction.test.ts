/**
 * Change-log compaction (app/sync/compaction.ts, docs/sync.md "Compaction and the retention floor"): beyond the
 * horizon only the latest image of each record stays, pulls over the compacted part still page by whole versions
 * and lead to the same state, tombstones stay until their time, then the floor passes them and an older cursor is
 * reset — also when the change cache holds its versions — and, on PostgreSQL, compaction beside concurrent
 * writers and a second compactor loses nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompactionBusy, compactBusiness, compactLog, type LogRetentionSettings } from '../../app/sync/compaction.js';
import { changeCacheFor } from '../../app/sync/change-cache.js';
import { waitForCapture } from '../../db/change-capture.js';
import { testEngines } from '../helpers/databases.js';
import { compactionTarget, logEntries } from '../helpers/compaction.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import {
  bootstrapInto,
  createItem,
  enrollTerminal,
  liveRows,
  pullInto,
  pullPage,
  receiptNeeds,
  receive,
  shopWorld,
  type EnrolledTerminal,
  type LocalState,
  type ShopWorld,
} from '../helpers/terminals.js';

const versionOf = (cursor: string) => BigInt(cursor.split(':')[1] ?? '-1');

describe.each(await testEngines())('compacting the change log on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: ShopWorld;
  let needs: { measure: string; supplier: string };
  let till: EnrolledTerminal;
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'compaction-shop');
    world = await shopWorld(server, shop);
    needs = await receiptNeeds(server, shop);
    till = await enrollTerminal(server, shop, world.workplace1, 'Till 1');
  });
  afterAll(() => server.close());

  const patch = (path: string, body: unknown) => server.request('PATCH', `/api/v1${path}`, { token: shop.token, body });
  const remove = (path: string) => server.request('DELETE', `/api/v1${path}`, { token: shop.token });

  /** A till's copy at the head: bootstrapped, then pulled. */
  async function copyAtHead(): Promise<{ state: LocalState; cursor: string }> {
    const state: LocalState = new Map();
    const { cursor } = await bootstrapInto(server, till, state);
    return { state, cursor: (await pullInto(server, till, state, cursor)).cursor };
  }

  it('keeps only the latest image of each record beyond the horizon, and pulls at any page size converge to the same state', async () => {
    const start = await copyAtHead();
    const items = [
      await createItem(server, shop, 'Tea'),
      await createItem(server, shop, 'Coffee'),
      await createItem(server, shop, 'Juice'),
    ];
    for (let round = 1; round <= 3; round += 1) {
      for (const item of items)
        expect((await patch(`/item-modifier/items/update/${item}`, { name: `Item ${item.slice(-4)} r${round}` })).status).toBe(
          200,
        );
      await receive(server, world, needs, world.warehouse1, [{ itemId: items[0]!, quantity: round }]);
    }
    expect((await remove(`/item-modifier/items/delete/${items[2]}`)).status).toBe(200);
    const horizon = versionOf((await copyAtHead()).cursor);
    // Above the horizon: changes compaction must leave alone.
    expect((await patch(`/item-modifier/items/update/${items[0]}`, { name: 'Tea, newest' })).status).toBe(200);
    await receive(server, world, needs, world.warehouse1, [{ itemId: items[0]!, quantity: 9 }]);
    const expected = liveRows((await copyAtHead()).state);

    const db = server.database.db as never;
    const before = await logEntries(db, shop.businessId);
    const outcome = await compactBusiness(compactionTarget(server), shop.businessId, {
      horizon,
      floor: versionOf(start.cursor),
      batchVersions: 2,
    });
    expect(outcome).toMatchObject({ compactedTo: horizon, floor: versionOf(start.cursor) });
    expect(outcome.entriesDropped).toBeGreaterThan(0);
    const after = await logEntries(db, shop.businessId);

    // Beyond the horizon each record once, as its newest image there; above it, every entry as before.
    const compacted = after.filter((entry) => entry.version <= horizon);
    const keys = compacted.map((entry) => `${entry.table}/${entry.rowId}`);
    expect(new Set(keys).size).toBe(keys.length);
    const newestBefore = new Map<string, bigint>();
    for (const entry of before.filter((entry) => entry.version <= horizon && entry.version > versionOf(start.cursor)))
      newestBefore.set(`${entry.table}/${entry.rowId}`, entry.version);
    expect(new Map(compacted.map((entry) => [`${entry.table}/${entry.rowId}`, entry.version]))).toEqual(newestBefore);
    expect(after.filter((entry) => entry.version > horizon)).toEqual(before.filter((entry) => entry.version > horizon));
    // The deleted item's tombstone is its newest image: kept.
    expect(compacted.find((entry) => entry.rowId === items[2])?.isDeleted).toBe(true);
    expect(after.length).toBeLessThan(before.length);

    // A till at the old cursor converges, whatever the page size; each page ends on a whole version.
    for (const limitRows of [1, 3, 1000]) {
      const state = structuredClone(start.state);
      const { pages } = await pullInto(server, till, state, start.cursor, { limitRows });
      const versionsPerPage = pages.map((page) => new Set(page.changes.map((change: any) => BigInt(change.v))));
      const all = versionsPerPage.flatMap((versions) => [...versions]);
      expect(new Set(all).size).toBe(all.length);
      expect(liveRows(state)).toEqual(expected);
    }
    // Running it again changes nothing.
    const again = await compactBusiness(compactionTarget(server), shop.businessId, {
      horizon,
      floor: versionOf(start.cursor),
      batchVersions: 2,
    });
    expect(again.entriesDropped).toBe(0);
    expect(await logEntries(db, shop.businessId)).toEqual(after);
  });

  it('keeps a tombstone until its time; then the floor passes it, and a cursor before it is reset even with its versions cached', async () => {
    const settings: LogRetentionSettings = { compactAfterMs: 500, keepTombstonesMs: 1500, everyMs: 0, batchVersions: 10 };
    const t0 = Date.now() + 10_000_000;
    const target = compactionTarget(server);
    // A run marks the head it sees at its time; on PostgreSQL the head moves once the capture has logged the writes.
    const compactLogAt = async (atMs: number) => {
      await waitForCapture(server.database.db as never);
      return compactLog(target, settings, atMs);
    };
    const before = await copyAtHead();
    const item = await createItem(server, shop, 'Discontinued');
    const created = await copyAtHead();
    await compactLogAt(t0);
    expect((await remove(`/item-modifier/items/delete/${item}`)).status).toBe(200);
    await createItem(server, shop, 'Later');
    await compactLogAt(t0 + 1000);
    await compactLogAt(t0 + 2000);
    // Compacted up to the second mark, the floor at the first: the tombstone is still there for a till that had the item.
    const tombstone = (await logEntries(server.database.db as never, shop.businessId)).find((entry) => entry.rowId === item);
    expect(tombstone?.isDeleted).toBe(true);
    const state = structuredClone(created.state);
    await pullInto(server, till, state, created.cursor);
    expect(state.get('items')?.get(item)?.row.is_deleted).toBe(1);
    // The cache now holds versions from that cursor on (the HTTP pull uses it).
    const cache = changeCacheFor(server.database.db);
    const scopeKey = created.cursor.split(':')[2]!;
    expect(cache.window(shop.businessId, scopeKey)).toBeDefined();

    const [outcome] = (await compactLogAt(t0 + 3000)).filter((entry) => entry.businessId === shop.businessId);
    expect(outcome!.floor).toBeGreaterThan(versionOf(created.cursor));
    expect(
      (await logEntries(server.database.db as never, shop.businessId)).some(
        (entry) => entry.rowId === item || entry.version <= outcome!.floor,
      ),
    ).toBe(false);
    for (const cursor of [before.cursor, created.cursor])
      expect((await pullPage(server, till, { cursor })).reset).toMatchObject({ reason: 'CURSOR_BEFORE_RETENTION' });
    expect(cache.window(shop.businessId, scopeKey)!.lo).toBeGreaterThanOrEqual(outcome!.floor);
    // A till that downloads again starts above the floor and is served.
    const fresh = await copyAtHead();
    expect(versionOf(fresh.cursor)).toBeGreaterThanOrEqual(outcome!.floor);
    expect(fresh.state.get('items')?.has(item) ?? false).toBe(false);
  });

  it.runIf(engine === 'postgres')(
    'loses no change above the horizon while tills write and a second compactor tries at once',
    async () => {
      const start = await copyAtHead();
      const items = await Promise.all(Array.from({ length: 6 }, (_unused, index) => createItem(server, shop, `Busy ${index}`)));
      for (let round = 0; round < 5; round += 1) {
        await Promise.all(
          items.map((item) => patch(`/item-modifier/items/update/${item}`, { name: `Busy ${item.slice(-4)} ${round}` })),
        );
      }
      const horizon = versionOf((await copyAtHead()).cursor);
      const target = compactionTarget(server);
      let writing = true;
      const writers = (async () => {
        let round = 0;
        while (writing || round < 5) {
          round += 1;
          await Promise.all([
            ...items.map((item) =>
              patch(`/item-modifier/items/update/${item}`, { name: `Busy ${item.slice(-4)} late ${round}` }),
            ),
            receive(server, world, needs, world.warehouse1, [{ itemId: items[0]!, quantity: 1 }]),
          ]);
        }
        return round;
      })();
      const compactors = await Promise.allSettled([
        compactBusiness(target, shop.businessId, { horizon, floor: versionOf(start.cursor), batchVersions: 1 }),
        compactBusiness(target, shop.businessId, { horizon, floor: versionOf(start.cursor), batchVersions: 1 }),
      ]);
      writing = false;
      expect(await writers).toBeGreaterThanOrEqual(5);
      // Each batch takes the advisory lock or gives up: the loser stops with CompactionBusy, never works beside it.
      for (const settled of compactors) if (settled.status === 'rejected') expect(settled.reason).toBeInstanceOf(CompactionBusy);
      expect(compactors.some((settled) => settled.status === 'fulfilled')).toBe(true);
      // Finish whatever a lost race left.
      await compactBusiness(target, shop.businessId, { horizon, floor: versionOf(start.cursor), batchVersions: 50 });

      const entries = await logEntries(server.database.db as never, shop.businessId);
      const keys = entries.filter((entry) => entry.version <= horizon).map((entry) => `${entry.table}/${entry.rowId}`);
      expect(new Set(keys).size).toBe(keys.length);
      const state = structuredClone(start.state);
      await pullInto(server, till, state, start.cursor, { limitRows: 7 });
      expect(liveRows(state)).toEqual(liveRows((await copyAtHead()).state));
      for (const item of items) expect(String(state.get('items')?.get(item)?.row.name)).toMatch(/ late \d+$/);
    },
  );
});
