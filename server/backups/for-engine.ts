/**
 * Whether this service takes backups itself: only of an embedded SQLite file, and only when the schedule is on.
 * PostgreSQL is backed up by its own tools (pg_dump, base backups with WAL archiving: README "Backups"), which
 * know its transactions and its WAL; an in-memory database has nothing to keep.
 */
import type { Engine } from '../../db/connect.js';
import { createBackups, type Backups } from './scheduler.js';
import type { BackupSettings } from './settings.js';

export function backupsFor(engine: Engine, databaseUrl: string, settings: BackupSettings): Backups | null {
  if (engine !== 'sqlite' || databaseUrl === ':memory:' || settings.intervalMinutes === 0) return null;
  return createBackups({ databaseFile: databaseUrl, settings });
}

/** The start-up line's words on backups. */
export function describeBackups(engine: Engine, backups: Backups | null): string {
  if (backups)
    return `backups every ${backups.settings.intervalMinutes} min into ${backups.settings.directory}, newest ${backups.settings.keep} kept`;
  return engine === 'sqlite' ? 'scheduled backups off' : 'backups by PostgreSQL tools (README "Backups")';
}
