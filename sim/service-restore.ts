/**
 * The service's database backed up while it runs and put back later, as an operator would (README "Backups",
 * docs/sync.md "A service restored from an older backup"):
 *
 * - backup: SQLite — the service's own online backup (server/backups/copy.ts: SQLite's backup API from a read-only
 *   connection of its own, one read transaction, so the service keeps committing meanwhile); PostgreSQL — `pg_dump
 *   --format=custom`;
 * - restore, every instance stopped: `operator` — SQLite `restoreBackup` (`npm run restore`), PostgreSQL `pg_restore
 *   --clean --if-exists --no-owner` then `stampRestoredPostgres` (`npm run restore -- --postgres`); `by-hand` — no
 *   stamp, so the service must find the restore itself at start: SQLite the backup copied beside the database and
 *   renamed into place (another inode), or copied over the database file itself (the same inode: its witness file
 *   tells); PostgreSQL `pg_restore --clean` alone (recreated tables, a stale capture slot).
 *
 * It also reads what the checkers need about a restore: the operations the service held, and its generation.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { copyDatabase } from '../server/backups/copy.js';
import { restoreBackup } from '../server/backups/restore.js';
import { stampRestoredPostgres } from '../server/backups/restore-postgres.js';
import type { ServerEngine } from './service.js';

const run = promisify(execFile);

/**
 * How a backup is put back: the documented way, or by hand — PostgreSQL `by-hand` (pg_restore alone); SQLite
 * `by-hand-replace` (another file renamed into place) or `by-hand-overwrite` (copied over the file itself).
 */
export type RestoreMethod = 'operator' | 'by-hand' | 'by-hand-replace' | 'by-hand-overwrite';

/** A backup of the database as it is now, written to `file`, while the service runs. */
export async function backupDatabase(engine: ServerEngine, databaseUrl: string, file: string): Promise<void> {
  if (engine === 'postgres') {
    await run('pg_dump', ['--format=custom', `--file=${file}`, databaseUrl]);
    return;
  }
  await copyDatabase(databaseUrl, join(dirname(file), `.${basename(file)}.partial`), file).done;
}

/** Puts `backup` in place of the database; every service instance must be stopped. */
export async function restoreDatabase(engine: ServerEngine, databaseUrl: string, backup: string, method: RestoreMethod): Promise<void> {
  if (engine === 'postgres') {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${databaseUrl}`, backup]);
    if (method === 'operator') await stampRestoredPostgres(databaseUrl);
    return;
  }
  if (method === 'operator') {
    restoreBackup({ backup, databaseFile: databaseUrl });
    return;
  }
  // By hand, as someone who skipped the manual would: the WAL of the database it replaces would be read as its own.
  for (const suffix of ['-wal', '-shm']) rmSync(`${databaseUrl}${suffix}`, { force: true });
  if (method === 'by-hand-overwrite') copyFileSync(backup, databaseUrl);
  else {
    copyFileSync(backup, `${databaseUrl}.copy`);
    renameSync(`${databaseUrl}.copy`, databaseUrl);
  }
}

/** Runs one read-only query on the database (the service may be running). */
async function query<T>(engine: ServerEngine, databaseUrl: string, text: { sqlite: string; postgres: string }, values: unknown[]): Promise<T[]> {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: 'kassa-sim' });
    await client.connect();
    try {
      return (await client.query(text.postgres, values)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new Sqlite(databaseUrl, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db.prepare(text.sqlite).all(...values) as T[];
  } finally {
    db.close();
  }
}

/** The ids of the business's operations the database holds (applied or rejected). */
export async function heldMutations(engine: ServerEngine, databaseUrl: string, businessId: string): Promise<Set<string>> {
  const rows = await query<{ mutation_id: string }>(
    engine,
    databaseUrl,
    { sqlite: 'select mutation_id from sync_mutations where business_id = ?', postgres: 'select mutation_id from sync_mutations where business_id = $1' },
    [businessId],
  );
  return new Set(rows.map((row) => row.mutation_id));
}

/**
 * The sum of every business's version (`sync_clock`): it grows with every write the change log records, so a
 * restored database with the same sum as the one it replaced took nothing back.
 */
export async function versionSum(engine: ServerEngine, databaseUrl: string): Promise<bigint> {
  const text = 'select cast(coalesce(sum(version), 0) as text) as total from sync_clock';
  const rows = await query<{ total: string }>(engine, databaseUrl, { sqlite: text, postgres: text }, []);
  return BigInt(rows[0]?.total ?? 0);
}

/** The database's generation now (app/sync/generation.ts). */
export async function currentGeneration(engine: ServerEngine, databaseUrl: string): Promise<string> {
  const text = 'select generation from sync_generation where id = 1';
  const rows = await query<{ generation: string }>(engine, databaseUrl, { sqlite: text, postgres: text }, []);
  return rows[0]?.generation ?? '';
}
