/**
 * A service on SQLite with data takes a backup while it runs; the backup is restored into a fresh DATA_DIR (with the
 * old JWT secret, as the README tells the operator) and a service started on it serves the data as of the backup, in
 * a new generation, and says so. A till that synced past the backup learns the service was rewound at its next sync
 * (docs/sync.md, "Disasters"): the operation the service acknowledged after the backup comes back from the till's
 * journal, the one it applied but had not acknowledged and the one never sent apply too — each exactly once — and the
 * till downloads its data again, ending with the restored data and nothing the service lost.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { Terminal, fetchTransport, type Transport } from '../../main/terminal/terminal.js';
import { buildServer, type BuiltServer } from '../../server/app.js';
import { restoreBackup } from '../../server/backups/restore.js';
import { createBackups, type Backups } from '../../server/backups/scheduler.js';
import { loadBackupSettings } from '../../server/backups/settings.js';
import { loadConfig } from '../../server/config.js';
import { cashierToken } from '../helpers/actors.js';
import { registerTenant, type TestServer } from '../helpers/server.js';
import { createItem, enrollmentCode, shopWorld } from '../helpers/terminals.js';

interface Running {
  readonly built: BuiltServer;
  readonly handle: DatabaseHandle;
  readonly backups: Backups;
  readonly url: string;
  /** Enough of TestServer for the shared helpers (registerTenant, shopWorld, enrollmentCode). */
  readonly server: TestServer;
}

/** The service as server/main.ts starts it, on DATA_DIR `dataDir`, listening on `port` (0: any). */
async function startService(dataDir: string, port: number): Promise<Running> {
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  const config = { ...loadConfig(env), rateLimits: { loginPerMinute: 1000, registrationsPerHour: 1000 } };
  const handle = openDatabase(config.databaseUrl, { checkpointInBackground: true });
  await migrateToLatest(handle.db as never);
  const backups = createBackups({ databaseFile: config.databaseUrl, settings: loadBackupSettings(env, dataDir) });
  const built = await buildServer(config, handle, { backups });
  const url = await built.app.listen({ host: '127.0.0.1', port });
  const server = {
    ...built,
    database: handle,
    async request(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
      const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const response = await built.app.inject({
        method: method as 'GET',
        url: path,
        headers,
        ...(payload === undefined ? {} : { payload }),
      });
      const json = (response.headers['content-type'] ?? '').toString().includes('json') && response.body;
      return { status: response.statusCode, body: json ? JSON.parse(response.body) : response.body, headers: response.headers };
    },
  } as unknown as TestServer;
  return { built, handle, backups, url, server };
}

async function stopService(running: Running): Promise<void> {
  await running.backups.stop();
  await running.built.app.close();
  await running.handle.close();
}

const metric = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);

describe('a backup restored into a fresh DATA_DIR', () => {
  const root = mkdtempSync(join(tmpdir(), 'kassa-backup-restore-'));
  const terminals: Terminal[] = [];
  const services: Running[] = [];
  afterAll(async () => {
    for (const terminal of terminals) await terminal.close();
    for (const running of services) await stopService(running).catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the data as of the backup in a new generation; a till synced past it sends again what the restore lost, each once, and downloads its data again', async () => {
    const oldDataDir = join(root, 'old');
    const old = await startService(oldDataDir, 0);
    services.push(old);
    const shop = await registerTenant(old.server);
    const world = await shopWorld(old.server, shop);
    const kept = await createItem(old.server, shop, 'Tea before the backup');
    const cashier = (await cashierToken(old.server, shop, { workplaceId: world.workplace1 })).id;
    const client = (
      await old.server.request('POST', '/api/v1/clients/create', { token: shop.token, body: { full_name: 'Dilnoza' } })
    ).body.id as string;
    const debt = (amount: string) => ({
      body: { client_id: client, debt_amount: amount, employee_id: cashier, id_automated_point: world.point1 },
    });

    const pullResets: string[] = [];
    const transport: Transport = async (target, body, token, deadline) => {
      const answer = await fetchTransport(target, body, token, deadline);
      if (target.endsWith('/sync/pull') && answer.status === 201) {
        const reset = (JSON.parse(answer.text) as { reset: { reason: string } | null }).reset;
        if (reset) pullResets.push(reset.reason);
      }
      return answer;
    };
    const till = await Terminal.open(':memory:', transport);
    terminals.push(till);
    await till.enroll(old.url, await enrollmentCode(old.server, shop.token, world.workplace1), 'Till 1');
    await till.bootstrap();

    const outcome = await old.backups.runNow();
    expect(outcome).toHaveProperty('file');
    const backupFile = (outcome as { file: string }).file;
    const metrics = String((await old.server.request('GET', '/metrics')).body);
    expect(metric(metrics, 'kassa_backup_last_success_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(metric(metrics, 'kassa_backup_last_failed')).toBe(0);
    expect(metric(metrics, 'kassa_backups_succeeded')).toBe(1);

    // Written after the backup: lost by the restore. The till pulls it, so its cursor ends up ahead.
    const lost = await createItem(old.server, shop, 'Coffee after the backup');
    // A debt of 1 the service applied and acknowledged (lost with the restore: the till no longer holds it), one of
    // 20 it applied but the till has not yet seen acknowledged, one of 300 the till never sent.
    await till.run('ClientDebtController_createTransaction', debt('1'), cashier);
    await till.sync();
    await till.run('ClientDebtController_createTransaction', debt('20'), cashier);
    expect(await till.push()).toBe(1);
    await till.run('ClientDebtController_createTransaction', debt('300'), cashier);
    expect(await till.pendingOperations()).toBe(2);
    const localItems = async () => (await till.store.db.selectFrom('items').select(['id']).execute()).map((row) => row.id).sort();
    expect(await localItems()).toEqual([kept, lost].sort());

    // The operator's restore: stop the service, restore into the new DATA_DIR, bring the old secret along.
    const port = Number(new URL(old.url).port);
    await stopService(old);
    services.splice(services.indexOf(old), 1);
    const newDataDir = join(root, 'new');
    mkdirSync(newDataDir);
    copyFileSync(join(oldDataDir, 'jwt-secret'), join(newDataDir, 'jwt-secret'));
    expect(restoreBackup({ backup: backupFile, databaseFile: join(newDataDir, 'kassa.sqlite') }).replacedAside).toBeNull();
    const restored = await startService(newDataDir, port);
    services.push(restored);

    // Read back through the API, with the owner's session from before (same secret, same user rows).
    expect((await restored.server.request('GET', `/api/v1/clients/all`, { token: shop.token })).status).toBe(200);
    const items = (await restored.server.request('GET', '/api/v1/item-modifier/items/all', { token: shop.token })) as {
      status: number;
      body: { id: string }[];
    };
    expect(items.status).toBe(200);
    expect(items.body.map((item) => item.id)).toContain(kept);
    expect(items.body.map((item) => item.id)).not.toContain(lost);
    const debts = async () =>
      (
        (await restored.server.request('GET', `/api/v1/client-debts/transactions/all?client_id=${client}`, { token: shop.token }))
          .body as { debt_amount: string }[]
      )
        .map((row) => row.debt_amount)
        .sort();
    expect(await debts()).toEqual([]);
    const relogin = await restored.server.request('POST', '/api/v1/auth/login', {
      body: { login: shop.login, password: 'correct horse battery' },
    });
    expect(relogin.status).toBe(201);

    // The restored database is a new generation, announced in every business's WARNING log.
    const generation = (await restored.handle.db.selectFrom('sync_generation').selectAll().executeTakeFirstOrThrow()) as { generation: string; reason: string; previous: string };
    expect(generation.reason).toMatch(/^restored from /);
    const warnings = async () =>
      ((await restored.server.request('GET', '/api/v1/logs/all?type=WARNING', { token: shop.token })).body as { action: string; details: string }[]).map((row) => row.action);
    expect(await warnings()).toContain('SERVICE_RESTORED');

    // The till's device credential still holds; it synced under the old generation. Its push is refused with where the
    // service stands in its queues; it sends again the debt of 1 it still journals, then the two it still queues.
    expect(await till.push()).toBe(3);
    expect(await debts()).toEqual(['1', '20', '300']);
    // Its next pull downloads its data again first: the item the service lost is gone from the till too.
    const pulled = await till.pull();
    expect(pulled.tables).toContain('*');
    expect(await localItems()).toEqual([kept]);
    await till.sync();
    expect(await till.pendingOperations()).toBe(0);
    expect(await debts()).toEqual(['1', '20', '300']);
    // Nothing was lost: the till told the office so, and keeps the report for its cashier.
    expect(await warnings()).toContain('SERVICE_REWOUND');
    const [incident] = await till.incidents();
    expect(incident).toMatchObject({ kind: 'SERVICE_REWOUND', detail: { resent: 1, lost: 0, generation: generation.generation } });
    expect(pullResets).toEqual([]);
  });
});
