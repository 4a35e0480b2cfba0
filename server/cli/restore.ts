/**
 * `npm run restore -- <backup file>`: puts a backup in place of the SQLite database of DATA_DIR (or DATABASE_URL),
 * with the service stopped (server/backups/restore.ts; README "Backups"). The restored database starts a new
 * generation: tills that synced with the database it replaced send again what it lost, then download their data
 * again (docs/sync.md, "Disasters"). Start the service afterwards: it migrates the restored database and announces
 * the restore.
 *
 * `npm run restore -- --postgres`: the last step of restoring a PostgreSQL database (after `pg_restore` or a
 * point-in-time recovery, every service stopped): drops the stale replication slot and starts a new generation
 * (server/backups/restore-postgres.ts).
 *
 * It reads DATA_DIR and DATABASE_URL as config.ts does, but not the rest of the configuration: loading that would
 * create a new JWT secret in an empty DATA_DIR, and a restored database needs the old one.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { engineOf } from '../../db/connect.js';
import { RestoreError, restoreBackup } from '../backups/restore.js';
import { stampRestoredPostgres } from '../backups/restore-postgres.js';

const argument = process.argv[2];
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const databaseUrl = process.env.DATABASE_URL ?? join(dataDir, 'kassa.sqlite');

const USAGE = [
  'Usage: npm run restore -- <backup file>   (SQLite: the service stopped; DATA_DIR as the service uses it)',
  '       npm run restore -- --postgres      (PostgreSQL: after pg_restore, every service stopped; DATABASE_URL set)',
].join('\n');

async function restorePostgres(): Promise<number> {
  if (engineOf(databaseUrl) !== 'postgres') {
    console.error('--postgres needs DATABASE_URL=postgres://… (the database you restored).');
    return 2;
  }
  const { droppedSlot, generation } = await stampRestoredPostgres(databaseUrl);
  if (droppedSlot) console.log(`Dropped the replication slot ${droppedSlot} (it belonged to the database before the restore).`);
  if (generation) console.log(`The restored database starts generation ${generation}: tills send again what it lost, then download their data again.`);
  else console.log('The restored database predates generations: its migration gives it one when the service starts.');
  console.log('Start the services now.');
  return 0;
}

function restoreSqlite(backup: string): number {
  if (engineOf(databaseUrl) === 'postgres') {
    console.error('DATABASE_URL is PostgreSQL: restore it with pg_restore or your base backups, then run npm run restore -- --postgres (README "Backups").');
    return 2;
  }
  const { replacedAside } = restoreBackup({ backup: resolve(backup), databaseFile: databaseUrl });
  console.log(`Restored ${resolve(backup)} to ${databaseUrl}.`);
  if (replacedAside) console.log(`The database it replaced is kept at ${replacedAside} (delete it once you are satisfied).`);
  if (!process.env.JWT_SECRET && !existsSync(join(dataDir, 'jwt-secret'))) {
    console.warn(
      `Warning: ${join(dataDir, 'jwt-secret')} is missing and JWT_SECRET is not set. Put the old secret back before starting,` +
        ' or every till must be enrolled again and every user must log in again.',
    );
  }
  console.log('Start the service now: tills send again what the backup lacks, then download their data again.');
  return 0;
}

async function main(): Promise<number> {
  if (!argument) {
    console.error(USAGE);
    return 2;
  }
  try {
    return argument === '--postgres' ? await restorePostgres() : restoreSqlite(argument);
  } catch (error) {
    if (error instanceof RestoreError) {
      console.error(`Restore refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
