/**
 * Fresh databases for tests: an in-memory SQLite, or a new PostgreSQL database created for the caller and
 * dropped afterwards. With CI=true PostgreSQL must be reachable — an unreachable database fails the run instead
 * of quietly testing one engine.
 */
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle, type Engine } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { dropCaptureSlots } from '../../db/change-capture.js';
import { CaptureConsumer } from '../../server/capture/consumer.js';

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let enginesPromise: Promise<Engine[]> | undefined;

/** The engines this run tests: both on CI (or wherever PostgreSQL answers), SQLite alone elsewhere. */
export function testEngines(): Promise<Engine[]> {
  enginesPromise ??= (async () => {
    if (await postgresReachable()) return ['sqlite', 'postgres'];
    if (process.env.CI === 'true') throw new Error(`CI=true but PostgreSQL is unreachable at ${POSTGRES_ADMIN_URL}`);
    console.warn(`PostgreSQL unreachable at ${POSTGRES_ADMIN_URL}: testing SQLite only (set CI=true to make this an error)`);
    return ['sqlite'];
  })();
  return enginesPromise;
}

export interface TestDatabase extends DatabaseHandle {
  /** Closes the handle and removes the database. */
  dispose(): Promise<void>;
}

/**
 * A migrated, empty database on `engine` (PostgreSQL: with a change capture consumer unless `capture: false`). SQLite is in memory unless `sqliteFile` asks for a file in a fresh
 * temporary directory (what the service runs on; reporting queries need one to run in child processes).
 */
export async function freshDatabase(engine: Engine, options: { poolSize?: number; sqliteFile?: boolean; capture?: boolean } = {}): Promise<TestDatabase> {
  if (engine === 'sqlite' && options.sqliteFile) {
    const directory = mkdtempSync(join(tmpdir(), 'kassa-test-'));
    const handle = openDatabase(join(directory, 'kassa.sqlite'));
    await migrateToLatest(handle.db as never);
    return {
      ...handle,
      async dispose() {
        await handle.close();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  }
  if (engine === 'sqlite') {
    const handle = openDatabase(':memory:');
    await migrateToLatest(handle.db as never);
    return { ...handle, dispose: () => handle.close() };
  }
  const postgres = await newPostgresDatabase();
  const handle = openDatabase(postgres.url, options);
  await migrateToLatest(handle.db as never);
  // The change log on PostgreSQL is written by a capture consumer (db/change-capture.ts), as the service runs one.
  // (`capture: false`: the test runs its own consumers.)
  const capture = options.capture === false ? null : new CaptureConsumer(postgres.url).start();
  return {
    ...handle,
    async dispose() {
      await timed('stopping a test database’s capture consumer', async () => capture?.stop());
      await timed('closing a test database’s pool', () => handle.close());
      await postgres.drop();
    },
  };
}

/**
 * Runs a teardown step and says so when it took long (a test file's hook timed out in CI, and the log did not say
 * which step held it).
 */
async function timed<T>(step: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const ms = performance.now() - started;
    if (ms > 10_000) console.warn(`${step} took ${Math.round(ms)} ms`);
  }
}

/** A new, empty PostgreSQL database (`kassa_test_<random>`) and how to drop it. */
async function newPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kassa_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      try {
        // PostgreSQL refuses to drop a database that has a replication slot; a leaked slot would keep WAL forever.
        await timed(`dropping the slots of ${name}`, () => dropCaptureSlots((text, values) => cleanup.query(text, values), name));
        // Bounded: a drop waiting for a backend that does not end (docs/gotchas.md) must not hold the test file past
        // its hook timeout; a database left behind is dropped by the next CI run (.ci/run).
        await cleanup.query("set statement_timeout = '30s'");
        await timed(`dropping ${name}`, () => cleanup.query(`drop database if exists ${name} with (force)`)).catch((error: unknown) => {
          console.warn(`the test database ${name} could not be dropped: ${(error as Error).message}`);
        });
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** An empty database with no schema at all (for migration tests that stop at an older schema), and how to remove it. */
export async function emptyDatabase(engine: Engine): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }> {
  if (engine === 'sqlite') {
    const handle = openDatabase(':memory:');
    return { handle, dispose: () => handle.close() };
  }
  const postgres = await newPostgresDatabase();
  const handle = openDatabase(postgres.url);
  // Reads the change log once the test has migrated to 0032 (it retries until then).
  const capture = new CaptureConsumer(postgres.url, { standbyRetryMs: 100 }).start();
  return {
    handle,
    async dispose() {
      await timed('stopping a test database’s capture consumer', () => capture.stop());
      await timed('closing a test database’s pool', () => handle.close());
      await postgres.drop();
    },
  };
}
