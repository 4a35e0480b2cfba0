/**
 * The database's generation (app/sync/generation.ts, server/generation/establish.ts): kept across restarts, new after
 * every kind of restore — stamped by the operator's restore, or detected at start when the restore was done by hand —
 * and each new one announced in every business's WARNING log. On both engines, with real backups.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helpers/databases.js';
import { startRestorableService, type RestorableService } from '../helpers/restorable-service.js';
import { registerTenant, type Tenant } from '../helpers/server.js';
import { createItem } from '../helpers/terminals.js';

describe.each(await testEngines())('the database generation on %s', (engine) => {
  let service: RestorableService;
  let shop: Tenant;

  const generation = async () =>
    (await service.server().database.db.selectFrom('sync_generation').select(['generation', 'reason', 'previous']).executeTakeFirstOrThrow()) as {
      generation: string;
      reason: string;
      previous: string | null;
    };
  const restoresAnnounced = async () =>
    ((await service.server().request('GET', '/api/v1/logs/all?type=WARNING&limit=1000', { token: shop.token })).body as { action: string; details: string }[]).filter(
      (entry) => entry.action === 'SERVICE_RESTORED',
    );

  beforeAll(async () => {
    service = await startRestorableService(engine);
    shop = await registerTenant(service.server());
  });
  afterAll(() => service?.close());

  it('stays the same when the service restarts on its own database', async () => {
    const before = await generation();
    await createItem(service.server(), shop, 'Tea');
    await service.restart();
    expect(await generation()).toEqual(before);
    expect(await restoresAnnounced()).toEqual([]);
  });

  it('changes when the operator restores a backup, and the restore is announced once', async () => {
    const before = await generation();
    const backup = await service.backup();
    await createItem(service.server(), shop, 'Coffee');
    await service.restore(backup);
    const after = await generation();
    expect(after.generation).not.toBe(before.generation);
    expect(after.previous).toBe(before.generation);
    expect(after.reason).toMatch(/^restored/);
    expect((await restoresAnnounced()).map((entry) => JSON.parse(entry.details).generation)).toEqual([after.generation]);
    await service.restart();
    expect((await generation()).generation).toBe(after.generation);
    expect(await restoresAnnounced()).toHaveLength(1);
  });

  it('changes when a backup is put back by hand, the restore found at start', async () => {
    const before = await generation();
    const backup = await service.backup();
    await createItem(service.server(), shop, 'Milk');
    await service.restoreByHand(backup);
    const after = await generation();
    expect(after.generation).not.toBe(before.generation);
    expect(after.reason).toMatch(/^detected: another copy of the database/);
    expect((await restoresAnnounced()).map((entry) => JSON.parse(entry.details).generation)).toContain(after.generation);
  });

  // SQLite only: a PostgreSQL database is not a file an operator copies over.
  const itOnSqlite = engine === 'sqlite' ? it : () => undefined;
  itOnSqlite('changes when a backup is copied over the database file itself, found from its witness', async () => {
    const before = await generation();
    const backup = await service.backup();
    await createItem(service.server(), shop, 'Bread');
    await service.restoreByHand(backup, 'overwrite');
    const after = await generation();
    expect(after.generation).not.toBe(before.generation);
    expect(after.reason).toMatch(/holds less than when the service last ran/);
  });
});
