/**
 * The last step of restoring a PostgreSQL database (README "Backups", `npm run restore -- --postgres`), run after
 * `pg_restore` (or a point-in-time recovery) with every Kassa service stopped:
 *
 * - the change capture's replication slot is dropped: its position belongs to the database before the restore, and
 *   reading on from there would decode the restore's own writes as changes (the service creates a new slot when it
 *   starts, at the current end of the WAL);
 * - the database starts a new generation (app/sync/generation.ts), its fingerprint cleared: tills that synced with
 *   the database before the restore send again what it lost, then download their data again, and the service
 *   announces the restore when it starts (server/generation/establish.ts).
 *
 * A service that started anyway finds most restores by itself (a new database, recreated tables, a new timeline);
 * this step is what makes every kind of restore count, an in-place one from a file system snapshot included.
 */
import pg from 'pg';
import { captureSlotName } from '../../db/change-capture.js';
import { randomToken } from '../../shared/ids.js';
import { RestoreError } from './restore.js';

export interface PostgresRestoreResult {
  /** The slot dropped, or null when there was none. */
  readonly droppedSlot: string | null;
  /** The new generation, or null when the database has no generation yet (its migration makes one). */
  readonly generation: string | null;
}

export async function stampRestoredPostgres(url: string, now: Date = new Date()): Promise<PostgresRestoreResult> {
  const client = new pg.Client({ connectionString: url, application_name: 'kassa-restore' });
  await client.connect();
  try {
    const database = (await client.query<{ name: string }>('select current_database() as name')).rows[0]!.name;
    const slot = captureSlotName(database);
    const found = (await client.query<{ active: boolean }>('select active from pg_replication_slots where slot_name = $1', [slot])).rows[0];
    if (found?.active) throw new RestoreError(`A Kassa service is still reading ${database} (its slot ${slot} is in use): stop every service first, then run this again`);
    if (found) await client.query('select pg_drop_replication_slot($1)', [slot]);
    const table = await client.query("select 1 from pg_tables where schemaname = current_schema() and tablename = 'sync_generation'");
    if (table.rows.length === 0) return { droppedSlot: found ? slot : null, generation: null };
    const generation = randomToken();
    await client.query(
      "update sync_generation set previous = generation, generation = $1, since = $2, reason = 'restored (PostgreSQL)', fingerprint = null where id = 1",
      [generation, now.toISOString()],
    );
    return { droppedSlot: found ? slot : null, generation };
  } finally {
    await client.end();
  }
}
