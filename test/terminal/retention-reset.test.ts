/**
 * A till offline longer than the service keeps its change log (docs/sync.md, "Compaction and the retention
 * floor"): its pull is answered with the CURSOR_BEFORE_RETENTION reset, it downloads its scope again with progress
 * (the sync status's `redownload`), a row deleted meanwhile — whose tombstone compaction dropped — disappears from
 * it instead of staying as a silent leftover, and the operations it queued offline survive the download and are
 * applied exactly once. The real terminal core against the real service, on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { Terminal, fetchTransport, type RedownloadProgress, type Transport } from '../../main/terminal/terminal.js';
import { SyncEngine, type SyncStatus } from '../../main/terminal/sync-engine.js';
import { compactBusiness } from '../../app/sync/compaction.js';
import { testEngines } from '../helpers/databases.js';
import { compactionTarget } from '../helpers/compaction.js';
import { receiptWorld, type ReceiptWorld } from '../helpers/receipts.js';
import { startTillService, type TillService } from '../helpers/till-service.js';
import { createItem, enrollmentCode } from '../helpers/terminals.js';
import { waitForCapture } from '../../db/change-capture.js';

describe.each(await testEngines())('a till offline beyond the retention floor, against a %s service', (engine) => {
  let service: TillService;
  let goods: ReceiptWorld;
  beforeAll(async () => {
    service = await startTillService(engine);
    goods = await receiptWorld(service.server, service.shop);
  });
  afterAll(() => service.close());

  // PostgreSQL: the head moves when the capture consumer has logged the writes, a few ms after they commit.
  const headVersion = async () =>
    (await waitForCapture(service.server.database.db as never)) ??
    BigInt(
      (
        await sql<{
          version: string | bigint;
        }>`select version from sync_clock where business_id = ${service.shop.businessId}`.execute(
          service.server.database.db as unknown as Kysely<unknown>,
        )
      ).rows[0]!.version,
    );
  const liveIds = async (db: Kysely<unknown>, table: 'items' | 'client_debt_txns') =>
    (await sql<{ id: string }>`select id from ${sql.table(table)} where is_deleted = 0 order by id`.execute(db)).rows.map(
      (row) => row.id,
    );

  it('is reset, downloads again with progress, drops what was deleted meanwhile and applies its queued sales exactly once', async () => {
    let online = true;
    const transport: Transport = (target, body, token, deadline) =>
      online ? fetchTransport(target, body, token, deadline) : Promise.reject(new Error('offline'));
    const terminal = service.track(await Terminal.open(':memory:', transport));
    const doomed = await createItem(service.server, service.shop, 'Doomed');
    await terminal.enroll(
      service.url,
      await enrollmentCode(service.server, service.shop.token, service.world.workplace1),
      'Till',
    );
    await terminal.bootstrap();
    const local = terminal.store.db as unknown as Kysely<unknown>;
    expect(await liveIds(local, 'items')).toContain(doomed);

    online = false;
    const sale = (amount: string) => ({
      body: { client_id: goods.client, debt_amount: amount, employee_id: service.cashier, id_automated_point: service.world.point1 },
    });
    await terminal.run('ClientDebtController_createTransaction', sale('12'), service.cashier);
    await terminal.run('ClientDebtController_createTransaction', sale('7'), service.cashier);
    expect(await terminal.pendingOperations()).toBe(2);

    // Meanwhile the back office deletes an item and adds one; then the log is compacted past all of it.
    expect((await service.rest('DELETE', `/item-modifier/items/delete/${doomed}`)).status).toBe(200);
    const added = await createItem(service.server, service.shop, 'Added while away');
    const head = await headVersion();
    await compactBusiness(compactionTarget(service.server), service.shop.businessId, {
      horizon: head,
      floor: head,
      batchVersions: 20,
    });

    // Back online: the pull alone first — reset, download again — with the two sales still queued.
    online = true;
    const progress: RedownloadProgress[] = [];
    await terminal.pull((step) => progress.push(step));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((step) => step.reason === 'CURSOR_BEFORE_RETENTION')).toBe(true);
    expect(progress.at(-1)!.tables.some((table) => table.table === 'items' && table.rowsTotal > 0)).toBe(true);
    expect(await liveIds(local, 'items')).not.toContain(doomed);
    expect((await sql<{ n: bigint }>`select count(*) as n from items where id = ${doomed}`.execute(local)).rows[0]!.n).toBe(0n);
    expect(await liveIds(local, 'items')).toContain(added);
    // The queue survived the download, and its sales still show at the till.
    expect((await terminal.unsent()).map((row) => row.name)).toEqual([
      'ClientDebtController_createTransaction',
      'ClientDebtController_createTransaction',
    ]);
    expect(await liveIds(local, 'client_debt_txns')).toHaveLength(2);

    // The sync engine sends them once and reports nothing left to download.
    const statuses: SyncStatus[] = [];
    const engineUnderTest = new SyncEngine(terminal, { onStatus: (status) => statuses.push(status) });
    await engineUnderTest.runOnce();
    await engineUnderTest.stop();
    expect(engineUnderTest.current()).toMatchObject({ online: true, problem: null, pendingOperations: 0, redownload: null });
    const serviceDb = service.server.database.db as unknown as Kysely<unknown>;
    const applied = (
      await sql<{
        mutation_id: string;
        status: string;
      }>`select mutation_id, status from sync_mutations where business_id = ${service.shop.businessId} order by seq`.execute(
        serviceDb,
      )
    ).rows;
    expect(applied.map((row) => row.status)).toEqual(['applied', 'applied']);
    const entries = (await service.rest('GET', `/client-debts/transactions/all?client_id=${goods.client}`)).body as {
      debt_amount: string;
    }[];
    expect(entries.map((entry) => entry.debt_amount).sort()).toEqual(['12', '7']);
    // The till holds exactly the service's live items and debt entries.
    expect(await liveIds(local, 'items')).toEqual(await liveIds(serviceDb, 'items'));
    expect(await liveIds(local, 'client_debt_txns')).toEqual(await liveIds(serviceDb, 'client_debt_txns'));
  });

  it('reports the download in its sync status while it runs', async () => {
    const terminal = await service.till();
    await createItem(service.server, service.shop, 'Another');
    const head = await headVersion();
    await compactBusiness(compactionTarget(service.server), service.shop.businessId, {
      horizon: head,
      floor: head,
      batchVersions: 20,
    });
    const statuses: SyncStatus[] = [];
    const engineUnderTest = new SyncEngine(terminal, { onStatus: (status) => statuses.push(status) });
    await engineUnderTest.runOnce();
    await engineUnderTest.stop();
    const during = statuses.filter((status) => status.redownload);
    expect(during.length).toBeGreaterThan(0);
    expect(during[0]!.redownload).toMatchObject({ reason: 'CURSOR_BEFORE_RETENTION' });
    expect(statuses.at(-1)!.redownload ?? null).toBeNull();
  });
});
