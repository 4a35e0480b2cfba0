/**
 * The terminal's local store: one SQLite file (WAL, synchronous=FULL — a sale is one durable commit) holding the
 * mirrored business tables (db/ migrations, the same schema as the service's), and the terminal's own tables
 * (./local-schema.ts). Before migrating a file that has data, a copy is written beside it, so a migration that
 * fails never costs the cashier their unsynced sales.
 */
import { copyFileSync, existsSync, statSync } from 'node:fs';
import { Migrator, sql, type Kysely, type MigrationProvider } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../db/connect.js';
import { migrations } from '../../db/migrate.js';
import { CAPTURED_TABLES } from '../../db/change-capture.js';
import { TERMINAL_MIGRATION_LOCK_TABLE, TERMINAL_MIGRATION_TABLE, terminalMigrations } from './local-schema.js';
import { knownRightAt } from './clock.js';
import { systemClock, TillClock, type Clock } from './till-clock.js';

/** Tables the service does not mirror to terminals but that local operations write. */
const LOCAL_ONLY_TABLES = ['stock_moves', 'audit_log'];

export interface TerminalStore extends DatabaseHandle {
  /** Each journaled table's columns, in table order (for applying server rows and undoing local ones). */
  readonly columns: ReadonlyMap<string, readonly string[]>;
  /** The backup taken before the last migration, if one was needed. */
  readonly backupFile: string | null;
  /** The sane clock every date the till records comes from (./till-clock.ts); one per open store. */
  readonly clock: TillClock;
}

async function migrate(db: Kysely<unknown>, list: MigrationProvider, table?: { name: string; lock: string }) {
  const migrator = new Migrator({ db, provider: list, ...(table ? { migrationTableName: table.name, migrationLockTableName: table.lock } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) throw new Error(`terminal store migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
}

async function pendingMigrationCount(db: Kysely<unknown>): Promise<number> {
  const known = async (table: string) => {
    const exists = (await sql<{ n: bigint }>`select count(*) as n from sqlite_master where type = 'table' and name = ${table}`.execute(db)).rows[0]?.n;
    if (!exists) return new Set<string>();
    return new Set((await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(db)).rows.map((row) => row.name));
  };
  const applied = await known('kysely_migration');
  const appliedHere = await known(TERMINAL_MIGRATION_TABLE);
  return Object.keys(migrations).filter((name) => !applied.has(name)).length + Object.keys(terminalMigrations).filter((name) => !appliedHere.has(name)).length;
}

/**
 * The undo journal's triggers: while an operation runs locally (a row in `current_operation`), every insert and
 * update of a mirrored table records what to put back. Terminal-only, rebuilt from the current columns at each
 * start; the service's change-capture triggers are dropped here (the terminal is not a source of the change log).
 */
async function installLocalTriggers(db: Kysely<unknown>, columns: ReadonlyMap<string, readonly string[]>) {
  const existing = (await sql<{ name: string }>`select name from sqlite_master where type = 'trigger'`.execute(db)).rows.map((row) => row.name);
  for (const name of existing) if (/_capture_(insert|update)$|_undo_(insert|update)$/.test(name)) await sql.raw(`drop trigger "${name}"`).execute(db);
  for (const [table, names] of columns) {
    const oldImage = `json_object(${names.map((column) => `'${column}', old."${column}"`).join(', ')})`;
    await sql
      .raw(
        `create trigger "${table}_undo_insert" after insert on "${table}" when exists (select 1 from current_operation) begin
           insert into undo_log (seq, tbl, business_id, row_id, old_row) select seq, '${table}', new.business_id, new.id, null from current_operation;
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger "${table}_undo_update" before update on "${table}" when exists (select 1 from current_operation) begin
           insert into undo_log (seq, tbl, business_id, row_id, old_row) select seq, '${table}', old.business_id, old.id, ${oldImage} from current_operation;
         end`,
      )
      .execute(db);
  }
}

/** Opens (creating or migrating) the store at `file`, reading time from `source` (the machine's clocks by default). */
export async function openTerminalStore(file: string, source: Clock = systemClock): Promise<TerminalStore> {
  let backupFile: string | null = null;
  if (file !== ':memory:' && existsSync(file) && statSync(file).size > 0) {
    const probe = openDatabase(file);
    try {
      if ((await pendingMigrationCount(probe.db as unknown as Kysely<unknown>)) > 0) {
        // A consistent copy: the WAL is folded in first, so the file alone holds every committed sale.
        await sql`pragma wal_checkpoint(TRUNCATE)`.execute(probe.db);
        backupFile = `${file}.before-migration-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        copyFileSync(file, backupFile);
      }
    } finally {
      await probe.close();
    }
  }
  const handle = openDatabase(file);
  const db = handle.db as unknown as Kysely<unknown>;
  await migrate(db, { getMigrations: async () => migrations });
  await migrate(db, { getMigrations: async () => terminalMigrations }, { name: TERMINAL_MIGRATION_TABLE, lock: TERMINAL_MIGRATION_LOCK_TABLE });
  const columns = new Map<string, readonly string[]>();
  // The mirrored tables, plus the server-only ones that local operations also write (their ledger entries and
  // audit entries): all are journaled, so a pending operation's effects can be taken back completely.
  for (const table of [...Object.keys(CAPTURED_TABLES), ...LOCAL_ONLY_TABLES]) {
    const names = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((row) => row.name);
    for (const name of names) if (!/^[a-z_0-9]+$/.test(name)) throw new Error(`unexpected column ${table}.${name}`);
    columns.set(table, names);
  }
  await installLocalTriggers(db, columns);
  const clock = new TillClock(source);
  clock.resumeFrom(await knownRightAt(db));
  return { ...handle, columns, backupFile, clock };
}
