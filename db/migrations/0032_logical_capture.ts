/**
 * PostgreSQL: the change log is written from the write-ahead log by logical decoding, after COMMIT, instead of by a
 * row trigger and a COMMIT-time stamp inside every write transaction (issue 18; db/change-capture.ts).
 *
 * Why: the capture trigger was ~40 % of PostgreSQL's CPU per receipt and the stamp 18 %, and the stamp's clock row
 * (locked until COMMIT) serialised every write of a business. Decoding reads what the writers already wrote to the
 * WAL, in commit order, at no cost to them beyond the old row images below.
 *
 * What it does (PostgreSQL only; SQLite keeps its triggers and stamp):
 * - drops the capture triggers of every captured table, the COMMIT stamp trigger and their functions;
 * - creates the publication `kassa_capture` over the captured tables (inserts and updates; deletes are soft, so
 *   never published), with every table's REPLICA IDENTITY FULL: an update's old image is what `fields` (the
 *   columns it changed) is computed from, as the trigger did from OLD; and `kassa_capture_results` over the
 *   inserts of `sync_mutations` (a push's results, which get the version of the transaction that stored them);
 * - creates `sync_capture`: the consumer's durable progress (one row). Each business's head stays its
 *   `sync_clock` row, now written only by the consumer, with the records of the version (pulls read it as before).
 * The replication slot itself cannot be created inside a migration's transaction (PostgreSQL waits for running
 * write transactions, this one included): `migrateToLatest` creates it right after (`ensureCaptureSlot`).
 *
 * Entries still in `sync_pending` (none: every transaction emptied its own before COMMIT) and the versions already
 * in `sync_log` stay; new versions are commit LSNs, far above any clock version.
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { sql, PostgresAdapter, type Kysely } from 'kysely';
import {
  CAPTURE_PUBLICATION,
  CAPTURED_TABLES,
  RESULTS_PUBLICATION,
  createCaptureTriggerFunction,
  installCapture,
} from '../change-capture.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const tables = Object.keys(CAPTURED_TABLES);
  for (const table of tables) {
    await sql`drop trigger if exists ${sql.id(`${table}_capture`)} on ${sql.table(table)}`.execute(db);
    await sql`alter table ${sql.table(table)} replica identity full`.execute(db);
  }
  await sql`drop trigger if exists sync_pending_stamp on sync_pending`.execute(db);
  await sql`drop function if exists kassa_stamp_at_commit()`.execute(db);
  await sql`drop function if exists kassa_capture_change()`.execute(db);
  await sql`
    create publication ${sql.id(CAPTURE_PUBLICATION)}
      for table ${sql.join(tables.map((table) => sql.table(table)))}
      with (publish = 'insert, update')`.execute(db);
  // A push's stored results: the consumer gives them the version of the transaction that inserted them.
  await sql`create publication ${sql.id(RESULTS_PUBLICATION)} for table sync_mutations with (publish = 'insert')`.execute(db);
  await sql`
    create table sync_capture (
      id integer primary key check (id = 1),
      -- Every transaction committed up to this LSN is in sync_log (and every push result up to it has its version).
      version bigint not null,
      -- The last commit the consumer wrote, and when (for lag).
      last_commit_lsn text,
      dt_updated text not null
    )`.execute(db);
  // A push's answer carries its results' version, given by the consumer a few ms after COMMIT: the push waits for
  // it in one statement (a round trip per poll would count against every push, BENCHMARKS.md "Sync"). Null when
  // the consumer did not catch up within the wait.
  await sql`
    create function kassa_push_version(b text, t text, e text, s bigint, wait_ms integer) returns bigint
    language plpgsql volatile as $$
    declare
      found_version bigint;
      deadline timestamptz := clock_timestamp() + wait_ms * interval '1 millisecond';
    begin
      loop
        select m.version into found_version from sync_mutations m
         where m.business_id = b and m.terminal_id = t and m.epoch = e and m.seq = s;
        if found_version is not null or clock_timestamp() > deadline then
          return found_version;
        end if;
        perform pg_sleep(0.001);
      end loop;
    end $$`.execute(db);
  // Versions so far came from the clocks; decoding continues above the highest of them.
  await sql`
    insert into sync_capture (id, version, dt_updated)
    select 1, coalesce((select max(version) from sync_clock), 0), ${new Date().toISOString()}`.execute(db);
}

/**
 * Back to the triggers (tests of older migrations go down through this one): the publications and the progress row
 * go, the trigger and the COMMIT stamp (0012's function) come back, and every business's clock continues above the
 * versions decoding gave. The slot stays until its database is dropped (a migration cannot end its reader).
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop publication if exists ${sql.id(CAPTURE_PUBLICATION)}`.execute(db);
  await sql`drop publication if exists ${sql.id(RESULTS_PUBLICATION)}`.execute(db);
  await sql`drop table sync_capture`.execute(db);
  await sql`drop function kassa_push_version(text, text, text, bigint, integer)`.execute(db);
  await createCaptureTriggerFunction(db);
  for (const [table, rule] of Object.entries(CAPTURED_TABLES)) {
    await sql`alter table ${sql.table(table)} replica identity default`.execute(db);
    await installCapture(db, table, rule);
  }
  await sql`
    insert into sync_clock (business_id, version)
    select business_id, max(version) from sync_log group by business_id
    on conflict (business_id) do update set version = greatest(sync_clock.version, excluded.version)`.execute(db);
  await sql.raw(STAMP_AT_COMMIT).execute(db);
  await sql`
    create constraint trigger sync_pending_stamp after insert on sync_pending
      deferrable initially deferred
      for each row execute function kassa_stamp_at_commit()`.execute(db);
}

const entryText = (version: string, alias: string) =>
  `'{"v":' || ${version} || ',"t":"' || ${alias}.tbl || '","row":' || ${alias}.row || ',"fields":' || coalesce(${alias}.fields, 'null') || '}'`;

/** Migration 0012's COMMIT stamp, as it shipped. */
const STAMP_AT_COMMIT = `create or replace function kassa_stamp_at_commit() returns trigger language plpgsql as $$
    declare
      done integer;
    begin
      perform 1 from sync_pending where seq = NEW.seq;
      if not found then
        return null;
      end if;
      with pending as (delete from sync_pending where txid = txid_current() returning *),
      touched as (select distinct business_id from pending),
      clock as (
        insert into sync_clock (business_id, version)
          select business_id, 1 from touched
          on conflict (business_id) do update set version = sync_clock.version + 1
          returning business_id, version
      ),
      logged as (
        insert into sync_log (business_id, version, scope, entries, entry_count)
          select p.business_id, c.version, p.scope, string_agg(${entryText('c.version', 'p')}, ',' order by p.seq), count(*)
            from pending p join clock c using (business_id)
           where p.tbl <> ''
           group by p.business_id, c.version, p.scope
      ),
      marked as (
        select p.business_id, c.version,
               split_part(p.row_id, E'\\n', 1) as terminal_id, split_part(p.row_id, E'\\n', 2) as epoch,
               split_part(p.row_id, E'\\n', 3)::bigint as first_seq, split_part(p.row_id, E'\\n', 4)::bigint as last_seq
          from pending p join clock c using (business_id)
         where p.tbl = ''
      ),
      results as (
        update sync_mutations m set version = k.version
          from marked k
         where m.business_id = k.business_id and m.terminal_id = k.terminal_id and m.epoch = k.epoch
           and m.seq between k.first_seq and k.last_seq
      ),
      queues as (
        update sync_clients s set last_applied_version = k.version
          from marked k
         where s.business_id = k.business_id and s.terminal_id = k.terminal_id and s.epoch = k.epoch
      )
      select 1 into done;
      return null;
    end $$`;
