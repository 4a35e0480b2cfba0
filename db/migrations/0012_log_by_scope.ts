/**
 * The change log keeps one record per (business, version, scope) holding that version's entries in the scope as
 * the JSON text pull pages are made of, instead of one row per entry (`sync_log` replaces `sync_changes`).
 *
 * Why: a conducted 10-line receipt logged 21 rows, each written to the log table and three indexes — more work than
 * the receipt's own rows — and every pull read them back one by one to rebuild the text it sends. Terminals only
 * ever receive whole versions of their scopes (docs/sync.md), so a version's entries in a scope are stored as one
 * piece: a receipt now writes two log records (its business-wide entries and its warehouse's stock levels), and a
 * pull splices stored pieces together. BENCHMARKS.md, "change log by scope", has the figures.
 *
 * What follows: nothing looks an entry up by row any more (a bootstrap row carries the version of the snapshot it was
 * read in, app/sync/bootstrap.ts). On SQLite `sync_pending` loses AUTOINCREMENT, whose counter row was rewritten by
 * every captured write; its rows live only inside one transaction, so reused numbers never meet. PostgreSQL's COMMIT
 * stamp (0011) now writes the records.
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { sql, PostgresAdapter, type Kysely } from 'kysely';

/** An entry's JSON text from a `sync_changes` / `sync_pending` row, `version` an SQL expression (tbl is a table name). */
const entryText = (version: string, alias: string) =>
  `'{"v":' || ${version} || ',"t":"' || ${alias}.tbl || '","row":' || ${alias}.row || ',"fields":' || coalesce(${alias}.fields, 'null') || '}'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('sync_log')
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    // The version's entries in the scope, in capture order, as JSON objects separated by commas.
    .addColumn('entries', 'text', (c) => c.notNull())
    .addColumn('entry_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_log_pk', ['business_id', 'version', 'scope'])
    .execute();
  const aggregate = postgres ? 'string_agg' : 'group_concat';
  await sql
    .raw(
      `insert into sync_log (business_id, version, scope, entries, entry_count)
       select c.business_id, c.version, c.scope, ${aggregate}(${entryText('c.version', 'c')}, ',' order by c.ord), count(*)
         from sync_changes c
        group by c.business_id, c.version, c.scope`,
    )
    .execute(db);
  await db.schema.dropTable('sync_changes').execute();

  if (!postgres) {
    // Empty unless a write outside any stamping transaction left entries for the next stamp: they stay, in order.
    // (Recreated rather than renamed: a rename is refused while the capture triggers name the table.)
    await sql`create table sync_pending_kept as select seq, business_id, scope, tbl, row_id, row, fields from sync_pending`.execute(db);
    await sql`drop table sync_pending`.execute(db);
    await sql`create table sync_pending (
      seq integer primary key, business_id text not null, scope text not null, tbl text not null,
      row_id text not null, row text not null, fields text)`.execute(db);
    await sql`insert into sync_pending select * from sync_pending_kept order by seq`.execute(db);
    await sql`drop table sync_pending_kept`.execute(db);
    return;
  }

  // 0011's function, writing records instead of rows: the first firing at COMMIT stamps the transaction's entries.
  await sql
    .raw(
      `create or replace function kassa_stamp_at_commit() returns trigger language plpgsql as $$
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
      -- Markers: row_id is terminal id, epoch, first seq and last seq, separated by newlines.
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
    end $$`,
    )
    .execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
