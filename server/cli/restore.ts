/**
 * `npm run restore -- <backup file>`: puts a backup in place of the SQLite database of DATA_DIR (or DATABASE_URL),
 * with the service stopped (server/backups/restore.ts; README "Backups"). Start the service afterwards: it migrates
 * the restored database, and tills whose cursor is ahead of it re-download (docs/sync.md, CURSOR_AHEAD).
 *
 * It reads DATA_DIR and DATABASE_URL as config.ts does, but not the rest of the configuration: loading that would
 * create a new JWT secret in an empty DATA_DIR, and a restored database needs the old one.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { engineOf } from '../../db/connect.js';
import { RestoreError, restoreBackup } from '../backups/restore.js';

const backup = process.argv[2];
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const databaseFile = process.env.DATABASE_URL ?? join(dataDir, 'kassa.sqlite');

function main(): number {
  if (!backup) {
    console.error('Usage: npm run restore -- <backup file>   (the service stopped; DATA_DIR as the service uses it)');
    return 2;
  }
  if (engineOf(databaseFile) === 'postgres') {
    console.error('DATABASE_URL is PostgreSQL: restore it with pg_restore or your base backups (README "Backups").');
    return 2;
  }
  try {
    const { replacedAside } = restoreBackup({ backup: resolve(backup), databaseFile });
    console.log(`Restored ${resolve(backup)} to ${databaseFile}.`);
    if (replacedAside) console.log(`The database it replaced is kept at ${replacedAside} (delete it once you are satisfied).`);
  } catch (error) {
    if (error instanceof RestoreError) {
      console.error(`Restore refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
  if (!process.env.JWT_SECRET && !existsSync(join(dataDir, 'jwt-secret'))) {
    console.warn(
      `Warning: ${join(dataDir, 'jwt-secret')} is missing and JWT_SECRET is not set. Put the old secret back before starting,` +
        ' or every till must be enrolled again and every user must log in again.',
    );
  }
  console.log('Start the service now; tills ahead of this backup will re-download on their next sync.');
  return 0;
}

process.exitCode = main();
