/**
 * A real service that can be backed up, stopped, restored from that backup the way the README tells an operator, and
 * started again on the same address — on SQLite (the service's own backups, `npm run restore`'s restoreBackup) and on
 * PostgreSQL (`pg_dump`, then `pg_restore --clean` and `npm run restore -- --postgres`'s stampRestoredPostgres).
 * Tills enrolled with it keep talking to it across the restore.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle, type Engine } from '../../db/connect.js';
import { dropCaptureSlots } from '../../db/change-capture.js';
import { migrateToLatest } from '../../db/migrate.js';
import { buildServer, type BuiltServer } from '../../server/app.js';
import { restoreBackup } from '../../server/backups/restore.js';
import { createBackups } from '../../server/backups/scheduler.js';
import { loadBackupSettings } from '../../server/backups/settings.js';
import { stampRestoredPostgres } from '../../server/backups/restore-postgres.js';
import { POSTGRES_ADMIN_URL } from './databases.js';
import { TEST_CONFIG, testServerOver, type TestServer } from './server.js';

const run = promisify(execFile);

export interface RestorableService {
  readonly engine: Engine;
  /** The address tills enroll with; the same after a restore. */
  readonly url: string;
  /** The running service, driven through inject (changes after a restore). */
  server(): TestServer;
  /** Takes a backup of the database as it is now; answers its file. */
  backup(): Promise<string>;
  /** Stops the service, puts `backup` back as an operator would, and starts the service again. */
  restore(backup: string): Promise<void>;
  /**
   * Stops the service, puts `backup` back by hand, skipping `npm run restore` (SQLite: `replace` copies it beside the
   * database and renames it into place, `overwrite` copies it over the database file itself; PostgreSQL: pg_restore
   * --clean alone), and starts the service again.
   */
  restoreByHand(backup: string, how?: 'replace' | 'overwrite'): Promise<void>;
  /** Stops the service and starts it again on the same database. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

interface Running {
  readonly built: BuiltServer;
  readonly handle: DatabaseHandle;
  readonly server: TestServer;
}

export async function startRestorableService(engine: Engine): Promise<RestorableService> {
  const directory = mkdtempSync(join(tmpdir(), 'kassa-restorable-'));
  const name = `kassa_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = engine === 'sqlite' ? join(directory, 'kassa.sqlite') : await createDatabase(name);
  const config = { ...TEST_CONFIG, databaseUrl, dataDir: directory };
  let port = 0;

  const start = async (): Promise<Running> => {
    const handle = openDatabase(databaseUrl);
    await migrateToLatest(handle.db as never);
    const built = await buildServer(config, handle);
    const address = await built.app.listen({ host: '127.0.0.1', port });
    port = Number(new URL(address).port);
    // The handle is closed by stop(), never dropped here: the database outlives each run of the service.
    const server = testServerOver(built, engine, { ...handle, dispose: async () => undefined });
    return { built, handle, server };
  };
  const stop = async (running: Running) => {
    await running.built.app.close();
    await running.handle.close();
  };

  let running = await start();
  const url = `http://127.0.0.1:${port}`;
  let backups = 0;
  return {
    engine,
    url,
    server: () => running.server,
    async backup() {
      backups += 1;
      const file = join(directory, `backup-${backups}.dump`);
      if (engine === 'postgres') {
        await run('pg_dump', ['--format=custom', `--file=${file}`, databaseUrl]);
        return file;
      }
      // The service's own backup, as it takes them every hour (server/backups/).
      const outcome = await createBackups({ databaseFile: databaseUrl, settings: loadBackupSettings({ BACKUP_DIR: join(directory, `backups-${backups}`) }, directory) }).runNow();
      if (!('file' in outcome)) throw new Error(`the backup failed: ${JSON.stringify(outcome)}`);
      return outcome.file;
    },
    async restore(backup) {
      await stop(running);
      if (engine === 'sqlite') restoreBackup({ backup, databaseFile: databaseUrl });
      else {
        await run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${databaseUrl}`, backup]);
        await stampRestoredPostgres(databaseUrl);
      }
      running = await start();
    },
    async restoreByHand(backup, how = 'replace') {
      await stop(running);
      if (engine === 'postgres') await run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${databaseUrl}`, backup]);
      else {
        for (const suffix of ['-wal', '-shm']) rmSync(`${databaseUrl}${suffix}`, { force: true });
        if (how === 'overwrite') copyFileSync(backup, databaseUrl);
        else {
          copyFileSync(backup, `${databaseUrl}.copy`);
          renameSync(`${databaseUrl}.copy`, databaseUrl);
        }
      }
      running = await start();
    },
    async restart() {
      await stop(running);
      running = await start();
    },
    async close() {
      await stop(running);
      if (engine === 'postgres') await dropDatabase(name);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await dropCaptureSlots((text, values) => admin.query(text, values), name);
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
