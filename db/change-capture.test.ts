import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { uuidv7 } from '../shared/ids.js';
import { freshDatabase, testEngines, type TestDatabase } from '../test/helpers/databases.js';
import { stampChanges } from './change-capture.js';
import { loggedEntries } from '../test/helpers/change-log.js';

const now = () => new Date().toISOString();

function warehouseRow(businessId: string, name: string, id = uuidv7()) {
  return { business_id: businessId, id, name, location: null, is_deleted: 0, dt_created: now(), dt_updated: now() };
}

/** A stock level of `quantity` (scaled by 1000) in the warehouse: the captured table scoped by warehouse. */
const stockLevelRow = (business: string, warehouse: string, quantity: bigint) => ({
  business_id: business, id: uuidv7(), item_id: uuidv7(), warehouse_id: warehouse, quantity, price: 100n, measure_id: 'pcs',
  date_from: now(), mon: 0n, tue: 0n, wed: 0n, thu: 0n, fri: 0n, sat: 0n, sun: 0n, is_deleted: 0, dt_created: now(), dt_updated: now(),
});

describe.each(await testEngines())('the change log on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(engine, { poolSize: 12 });
  });
  afterAll(() => database.dispose());

  // SQLite versions are the business's clock: 1, 2, 3… On PostgreSQL they are commit LSNs (migration 0032): in
  // commit order, not contiguous, so the business's versions are numbered 1, 2, 3… here by their order.
  const changesOf = async (businessId: string) => {
    const changes = await loggedEntries(database.db, businessId);
    if (engine === 'sqlite') return changes;
    const ranks = new Map([...new Set(changes.map((change) => change.version))].sort((a, b) => (a < b ? -1 : 1)).map((version, index) => [version, BigInt(index + 1)]));
    return changes.map((change) => ({ ...change, version: ranks.get(change.version)! }));
  };

  it('records each committed write to a mirrored table under the business’s next version, with its post-image', async () => {
    const business = uuidv7();
    const first = warehouseRow(business, 'Main');
    await database.writes.transaction((tx) => tx.insertInto('warehouses').values(first).execute());
    await database.writes.transaction((tx) => tx.updateTable('warehouses').set({ name: 'Main hall' }).where('business_id', '=', business).where('id', '=', first.id).execute());
    const changes = await changesOf(business);
    expect(changes.map((change) => [Number(change.version), change.tbl, change.row_id, change.scope])).toEqual([
      [1, 'warehouses', first.id, 'biz'],
      [2, 'warehouses', first.id, 'biz'],
    ]);
    expect(JSON.parse(changes[1]!.row)).toMatchObject({ business_id: business, id: first.id, name: 'Main hall', is_deleted: 0 });
    expect(await database.db.selectFrom('sync_pending').selectAll().execute()).toEqual([]);
  });

  it('keeps every image a transaction wrote, in write order under one version, with the fields each update changed', async () => {
    const business = uuidv7();
    const a = warehouseRow(business, 'A');
    const b = warehouseRow(business, 'B');
    await database.writes.transaction(async (tx) => {
      await tx.insertInto('warehouses').values([a, b]).execute();
      await tx.updateTable('warehouses').set({ name: 'A2', location: 'Yard' }).where('business_id', '=', business).where('id', '=', a.id).execute();
    });
    const changes = await changesOf(business);
    expect(changes.map((change) => [Number(change.version), change.row_id, JSON.parse(change.row).name, change.fields && JSON.parse(change.fields)])).toEqual([
      [1, a.id, 'A', null],
      [1, b.id, 'B', null],
      [1, a.id, 'A2', ['location', 'name']],
    ]);
  });

  it('names no field for an update that changed nothing', async () => {
    const business = uuidv7();
    const a = warehouseRow(business, 'Same');
    await database.writes.transaction((tx) => tx.insertInto('warehouses').values(a).execute());
    await database.writes.transaction((tx) => tx.updateTable('warehouses').set({ name: 'Same' }).where('business_id', '=', business).where('id', '=', a.id).execute());
    const changes = await changesOf(business);
    expect(changes.map((change) => change.fields)).toEqual([null, '[]']);
  });

  it('records nothing, and spends no version, for a transaction that rolls back', async () => {
    const business = uuidv7();
    await database.writes.transaction((tx) => tx.insertInto('warehouses').values(warehouseRow(business, 'Kept')).execute());
    await expect(
      database.writes.transaction(async (tx) => {
        await tx.insertInto('warehouses').values(warehouseRow(business, 'Lost')).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await database.writes.transaction((tx) => tx.insertInto('warehouses').values(warehouseRow(business, 'Next')).execute());
    const changes = await changesOf(business);
    expect(changes.map((change) => [Number(change.version), JSON.parse(change.row).name])).toEqual([
      [1, 'Kept'],
      [2, 'Next'],
    ]);
  });

  it('versions a transaction whose first captured write was rolled back to a savepoint, and only what it kept', async () => {
    const business = uuidv7();
    await database.db.transaction().execute(async (tx) => {
      await sql`savepoint first_write`.execute(tx);
      await tx.insertInto('warehouses').values(warehouseRow(business, 'Undone')).execute();
      await sql`rollback to savepoint first_write`.execute(tx);
      await tx.insertInto('warehouses').values(warehouseRow(business, 'Kept')).execute();
      if (engine === 'sqlite') await stampChanges(tx as never);
    });
    const changes = await changesOf(business);
    expect(changes.map((change) => [Number(change.version), JSON.parse(change.row).name])).toEqual([[1, 'Kept']]);
    expect(await database.db.selectFrom('sync_pending').selectAll().where('business_id', '=', business).execute()).toEqual([]);
  });

  it('logs every row of one statement that both inserts and updates (an upsert), the updated ones with their changed fields', async () => {
    const business = uuidv7();
    const existing = warehouseRow(business, 'Old');
    const added = warehouseRow(business, 'Added');
    await database.writes.transaction((tx) => tx.insertInto('warehouses').values(existing).execute());
    await database.writes.transaction((tx) =>
      tx
        .insertInto('warehouses')
        .values([{ ...existing, name: 'Renamed' }, added])
        .onConflict((conflict) => conflict.columns(['business_id', 'id']).doUpdateSet({ name: (eb) => eb.ref('excluded.name') }))
        .execute(),
    );
    const changes = await changesOf(business);
    const second = changes.filter((change) => Number(change.version) === 2);
    expect(second.map((change) => [change.row_id, JSON.parse(change.row).name, change.fields && JSON.parse(change.fields)]).sort()).toEqual(
      [
        [existing.id, 'Renamed', ['name']],
        [added.id, 'Added', null],
      ].sort(),
    );
  });

  it('counts versions per business, so one tenant’s writes never show in another’s log', async () => {
    const [one, two] = [uuidv7(), uuidv7()];
    await database.writes.transaction((tx) => tx.insertInto('warehouses').values(warehouseRow(one, 'One')).execute());
    await database.writes.transaction((tx) => tx.insertInto('warehouses').values(warehouseRow(two, 'Two')).execute());
    expect((await changesOf(one)).map((change) => [Number(change.version), JSON.parse(change.row).name])).toEqual([[1, 'One']]);
    expect((await changesOf(two)).map((change) => [Number(change.version), JSON.parse(change.row).name])).toEqual([[1, 'Two']]);
  });

  it('scopes stock levels to their warehouse and leaves server-only tables out', async () => {
    const business = uuidv7();
    const warehouse = uuidv7();
    await database.writes.transaction(async (tx) => {
      await tx
        .insertInto('stock_levels')
        .values(stockLevelRow(business, warehouse, 5000n))
        .execute();
      await tx
        .insertInto('audit_log')
        .values({ business_id: business, id: uuidv7(), user_id: null, type: 'SYSTEM', action: 'TEST', details: null, is_deleted: 0, dt_created: now(), dt_updated: now() })
        .execute();
    });
    const changes = await changesOf(business);
    expect(changes.map((change) => [change.tbl, change.scope])).toEqual([['stock_levels', `wh:${warehouse}`]]);
    // Quantities are scaled integers in the image, exact.
    expect(JSON.parse(changes[0]!.row).quantity).toBe(5000);
  });

  it.runIf(engine === 'sqlite')('tells the stamp’s caller the scopes each business logged, so a push pokes only the tills they concern', async () => {
    const business = uuidv7();
    const warehouse = uuidv7();
    const told: [string, string[]][] = [];
    await database.writes.transaction(
      async (tx) => {
        await tx.insertInto('warehouses').values(warehouseRow(business, 'Scoped')).execute();
        await tx
          .insertInto('stock_levels')
          .values(stockLevelRow(business, warehouse, 1000n))
          .execute();
        await stampChanges(tx as never, { onScopes: (businessId, scopes) => told.push([businessId, [...scopes].sort()]) });
      },
      { stampsItself: true },
    );
    expect(told).toEqual([[business, ['biz', `wh:${warehouse}`]]]);
  });

  it('carries a write made outside any transaction into a version, exactly once', async () => {
    const business = uuidv7();
    await database.db.insertInto('warehouses').values(warehouseRow(business, 'Stray')).execute();
    // On PostgreSQL it is stamped at its own COMMIT (migration 0011); on SQLite the next stamp takes it.
    await database.writes.transaction((tx) => tx.insertInto('warehouses').values(warehouseRow(business, 'Next')).execute());
    await database.writes.transaction((tx) => tx.insertInto('warehouses').values(warehouseRow(business, 'Later')).execute());
    const changes = await changesOf(business);
    const versionOf = (name: string) => changes.filter((change) => JSON.parse(change.row).name === name).map((change) => Number(change.version));
    expect(versionOf('Stray')).toHaveLength(1);
    expect(versionOf('Stray')[0]).toBeLessThanOrEqual(versionOf('Later')[0]!);
    expect(await database.db.selectFrom('sync_pending').selectAll().execute()).toEqual([]);
  });

  it.runIf(engine === 'postgres')('writes nothing for the log inside the writer’s transaction on PostgreSQL: no pending entry, no clock row; logged after COMMIT', async () => {
    const business = uuidv7();
    await database.db.transaction().execute(async (tx) => {
      await tx.insertInto('warehouses').values(warehouseRow(business, 'At commit')).execute();
      // The capture reads the WAL after COMMIT (migration 0032): a concurrent writer of the business is never held up.
      expect(await tx.selectFrom('sync_pending').select('row_id').where('business_id', '=', business).execute()).toEqual([]);
      expect(await tx.selectFrom('sync_clock').selectAll().where('business_id', '=', business).execute()).toEqual([]);
    });
    const changes = await changesOf(business);
    expect(changes.map((change) => [Number(change.version), JSON.parse(change.row).name])).toEqual([[1, 'At commit']]);
  });

  it('I3: a reader polling while 12 writers commit sees every change exactly once, in increasing versions (contiguous on SQLite)', async () => {
    const business = uuidv7();
    const writers = 12;
    const perWriter = 15;
    let done = false;
    const seen: { version: number; name: string }[] = [];
    let cursor = 0n;
    const poll = async () => {
      // The pull's rule: everything above the cursor, in version order; the cursor moves to the last version read.
      const page = await loggedEntries(database.db, business, cursor);
      for (const change of page) seen.push({ version: Number(change.version), name: JSON.parse(change.row).name });
      if (page.length > 0) cursor = BigInt(page[page.length - 1]!.version);
    };
    const reader = (async () => {
      while (!done) {
        await poll();
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      await poll();
    })();
    await Promise.all(
      Array.from({ length: writers }, async (_unused, writer) => {
        for (let index = 0; index < perWriter; index += 1) {
          await database.writes.transaction(async (tx) => {
            await tx.insertInto('warehouses').values(warehouseRow(business, `w${writer}-${index}`)).execute();
            // Widen the window between the insert and the commit, where a sequence-based cursor loses rows.
            if (index % 3 === 0) await sql`select 1`.execute(tx);
          });
        }
      }),
    );
    done = true;
    await reader;
    const total = writers * perWriter;
    const versions = seen.map((entry) => entry.version);
    if (engine === 'sqlite') expect(versions).toEqual(Array.from({ length: total }, (_unused, index) => index + 1));
    // PostgreSQL: commit LSNs, one per transaction, strictly increasing in the order the reader saw them.
    else expect(versions.every((version, index) => index === 0 || version > versions[index - 1]!)).toBe(true);
    expect(versions).toHaveLength(total);
    expect(new Set(seen.map((entry) => entry.name)).size).toBe(total);
  });
});
