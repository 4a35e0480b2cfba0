/**
 * Puts a backup (scheduler.ts) in place of the service's SQLite database, for `npm run restore -- <backup>`
 * (server/cli/restore.ts). The service must be stopped: the current database is opened with an exclusive lock
 * first, and a running service (any process with the file open) makes that fail with nothing changed.
 *
 * Nothing is deleted: the current database, checkpointed so it is one self-contained file, is renamed aside to
 * `kassa.sqlite.replaced-<UTC time>`. The backup is checked (`PRAGMA integrity_check`, and that it holds Kassa's
 * migrations table), copied to a temporary name beside the database, synced, and renamed into place, so a crash
 * mid-restore leaves either the old database aside and no database, or the restored one — never half of one. The
 * service migrates it to the current schema when it starts.
 *
 * The restored database starts a new generation (app/sync/generation.ts, docs/sync.md "Disasters"): tills that synced
 * with the database it replaced find out at their next sync, send again what it lost, and download their data again.
 * The service announces the restore when it starts (server/generation/establish.ts).
 */
import Sqlite from 'better-sqlite3';
import { copyFileSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { randomToken } from '../../shared/ids.js';
import { removeWitness } from '../generation/witness.js';

export class RestoreError extends Error {}

export interface RestoreResult {
  /** Where the database that was replaced now is (null when there was none). */
  readonly replacedAside: string | null;
}

export function restoreBackup(options: { backup: string; databaseFile: string; now?: Date }): RestoreResult {
  const { backup, databaseFile } = options;
  const now = options.now ?? new Date();
  checkBackup(backup);
  mkdirSync(dirname(databaseFile), { recursive: true });
  const replacedAside = existsSync(databaseFile) ? moveAside(databaseFile, now) : null;
  // A WAL or shared-memory file left without its database (a crash, a hand copy) would be read as part of the restored one.
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${databaseFile}${suffix}`, { force: true });
  const temporary = `${databaseFile}.restoring`;
  copyFileSync(backup, temporary);
  stampRestored(temporary, backup, now);
  syncPath(temporary, 'r+');
  renameSync(temporary, databaseFile);
  syncPath(dirname(databaseFile), 'r');
  // The witness beside the database described the one that was replaced.
  removeWitness(databaseFile);
  return { replacedAside };
}

/**
 * A new generation for the restored copy, its fingerprint cleared (the service records the new file's and announces
 * the restore at its next start). A backup older than generations has none: its migration gives it a new one anyway.
 */
function stampRestored(file: string, backup: string, now: Date): void {
  const copy = new Sqlite(file, { fileMustExist: true });
  try {
    if (copy.prepare("select 1 from sqlite_master where type = 'table' and name = 'sync_generation'").get() === undefined) return;
    copy
      .prepare("update sync_generation set previous = generation, generation = ?, since = ?, reason = ?, fingerprint = null where id = 1")
      .run(randomToken(), now.toISOString(), `restored from ${basename(backup)}`);
    // The stamp must be in the file itself before it is renamed into place.
    if (copy.pragma('journal_mode', { simple: true }) === 'wal') copy.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    copy.close();
  }
}

function checkBackup(backup: string): void {
  if (!existsSync(backup)) throw new RestoreError(`No such backup: ${backup}`);
  let verdict: string[];
  let kassa: boolean;
  try {
    const copy = new Sqlite(backup, { readonly: true, fileMustExist: true });
    try {
      verdict = (copy.pragma('integrity_check(20)') as { integrity_check: string }[]).map((row) => row.integrity_check);
      kassa = copy.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get() !== undefined;
    } finally {
      copy.close();
    }
  } catch (error) {
    throw new RestoreError(`${backup} is not a readable SQLite database (${(error as Error).message})`);
  }
  if (verdict.length !== 1 || verdict[0] !== 'ok')
    throw new RestoreError(`${backup} failed its integrity check: ${verdict.join('; ')}`);
  if (!kassa) throw new RestoreError(`${backup} is not a Kassa database (it has no migrations table)`);
}

/** Proves no one has the database open, folds its WAL in, and renames it aside; answers the new name. */
function moveAside(databaseFile: string, now: Date): string {
  const current = new Sqlite(databaseFile, { fileMustExist: true });
  try {
    current.pragma('busy_timeout = 0');
    current.pragma('locking_mode = EXCLUSIVE');
    try {
      current.exec('begin exclusive');
      current.exec('commit');
    } catch {
      throw new RestoreError(`${databaseFile} is in use: stop the Kassa service first, then restore`);
    }
    if (current.pragma('journal_mode', { simple: true }) === 'wal') current.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    current.close();
  }
  const aside = `${databaseFile}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(databaseFile, aside);
  for (const suffix of ['-wal', '-shm'])
    if (existsSync(`${databaseFile}${suffix}`)) renameSync(`${databaseFile}${suffix}`, `${aside}${suffix}`);
  return aside;
}

function syncPath(path: string, flags: 'r' | 'r+'): void {
  const descriptor = openSync(path, flags);
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}
