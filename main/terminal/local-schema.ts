/**
 * The terminal's own tables, beside the mirrored business tables that db/migrate.ts creates (the same schema as
 * the central service, so the same app/ operations run on both). Kept in their own migration list and history
 * table: they exist only on terminals.
 *
 * - `terminal_meta`: key/value state — enrollment, credential, epoch, cursor, clocks.
 * - `outbox`: operations done here and not yet acknowledged, in `seq` order (gap-free per epoch).
 * - `inbox`: operations the service rejected, with their payload and reason, until a person resolves them.
 * - `undo_log`: for each pending operation, the pre-image of every row it changed (null: it inserted the row), so
 *   the local effects of pending operations can be taken back before server rows are applied and then redone.
 * - `current_operation`: one row while an operation runs locally; the undo triggers journal only then.
 * - `mirror_versions`: the service version of each mirrored row held (a change is applied only if not older).
 * - `pin_lockout`: consecutive failed PIN logins at this till and until when PIN login is locked.
 * - `warnings` (0002): the business rules this till's applied operations broke (stock below zero, a deleted item
 *   sold…), from the service's results, until an employee dismisses them (app/warnings.ts).
 * - `journal` (0003): the operations the service acknowledged, kept for a while (./journal.ts) — so when the
 *   service is restored from an older backup, what it lost is sent again with the same operation ids
 *   (./rewind.ts). `resend_epoch`/`resend_seq`: the queue position it is being sent again under.
 * - `journal_epochs` (0003): per queue, the last acknowledged seq and the last one the journal no longer holds
 *   (what a restore older than the journal costs, said aloud instead of guessed).
 * - `incidents` (0003): what went wrong here that the office and the cashier must hear of (./incidents.ts), until the
 *   service recorded it and a person saw it.
 *
 * Immutable once shipped, like db/migrations.
 */
import { sql, type Kysely, type Migration } from 'kysely';

const m0001: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table terminal_meta (key text primary key, value text not null)`.execute(db);
    await sql`
      create table outbox (
        seq integer primary key,
        epoch text not null,
        mutation_id text not null unique,
        name text not null,
        v integer not null,
        occurred_at text not null,
        employee_id text not null,
        params text,
        args text,
        basis text,
        status text not null default 'pending',
        attempts integer not null default 0,
        last_error text,
        dt_created text not null
      )`.execute(db);
    await sql`
      create table inbox (
        mutation_id text primary key,
        seq integer not null,
        epoch text not null,
        name text not null,
        occurred_at text not null,
        employee_id text not null,
        params text,
        args text,
        basis text,
        reason text not null,
        rejected_at text not null,
        resolution text,
        resolved_by text,
        resolved_at text
      )`.execute(db);
    await sql`
      create table undo_log (
        ord integer primary key autoincrement,
        seq integer not null,
        tbl text not null,
        business_id text not null,
        row_id text not null,
        old_row text
      )`.execute(db);
    await sql`create index undo_log_seq on undo_log (seq, ord)`.execute(db);
    await sql`create table current_operation (seq integer not null)`.execute(db);
    await sql`create table mirror_versions (tbl text not null, row_id text not null, v integer not null, primary key (tbl, row_id))`.execute(db);
    // Offline PIN login's lockout, per workplace (the mirrored workplaces row belongs to the service).
    await sql`create table pin_lockout (workplace_id text primary key, failures integer not null, locked_until text)`.execute(db);
  },
};

/** One row per warning of an applied operation: (its mutationId, its place in the operation's list). */
const m0002: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table warnings (
        mutation_id text not null,
        position integer not null,
        name text not null,
        occurred_at text not null,
        employee_id text not null,
        code text not null,
        detail text not null,
        received_at text not null,
        dismissed_by text,
        dismissed_at text,
        primary key (mutation_id, position)
      )`.execute(db);
    await sql`create index warnings_open on warnings (dismissed_at, received_at)`.execute(db);
  },
};

const m0003: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table journal (
        ord integer primary key autoincrement,
        terminal_id text not null,
        epoch text not null,
        seq integer not null,
        mutation_id text not null unique,
        name text not null,
        v integer not null,
        occurred_at text not null,
        employee_id text not null,
        params text,
        args text,
        basis text,
        status text not null,
        acked_at text not null,
        resend_epoch text,
        resend_seq integer
      )`.execute(db);
    await sql`create index journal_queue on journal (terminal_id, epoch, seq)`.execute(db);
    await sql`create index journal_age on journal (acked_at)`.execute(db);
    await sql`create index journal_resend on journal (resend_seq) where resend_seq is not null`.execute(db);
    await sql`
      create table journal_epochs (
        terminal_id text not null,
        epoch text not null,
        acked_through integer not null default 0,
        pruned_through integer not null default 0,
        primary key (terminal_id, epoch)
      )`.execute(db);
    await sql`
      create table incidents (
        id text primary key,
        kind text not null,
        detail text not null,
        occurred_at text not null,
        reported_at text,
        seen_by text,
        seen_at text
      )`.execute(db);
  },
};

export const terminalMigrations: Record<string, Migration> = { '0001_terminal_core': m0001, '0002_warnings': m0002, '0003_journal': m0003 };
export const TERMINAL_MIGRATION_TABLE = 'kassa_terminal_migration';
export const TERMINAL_MIGRATION_LOCK_TABLE = 'kassa_terminal_migration_lock';
