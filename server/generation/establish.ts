/**
 * At start, the service makes sure the database's generation (app/sync/generation.ts) says whether the database
 * was put back to an earlier state while it was stopped, and says so aloud when it was.
 *
 * - Stamped: `npm run restore` (SQLite) and the PostgreSQL restore procedure (`npm run restore -- --postgres`)
 *   start a new generation with the reason `restored` and no fingerprint; the first start after it announces it.
 * - Detected: the generation row keeps a fingerprint of this copy of the database. PostgreSQL: the cluster's system
 *   identifier, its timeline (a point-in-time recovery or a failover starts a new one), the database's oid (a dump
 *   restored into a new database) and the generation table's own oid (`pg_restore --clean` recreates every table).
 *   SQLite: the file's device and inode (a backup copied into place is another file). A database whose fingerprint is
 *   not the one it recorded is another copy: a new generation starts. A SQLite file copied back over itself keeps its
 *   inode; the witness beside it (./witness.ts) catches that, from the database's versions having gone back.
 *
 * PostgreSQL restored by hand (no `npm run restore -- --postgres`) also keeps the change capture's slot of the database
 * before the restore: its position lies before the restore's own writes, which dropped and made again the
 * publication it reads, so decoding on from there fails for good and no push would ever be acknowledged. A restore
 * found at start on PostgreSQL drops that slot and makes a new one at the WAL's end, as the procedure's last step
 * would have.
 *
 * A move that lost nothing (a new disk, a dump restored into a new cluster at once) also starts a new generation:
 * tills then find the service holds everything they sent and only download their data again. Safe, and said.
 * A whole machine put back from a snapshot (PostgreSQL with its WAL) looks like itself; the tills' own checks
 * catch that one (main/terminal/rewind.ts: an acknowledged operation the service no longer holds).
 */
import { statSync } from 'node:fs';
import { sql } from 'kysely';
import type { Db } from '../../app/context.js';
import { writeAuditEntries } from '../../app/audit.js';
import { readGeneration, startGeneration, type Generation } from '../../app/sync/generation.js';
import { onPostgres } from '../../app/operation.js';
import type { Transactor } from '../../db/transactor.js';
import { captureSlotName, ensureCaptureSlot } from '../../db/change-capture.js';
import { clockSum, readWitness } from './witness.js';

export interface EstablishOptions {
  /** SQLite: the database file (absent in memory). */
  readonly sqliteFile?: string | null;
  readonly log?: { warn(object: object, message: string): void };
  readonly now?: Date;
}

export interface Established {
  readonly generation: Generation;
  /** Why a new generation began at this start (or the restore that stamped it), else null. */
  readonly announced: string | null;
}

/** This copy of the database, as its engine identifies it; null when it cannot be told (SQLite in memory). */
async function fingerprintOf(db: Db, sqliteFile: string | null | undefined): Promise<string | null> {
  if (onPostgres(db)) {
    const row = (
      await sql<{ database: string; relation: string }>`
        select (select oid::text from pg_database where datname = current_database()) as database,
               ('sync_generation'::regclass)::oid::text as relation`.execute(db)
    ).rows[0]!;
    // The control functions need a superuser or pg_monitor; without them the oids still tell a restored dump.
    const control = await sql<{ system: string; timeline: string }>`
      select (select system_identifier::text from pg_control_system()) as system,
             (select timeline_id::text from pg_control_checkpoint()) as timeline`
      .execute(db)
      .then((result) => result.rows[0] ?? null)
      .catch(() => null);
    return `pg:${control?.system ?? '?'}:${control?.timeline ?? '?'}:${row.database}:${row.relation}`;
  }
  if (!sqliteFile || sqliteFile === ':memory:') return null;
  const stat = statSync(sqliteFile);
  return `sqlite:${stat.dev}:${stat.ino}`;
}

const PG_PARTS = ['the PostgreSQL cluster', 'the timeline (a point-in-time recovery or a failover)', 'the database (restored into a new one)', 'the tables (recreated by a restore)'];

/** What differs between two fingerprints, in words. */
function difference(recorded: string, current: string): string {
  const [kind, ...before] = recorded.split(':');
  const after = current.split(':').slice(1);
  if (kind === 'pg' && current.startsWith('pg:')) {
    const changed = PG_PARTS.filter((_, index) => before[index] !== after[index] && before[index] !== '?' && after[index] !== '?');
    if (changed.length > 0) return `another copy of the database: ${changed.join(', ')} changed`;
  }
  return 'another copy of the database: its file was replaced';
}

/** Runs once at start, before requests are served. */
export async function establishGeneration(db: Db, writes: Transactor, options: EstablishOptions = {}): Promise<Established> {
  const now = (options.now ?? new Date()).toISOString();
  const fingerprint = await fingerprintOf(db, options.sqliteFile);
  const witness = options.sqliteFile && options.sqliteFile !== ':memory:' ? readWitness(options.sqliteFile) : null;
  const established = await writes.transaction(async (tx) => {
    // Several instances starting at once decide one after the other.
    if (onPostgres(tx)) await sql`select 1 from sync_generation where id = 1 for update`.execute(tx);
    const recorded = await tx.selectFrom('sync_generation').select(['fingerprint', 'reason', 'generation']).where('id', '=', 1).executeTakeFirstOrThrow();
    let reason: string | null = null;
    if (recorded.fingerprint !== null && fingerprint !== null && recorded.fingerprint !== fingerprint) {
      reason = `detected: ${difference(recorded.fingerprint, fingerprint)}`;
    } else if (witness && witness.generation === recorded.generation && (await clockSum(tx)) < witness.clockSum) {
      reason = 'detected: the database holds less than when the service last ran (a copy was put back in its place)';
    }
    if (reason !== null) {
      const generation = await startGeneration(tx, reason, now, fingerprint);
      await announce(tx, generation, now);
      return { generation, announced: reason };
    }
    if (recorded.fingerprint === fingerprint) return { generation: await readGeneration(tx), announced: null };
    await tx.updateTable('sync_generation').set({ fingerprint }).where('id', '=', 1).execute();
    const generation = await readGeneration(tx);
    // The first start after a stamped restore (its fingerprint was cleared): say it now.
    if (recorded.fingerprint === null && recorded.reason !== 'created') {
      await announce(tx, generation, now);
      return { generation, announced: recorded.reason };
    }
    return { generation, announced: null };
  });
  if (established.announced?.startsWith('detected') && onPostgres(db)) await renewCaptureSlot(db, options.log);
  if (established.announced !== null) {
    options.log?.warn(
      { generation: established.generation.generation, previous: established.generation.previous, reason: established.announced },
      'the database was restored to an earlier state: tills send again what it lost and download their data again',
    );
  }
  return established;
}

/** Drops the capture's slot of the database before a restore (when no one reads it) and makes a new one. */
async function renewCaptureSlot(db: Db, log: EstablishOptions['log']): Promise<void> {
  const database = (await sql<{ name: string }>`select current_database() as name`.execute(db)).rows[0]!.name;
  const slot = captureSlotName(database);
  const dropped = await sql`select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = ${slot} and not active`.execute(db);
  // Read by a service that was never stopped: left to it; the operator's procedure (it says to stop every one) mends it.
  if (dropped.rows.length === 0 && (await sql`select 1 from pg_replication_slots where slot_name = ${slot}`.execute(db)).rows.length > 0) {
    log?.warn({ slot }, 'the change capture slot of the database before the restore is in use by another service; stop every service and run npm run restore -- --postgres');
    return;
  }
  await ensureCaptureSlot(db as never);
}

/** A WARNING entry in every business's log (GET /logs/all?type=WARNING): the office learns its data went back. */
async function announce(tx: Db, generation: Generation, now: string): Promise<void> {
  const businesses = await tx.selectFrom('businesses').select('id').execute();
  if (businesses.length === 0) return;
  const details = { generation: generation.generation, previous: generation.previous, reason: generation.reason, since: generation.since };
  // In slices: one statement binds a bounded number of values.
  for (let start = 0; start < businesses.length; start += 1_000) {
    const slice = businesses.slice(start, start + 1_000);
    await writeAuditEntries(
      tx,
      slice.map((business) => ({ businessId: business.id, userId: null, type: 'WARNING', action: 'SERVICE_RESTORED', details, at: now })),
    );
  }
}
