import { lsnToVersion, waitForCapture } from '../../db/change-capture.js';
import { sql } from 'kysely';
import pg from 'pg';
import { postgresUrlOf } from '../../db/connect.js';
import type { BuiltServer } from '../../server/app.js';
import fc from 'fast-check';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPull } from '../../app/sync/pull.js';
import { compactBusiness } from '../../app/sync/compaction.js';
import { compactionTarget } from '../helpers/compaction.js';
import { ChangeCache } from '../../app/sync/change-cache.js';
import { testEngines } from '../helpers/databases.js';
import { loggedEntries } from '../helpers/change-log.js';
import { registerTenant, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { expectErrorBody, expectValidation } from '../helpers/checks.js';
import { isTillCredentialCheck, statementsDuring } from '../helpers/statements.js';
import {
  bootstrapInto,
  createItem,
  enrollTerminal,
  pullInto,
  pullPage,
  receiptNeeds,
  receive,
  shopWorld,
  syncCall,
  type EnrolledTerminal,
  type LocalState,
  type ShopWorld,
} from '../helpers/terminals.js';

/** The fixed seed of the paging property; a failure prints it with the counterexample. */
const SEED = 20_240_611;
/** A page without the service's clock, which every answer carries as of its own moment. */
const withoutServerTime = (page: string) => page.replace(/,"serverTime":"[^"]*"/, '');

describe.each(await testEngines())('pulling the change log on %s', (engine) => {
  let server: TestServer;
  let shop: Tenant;
  let world: ShopWorld;
  let needs: { measure: string; supplier: string };
  let till1: EnrolledTerminal;
  let till2: EnrolledTerminal;
  beforeAll(async () => {
    server = await startTestServer(engine);
    shop = await registerTenant(server, 'pull-shop');
    world = await shopWorld(server, shop);
    needs = await receiptNeeds(server, shop);
    till1 = await enrollTerminal(server, shop, world.workplace1, 'Till 1');
    till2 = await enrollTerminal(server, shop, world.workplace2, 'Till 2');
  });
  afterAll(() => server.close());

  /** The terminal's current position: a bootstrap of every table, then its cursor. */
  async function caughtUp(terminal: EnrolledTerminal): Promise<string> {
    const state: LocalState = new Map();
    const { cursor } = await bootstrapInto(server, terminal, state);
    return (await pullInto(server, terminal, state, cursor)).cursor;
  }

  const versionOf = (cursor: string) => BigInt(cursor.split(':')[1] ?? '-1');
  const patch = (path: string, body: unknown) => server.request('PATCH', `/api/v1${path}`, { token: shop.token, body });

  it('I3: delivers back-office writes in commit order: a create, its update, then its tombstone', async () => {
    const cursor = await caughtUp(till1);
    const item = await createItem(server, shop, 'Green tea');
    expect((await patch(`/item-modifier/items/update/${item}`, { name: 'Green tea 0.5' })).status).toBe(200);
    expect((await server.request('DELETE', `/api/v1/item-modifier/items/delete/${item}`, { token: shop.token })).status).toBe(200);
    const later = await createItem(server, shop, 'Black tea');
    const page = await pullPage(server, till1, { cursor });
    expect(page).toMatchObject({ protocolVersion: PROTOCOL_VERSION, fromVersion: Number(versionOf(cursor)), hasMore: false, reset: null, ack: { epoch: till1.epoch, lastAppliedSeq: 0 }, mutationResults: [] });
    expect(page.upToVersion).toBe(page.headVersion);
    const items = page.changes.filter((change: any) => change.t === 'items');
    expect(items.map((change: any) => [change.row.id, change.row.name, Number(change.row.is_deleted)])).toEqual([
      [item, 'Green tea', 0],
      [item, 'Green tea 0.5', 0],
      [item, 'Green tea 0.5', 1],
      [later, 'Black tea', 0],
    ]);
    // An update names the columns it changed, for field-level merges on the terminal; an insert names none.
    expect(items[0].fields).toBeNull();
    expect(items[1].fields).toContain('name');
    expect(items[2].fields).toContain('is_deleted');
    const versions = items.map((change: any) => BigInt(change.v));
    expect([...versions].sort((a, b) => (a < b ? -1 : 1))).toEqual(versions);
    expect(new Set(versions).size).toBe(4);
    // Server-side records never travel: audit entries, stock moves.
    expect(page.changes.some((change: any) => ['audit_log', 'stock_moves', 'users', 'terminals'].includes(change.t))).toBe(false);
  });

  it('delivers the stock a receipt posts into the terminal’s warehouse, and never another point’s warehouse’s', async () => {
    const [cursor1, cursor2] = [await caughtUp(till1), await caughtUp(till2)];
    const item = await createItem(server, shop, 'Milk');
    await receive(server, world, needs, world.warehouse1, [{ itemId: item, quantity: 5 }]);
    await receive(server, world, needs, world.warehouse2, [{ itemId: item, quantity: 7 }]);
    const stockOf = (page: any) =>
      page.changes.filter((change: any) => change.t === 'stock_levels' && change.row.item_id === item).map((change: any) => [change.row.warehouse_id, BigInt(change.row.quantity)]);
    const page1 = await pullPage(server, till1, { cursor: cursor1 });
    const page2 = await pullPage(server, till2, { cursor: cursor2 });
    expect(stockOf(page1)).toEqual([[world.warehouse1, 5000n]]);
    expect(stockOf(page2)).toEqual([[world.warehouse2, 7000n]]);
    // The receipts themselves are business-wide records: both tills get both, each with its lines in the same version.
    for (const page of [page1, page2]) {
      const receipts = page.changes.filter((change: any) => change.t === 'receipts');
      expect(receipts).toHaveLength(2);
      for (const receipt of receipts) {
        const lines = page.changes.filter((change: any) => change.t === 'receipt_lines' && change.row.receipt_id === receipt.row.id);
        expect(lines.map((line: any) => line.v)).toEqual([receipt.v]);
      }
    }
  });

  it('never delivers another business’s changes, though both write at once', async () => {
    const other = await registerTenant(server, 'pull-other');
    const otherWorld = await shopWorld(server, other);
    const theirs = await enrollTerminal(server, other, otherWorld.workplace1);
    const [mine, their] = [await caughtUp(till1), await caughtUp(theirs)];
    await Promise.all([createItem(server, shop, 'Ours'), createItem(server, other, 'Theirs'), createItem(server, shop, 'Ours 2'), createItem(server, other, 'Theirs 2')]);
    const ours = await pullPage(server, till1, { cursor: mine });
    const others = await pullPage(server, theirs, { cursor: their });
    expect(ours.changes.map((change: any) => change.row.name).sort()).toEqual(['Ours', 'Ours 2']);
    expect(others.changes.map((change: any) => change.row.name).sort()).toEqual(['Theirs', 'Theirs 2']);
    expect(ours.changes.every((change: any) => change.row.business_id === shop.businessId)).toBe(true);
  });

  it('pages at any row or byte limit without ever splitting a version, and every paging gives the same changes', async () => {
    const start = await caughtUp(till1);
    const items: string[] = [];
    for (let index = 0; index < 6; index += 1) items.push(await createItem(server, shop, `Paged ${index}`));
    // Receipts are multi-row versions: header, lines and stock levels commit together.
    await receive(server, world, needs, world.warehouse1, items.slice(0, 4).map((itemId, index) => ({ itemId, quantity: index + 1 })));
    await receive(server, world, needs, world.warehouse1, items.slice(2).map((itemId) => ({ itemId, quantity: 2 })));
    for (const itemId of items.slice(0, 3)) await patch(`/item-modifier/items/update/${itemId}`, { price: '11.5' });
    const whole = await pullInto(server, till1, new Map(), start, { limitRows: 10_000 });
    expect(whole.pages).toHaveLength(1);
    const expected = whole.pages[0].changes.map((change: any) => `${change.v}/${change.t}/${change.row.id}`);
    expect(expected.length).toBeGreaterThan(25);

    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 9 }), fc.option(fc.integer({ min: 1_024, max: 4_096 }), { nil: undefined }), async (limitRows, limitBytes) => {
        const paged = await pullInto(server, till1, new Map(), start, { limitRows, ...(limitBytes ? { limitBytes } : {}) });
        const seen = paged.pages.flatMap((page: any) => page.changes.map((change: any) => `${change.v}/${change.t}/${change.row.id}`));
        expect(seen).toEqual(expected);
        let previousUpTo = versionOf(start);
        for (const page of paged.pages) {
          const versions = page.changes.map((change: any) => BigInt(change.v));
          // Entries of a page lie above the previous page's upper version and at or below its own:
          // a version is never split between two pages.
          for (const version of versions) {
            expect(version > previousUpTo && version <= BigInt(page.upToVersion)).toBe(true);
          }
          expect(BigInt(page.fromVersion)).toBe(previousUpTo);
          previousUpTo = BigInt(page.upToVersion);
        }
        expect(paged.cursor).toBe(whole.cursor);
      }),
      { seed: SEED, numRuns: 12 },
    );
  });

  it('serves the same pages from its window of recent versions as from the log, whatever the cursor, limits and writes between', async () => {
    const start = await caughtUp(till2);
    const cursors = [start];
    // A small window, so reads that extend it, restart it and trim it all happen.
    const cache = new ChangeCache({ entriesPerWindow: 12, entriesInAll: 30 });
    const db = server.database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            write: fc.constantFrom('none', 'item', 'receipt'),
            cursor: fc.nat(),
            limitRows: fc.integer({ min: 1, max: 40 }),
            limitBytes: fc.option(fc.integer({ min: 512, max: 8_192 }), { nil: undefined }),
          }),
          { minLength: 4, maxLength: 8 },
        ),
        async (steps) => {
          for (const step of steps) {
            if (step.write === 'item') await createItem(server, shop, `Cached ${cursors.length}`);
            if (step.write === 'receipt') {
              const itemId = await createItem(server, shop, `Received ${cursors.length}`);
              await receive(server, world, needs, world.warehouse2, [{ itemId, quantity: 3 }]);
            }
            // PostgreSQL: both reads must see the same log, so the capture of the writes above comes first.
            await waitForCapture(db as never);
            const input = { terminalId: till2.terminalId, epoch: till2.epoch, cursor: cursors[step.cursor % cursors.length]!, limitRows: step.limitRows, ...(step.limitBytes ? { limitBytes: step.limitBytes } : {}) };
            const fromLog = String(await readPull(db, shop.businessId, input));
            const fromWindow = String(await readPull(db, shop.businessId, input, { cache }));
            // The pages are the same but for the service's clock at each answer.
            expect(withoutServerTime(fromWindow)).toBe(withoutServerTime(fromLog));
            const cursor = (JSON.parse(fromLog) as { cursor: string | null }).cursor;
            if (cursor && !cursors.includes(cursor)) cursors.push(cursor);
          }
        },
      ),
      { seed: SEED, numRuns: 8 },
    );
    expect(cursors.length).toBeGreaterThan(5);
  });

  it('answers an unusable cursor with a reset, not with changes', async () => {
    const cursor = await caughtUp(till1);
    const [, version, key] = cursor.split(':');
    const resetOf = async (value: unknown) => (await pullPage(server, till1, { cursor: value })).reset?.reason;
    const page = await pullPage(server, till1, { cursor: 'garbage' });
    expect(page).toMatchObject({ cursor: null, changes: [], ack: null, reset: { reason: 'CURSOR_INVALID', bootstrapFrom: page.headVersion, tables: null } });
    expect(await resetOf(null)).toBe('BOOTSTRAP_REQUIRED');
    expect(await resetOf(undefined)).toBe('BOOTSTRAP_REQUIRED');
    expect(await resetOf(`v2:${version}:${key}`)).toBe('CURSOR_INVALID');
    expect(await resetOf(`v1:${BigInt(version ?? '0') + 1000n}:${key}`)).toBe('CURSOR_AHEAD');
    expect(await resetOf(`v1:${version}:someotherkey`)).toBe('SCOPE_CHANGED');
    expect(await resetOf(cursor)).toBeUndefined();
    expectValidation((await syncCall(server, 'pull', till1, { cursor: 42 })) as never, 'cursor must be a string');
  });

  it('tells the till the service’s time with a page and with a reset, so it can check its own clock', async () => {
    const before = Date.now();
    const page = await pullPage(server, till1, { cursor: await caughtUp(till1) });
    const reset = await pullPage(server, till1, { cursor: 'garbage' });
    for (const answer of [page, reset]) {
      expect(answer.serverTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Date.parse(answer.serverTime)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(answer.serverTime)).toBeLessThanOrEqual(Date.now());
    }
    expect(reset.reset).not.toBeNull();
  });

  it('resets a terminal whose workplace moved to another point, or whose point’s warehouse changed', async () => {
    const workplace = await server.request('POST', '/api/v1/business-config/workplaces/create', { token: shop.token, body: { name: 'Mobile till', automated_point_id: world.point1 } });
    const mobile = await enrollTerminal(server, shop, workplace.body.id);
    const before = await caughtUp(mobile);
    expect((await patch(`/business-config/workplaces/update/${workplace.body.id}`, { automated_point_id: world.point2 })).status).toBe(200);
    expect((await pullPage(server, mobile, { cursor: before })).reset.reason).toBe('SCOPE_CHANGED');
    const moved = await caughtUp(mobile);
    expect((await pullPage(server, mobile, { cursor: moved })).reset).toBeNull();
    const third = await server.request('POST', '/api/v1/warehouses/create', { token: shop.token, body: { name: 'Backroom' } });
    expect((await patch(`/business-config/points/update/${world.point2}`, { default_warehouse_id: third.body.id })).status).toBe(200);
    try {
      expect((await pullPage(server, mobile, { cursor: moved })).reset.reason).toBe('SCOPE_CHANGED');
    } finally {
      await patch(`/business-config/points/update/${world.point2}`, { default_warehouse_id: world.warehouse2 });
    }
  });

  it('resets a cursor below the retention floor, and serves one at the floor', async () => {
    const cursor = await caughtUp(till1);
    await createItem(server, shop, 'After the cursor');
    const floor = await caughtUp(till1);
    await compactBusiness(compactionTarget(server), shop.businessId, { horizon: versionOf(floor), floor: versionOf(floor), batchVersions: 50 });
    expect((await pullPage(server, till1, { cursor })).reset).toMatchObject({ reason: 'CURSOR_BEFORE_RETENTION' });
    expect((await pullPage(server, till1, { cursor: floor })).reset).toBeNull();
  });

  it('I4: acknowledges the terminal’s operations whose effects the page includes, with their results after knownAck', async () => {
    const start = await caughtUp(till1);
    const first = await createItem(server, shop, 'Acked 1');
    const second = await createItem(server, shop, 'Acked 2');
    const versionOfRow = async (id: string) => (await loggedEntries(server.database.db, shop.businessId)).find((entry) => entry.row_id === id)!.version;
    const [v1, v2] = [await versionOfRow(first), await versionOfRow(second)];
    const mutation = (terminalId: string, epoch: string, seq: number, version: bigint | null, status: string, result: string | null) => ({
      business_id: shop.businessId,
      terminal_id: terminalId,
      epoch,
      seq: BigInt(seq),
      mutation_id: `${terminalId}-${epoch}-${seq}`,
      name: 'ItemModifierController_createItem',
      op_version: 1,
      args: '{}',
      args_digest: 'x',
      occurred_at: null,
      received_at: new Date().toISOString(),
      status,
      result,
      version,
    });
    await server.database.db
      .insertInto('sync_mutations')
      .values([
        mutation(till1.terminalId, till1.epoch, 1, v1, 'applied', '{"warnings":[{"code":"NEGATIVE_STOCK","itemId":"i-1"}]}'),
        mutation(till1.terminalId, till1.epoch, 2, v2, 'rejected', '{"error":{"code":"ILLEGAL_TRANSITION","message":"Receipt is closed"}}'),
        // Not yet committed with a version (inside its push transaction): never acknowledged.
        mutation(till1.terminalId, till1.epoch, 3, null, 'applied', null),
        // Another epoch of the same terminal, and another terminal: not this client's.
        mutation(till1.terminalId, 'older-epoch', 7, v1, 'applied', null),
        mutation(till2.terminalId, till1.epoch, 9, v1, 'applied', null),
      ])
      .execute();
    // PostgreSQL: the capture consumer gives every committed result the version of its transaction; seq 3 is put
    // back in the state of a result whose transaction is not logged yet.
    await waitForCapture(server.database.db as never);
    await server.database.db.updateTable('sync_mutations').set({ version: null }).where('business_id', '=', shop.businessId).where('seq', '=', 3n).execute();
    const page = await pullPage(server, till1, { cursor: start });
    expect(page.ack).toEqual({ epoch: till1.epoch, lastAppliedSeq: 2 });
    expect(page.mutationResults).toEqual([
      { seq: 1, mutationId: `${till1.terminalId}-${till1.epoch}-1`, status: 'applied', result: { warnings: [{ code: 'NEGATIVE_STOCK', itemId: 'i-1' }] } },
      { seq: 2, mutationId: `${till1.terminalId}-${till1.epoch}-2`, status: 'rejected', result: { error: { code: 'ILLEGAL_TRANSITION', message: 'Receipt is closed' } } },
    ]);
    expect((await pullPage(server, till1, { cursor: start, knownAck: 1 })).mutationResults.map((result: any) => result.seq)).toEqual([2]);
    const known = await pullPage(server, till1, { cursor: start, knownAck: 2 });
    expect([known.ack.lastAppliedSeq, known.mutationResults]).toEqual([2, []]);
    // A page that ends at v1 acknowledges only what v1 includes.
    const [, , key] = start.split(':');
    const upToFirst = await pullPage(server, till1, { cursor: `v1:${v1 - 1n}:${key}`, limitRows: 1 });
    expect(upToFirst.upToVersion).toBe(Number(v1));
    expect(upToFirst.ack.lastAppliedSeq).toBe(1);
    expect(upToFirst.mutationResults.map((result: any) => result.seq)).toEqual([1]);
    // …even when the terminal knows that much already and nothing after it is in the page.
    const knownFirst = await pullPage(server, till1, { cursor: `v1:${v1 - 1n}:${key}`, limitRows: 1, knownAck: 1 });
    expect([knownFirst.upToVersion, knownFirst.ack.lastAppliedSeq, knownFirst.mutationResults]).toEqual([Number(v1), 1, []]);
    await server.database.db.deleteFrom('sync_mutations').where('business_id', '=', shop.businessId).execute();
  });

  it('serves a write acknowledged just before the pull, though on PostgreSQL the log is written after its commit', async () => {
    let cursor = await caughtUp(till1);
    for (let round = 0; round < 5; round += 1) {
      const name = `Read your writes ${round}`;
      await createItem(server, shop, name);
      // No waiting for the capture here: the pull itself waits for its read-through position (server/capture/progress.ts).
      const page = await pullPage(server, till1, { cursor }, { waitForCapture: false });
      expect(page.changes.map((change: any) => change.row.name)).toContain(name);
      cursor = page.cursor;
    }
  });

  it.runIf(engine === 'postgres')('serves an acknowledged write when the capture logs it between the pull’s read and its check', async () => {
    let cursor = await caughtUp(till1);
    await waitForCapture(server.database.db as never);
    // Hold the capture's next batch: it moves the business's head row, which this transaction locks.
    const holder = new pg.Client({ connectionString: postgresUrlOf(server.database.db as never)! });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from sync_clock where business_id = $1 for update', [shop.businessId]);
      await createItem(server, shop, 'Logged after the read');
      // The pull's opening statement reads while the batch is held; as it returns, the batch commits and the capture
      // announces that it has read past the pull's start — before the pull has looked at the capture's position.
      const query = pg.Client.prototype.query;
      let heldRead = false;
      pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
        const result = (query as (...rest: unknown[]) => unknown).apply(this, args);
        const first = args[0] as string | { text?: string };
        const text = typeof first === 'string' ? first : (first.text ?? '');
        if (!text.includes('as "flushed"') || !(result instanceof Promise)) return result;
        pg.Client.prototype.query = query;
        heldRead = true;
        return result.then(async (answer: { rows: { flushed: string }[] }) => {
          await holder.query('commit');
          const progress = (server as unknown as BuiltServer).services.captureProgress!;
          expect(await progress.waitFor(lsnToVersion(answer.rows[0]!.flushed), 5_000)).toBe(true);
          return answer;
        });
      } as typeof query;
      try {
        const page = await pullPage(server, till1, { cursor }, { waitForCapture: false });
        expect(heldRead).toBe(true);
        expect(page.changes.map((change: any) => change.row.name)).toContain('Logged after the read');
        cursor = page.cursor;
      } finally {
        pg.Client.prototype.query = query;
      }
    } finally {
      await holder.end();
    }
  });

  it.runIf(engine === 'postgres')('answers a till that pulls after each write with one PostgreSQL statement, the write included', async () => {
    // The cursor's scope has a window of recent versions once a pull has read up to it.
    let cursor = await caughtUp(till1);
    for (const name of ['One-statement 1', 'One-statement 2']) {
      await createItem(server, shop, name);
      // The write's announcement to other instances (server/sync/pokes.ts: a NOTIFY a few ms after its answer) is
      // not the pull's statement: let it go out first.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await waitForCapture(server.database.db as never);
      // The WAL is the cluster's: other test files write to their databases at the same time, so the flushed position
      // can move past the capture between the wait below and the pull, and that pull rightly reads again. The claim
      // is about a pull of a caught-up capture: up to twenty tries, and one of them must take one statement.
      let page: any;
      const tries: string[][] = [];
      for (let attempt = 0; attempt < 20 && tries.at(-1)?.length !== 1; attempt += 1) {
        // The capture has read past the WAL as it is now (the consumer's own log write included, which a keepalive
        // confirms a moment later): this is the pull of a caught-up capture; one that is behind reads again after it.
        const flushed = await sql<{ lsn: string }>`select pg_current_wal_flush_lsn()::text as lsn`.execute(server.database.db);
        expect(await (server as unknown as BuiltServer).services.captureProgress!.waitFor(lsnToVersion(flushed.rows[0]!.lsn), 5_000)).toBe(true);
        const measured = await statementsDuring(() => pullPage(server, till1, { cursor }, { waitForCapture: false }));
        page = measured.result;
        tries.push(measured.statements.filter((statement) => !isTillCredentialCheck(statement)));
      }
      expect(tries.map((statements) => statements.length), tries.map((statements) => statements.join('\n---\n')).join('\n===\n')).toContain(1);
      // A pull that found the capture behind reads once more, never more than that: at most two opening statements.
      // (Not every statement of the try: on a slow machine a try can also span a statement that is not the pull's
      // read, such as the minutely refresh of the till's health row, and the claim is about the reads.)
      for (const statements of tries) expect(statements.filter((statement) => statement.includes('pg_current_wal_flush_lsn()')).length).toBeLessThanOrEqual(2);
      expect(page.changes.map((change: any) => change.row.name)).toContain(name);
      cursor = page.cursor;
    }
  });

  it('keeps money beyond 2^53 exact: rows travel as the database wrote them', async () => {
    const cursor = await caughtUp(till1);
    await createItem(server, shop, 'Gold bar', '999999999999999.99');
    const response = await syncCall(server, 'pull', till1, { cursor });
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.text).toContain('99999999999999999');
    const gold = response.body.changes.find((change: any) => change.row.name === 'Gold bar');
    expect(gold.row.price).toBe(99_999_999_999_999_999n);
  });

  it('answers a caught-up terminal with no changes and its cursor at the head', async () => {
    const cursor = await caughtUp(till1);
    const page = await pullPage(server, till1, { cursor });
    expect(page).toMatchObject({ cursor, changes: [], hasMore: false, reset: null });
    expect(BigInt(page.upToVersion)).toBe(BigInt(page.headVersion));
  });

  it('refuses unsupported protocol versions (426) and malformed bodies (400 naming the field)', async () => {
    const call = (body: Record<string, unknown>) => syncCall(server, 'pull', till1, body) as never;
    expectErrorBody(await call({ cursor: null, protocolVersion: PROTOCOL_VERSION + 1 }), 426, 'newer than this service supports');
    expectErrorBody(await call({ cursor: null, protocolVersion: 0 }), 426, 'no longer supported');
    expectValidation(await call({ protocolVersion: 'one' }), 'protocolVersion must be a number');
    expectValidation(await call({ limitRows: 0 }), 'limitRows must be at least 1');
    expectValidation(await call({ limitBytes: 10 }), 'limitBytes must be at least 1024');
    expectValidation(await call({ epoch: 'no spaces please' }), 'epoch must contain only');
    expectValidation(await call({ knownAck: -1 }), 'knownAck must be at least 0');
    expectValidation(await call({ zzz: 1 }), 'property zzz should not exist');
    const missing = await server.request('POST', '/api/v1/sync/pull', { token: till1.token, body: {} });
    expectValidation(missing, 'protocolVersion is required', 'terminalId is required', 'epoch is required');
  });
});
