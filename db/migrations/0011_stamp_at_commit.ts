/**
 * PostgreSQL: a transaction's changes get their version AT COMMIT, from a deferred constraint trigger, instead of
 * from a statement the service sends before COMMIT (db/change-capture.ts).
 *
 * Why: the version comes from the business's clock row, locked until the transaction ends so that versions are in
 * commit order. Taken by a statement of its own, the lock was held across a round trip to the service and back
 * (COMMIT has to be sent after the stamp's answer) plus the WAL flush; every write of the business queued behind
 * it, and with a busy service or disk a fleet of 200 tills saw p99 go from 30 ms to a second (BENCHMARKS.md). A
 * deferred trigger runs inside COMMIT's own processing: the lock is held only for the stamp and the flush.
 *
 * How: every captured write puts an entry in `sync_pending` (0007, 0010). Its deferred trigger fires at COMMIT
 * once per entry; the first firing stamps them all (the later ones find their entry gone). A sync push adds one
 * marker entry (`tbl` empty) naming its (terminal, epoch) and seq range: its stored results and queue position get
 * the version too, and a push whose operations were all rejected still gets one. SQLite keeps the explicit stamp:
 * it has one writer, and no round trip.
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { sql, PostgresAdapter, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create function kassa_stamp_at_commit() returns trigger language plpgsql as $$
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
        insert into sync_changes (business_id, version, ord, scope, tbl, row_id, row, fields)
          select p.business_id, c.version, p.seq, p.scope, p.tbl, p.row_id, p.row, p.fields
            from pending p join clock c using (business_id)
           where p.tbl <> ''
      ),
      -- Markers: row_id is terminal id, epoch, first seq and last seq, separated by newlines.
      marked as (
        select p.business_id, c.version,
               split_part(p.row_id, E'\n', 1) as terminal_id, split_part(p.row_id, E'\n', 2) as epoch,
               split_part(p.row_id, E'\n', 3)::bigint as first_seq, split_part(p.row_id, E'\n', 4)::bigint as last_seq
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
    end $$`.execute(db);
  await sql`
    create constraint trigger sync_pending_stamp after insert on sync_pending
      deferrable initially deferred
      for each row execute function kassa_stamp_at_commit()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
