/**
 * The change log terminals pull from (docs/sync.md): every insert or update of a synced table becomes an entry in
 * `sync_log` (one record per business, version and scope, migration 0012), whatever code path made it — a REST
 * operation, a sync push, a platform handler, a fixture. How depends on the engine:
 *
 * - **SQLite**: a trigger per table puts the entry in `sync_pending`; at the end of each write transaction
 *   `stampChanges` moves them into `sync_log` under the business's next version from its `sync_clock` row. The
 *   single writer makes versions contiguous and in commit order.
 * - **PostgreSQL** (migration 0032, issue 18): no trigger and no clock. The service's capture consumer
 *   (server/capture/) reads the write-ahead log through a logical replication slot (`pgoutput`, publications
 *   `kassa_capture` and `kassa_capture_results`) after COMMIT, in commit order, and writes each transaction's
 *   entries under a version that is its commit LSN: monotonic in commit order, not contiguous. In the same
 *   transaction it moves each business's head (`sync_clock`, which only it writes there) and its own progress
 *   (`sync_capture`), so a reader that has seen version v never later finds a change ≤ v appear. (Migrations 0007–0012 installed a trigger and a COMMIT-time stamp; 0032 removed them.)
 *
 * Deletes are soft (`is_deleted`), so a tombstone is just the post-image of the deleting update.
 *
 * Changing the trigger code here changes what a migration that calls `installCapture` creates: never edit the
 * SQL of a shipped trigger in place, add a migration that re-installs.
 */
import { CompiledQuery, sql, type Kysely, PostgresAdapter } from 'kysely';

/**
 * Which terminals receive a table's rows: the whole business (`biz`), the terminals of one warehouse
 * (`wh:<id>`) or of one point (`pt:<id>`). `order-point` is a child of an order: the order's point.
 */
export type ScopeRule = { kind: 'business' } | { kind: 'column'; prefix: 'wh' | 'pt'; column: string } | { kind: 'order-point' };

const business: ScopeRule = { kind: 'business' };

/** The tables terminals mirror, with their scope. Audit entries, stock moves, users and chats stay on the server. */
export const CAPTURED_TABLES: Readonly<Record<string, ScopeRule>> = {
  points: business,
  workplaces: business,
  employee_roles: business,
  employees: business,
  warehouses: business,
  measurements: business,
  suppliers: business,
  clients: business,
  item_groups: business,
  modifier_groups: business,
  items: business,
  modifiers: business,
  stock_levels: { kind: 'column', prefix: 'wh', column: 'warehouse_id' },
  receipts: business,
  receipt_lines: business,
  write_offs: business,
  write_off_lines: business,
  movements: business,
  movement_lines: business,
  inventories: business,
  inventory_lines: business,
  client_debts: business,
  client_debt_txns: business,
  payment_methods: business,
  base_config: business,
  tax_fees: business,
  discounts: business,
  printers: business,
  payment_devices: business,
  orders: { kind: 'column', prefix: 'pt', column: 'automated_point_id' },
  order_lines: { kind: 'order-point' },
  order_discounts: { kind: 'order-point' },
  order_taxes: { kind: 'order-point' },
  order_deliveries: { kind: 'order-point' },
  order_payments: { kind: 'order-point' },
  settlements: business,
  settlement_totals: business,
  settlement_cash_moves: business,
  // Created by migration 0025, which installs their capture (0007 runs before they exist: CAPTURED_LATER).
  order_refunds: { kind: 'column', prefix: 'pt', column: 'automated_point_id' },
  order_refund_lines: { kind: 'order-point' },
  order_refund_payments: { kind: 'order-point' },
  order_voids: { kind: 'order-point' },
};

/**
 * Captured tables created by a migration after 0007 (which installed the capture of every table then): the migration
 * that creates one installs its capture, and 0007 skips it, so a fresh database builds the same schema as an old one.
 */
export const CAPTURED_LATER: ReadonlySet<string> = new Set([
  'settlement_cash_moves',
  'order_refunds',
  'order_refund_lines',
  'order_refund_payments',
  'order_voids',
]);

/** PostgreSQL: the publication of the captured tables (migration 0032) and of a push's stored results. */
export const CAPTURE_PUBLICATION = 'kassa_capture';
export const RESULTS_PUBLICATION = 'kassa_capture_results';
/** The prefix of the logical messages `waitForCapture` writes (they carry no data; their commit is the probe). */
export const CAPTURE_PROBE_PREFIX = 'kassa_capture_probe';

/** A replication slot's name for a database: one slot per database, so a cluster can hold several services' data. */
export function captureSlotName(databaseName: string): string {
  const name = `kassa_${databaseName.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
  if (name.length <= 63) return name;
  let hash = 0;
  for (const char of databaseName) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `${name.slice(0, 54)}_${hash.toString(16).padStart(8, '0')}`;
}

/** A PostgreSQL LSN (`16/B374D848`) as the version number it gives: the 64-bit WAL position. */
export function lsnToVersion(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  if (high === undefined || low === undefined || !/^[0-9A-Fa-f]{1,8}$/.test(high) || !/^[0-9A-Fa-f]{1,8}$/.test(low)) throw new Error(`not an LSN: ${lsn}`);
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** A version as an LSN (the inverse of lsnToVersion). */
export function versionToLsn(version: bigint): string {
  return `${(version >> 32n).toString(16).toUpperCase()}/${(version & 0xffffffffn).toString(16).toUpperCase()}`;
}

/**
 * PostgreSQL after migration 0032: creates the database's replication slot if it has none. Run by
 * `migrateToLatest` right after the migrations, outside any transaction (PostgreSQL refuses to create a logical slot
 * in a transaction that wrote, and waits for running ones), before the service writes anything: every change from
 * then on stays in the WAL until the consumer has logged it. Two services starting at once both try; one creates.
 * `attemptMs`: how long each attempt may wait (tests shorten it).
 */
export async function ensureCaptureSlot(db: Kysely<unknown>, attemptMs: (attempt: number) => number = slotAttemptMs): Promise<void> {
  if (!isPostgres(db)) return;
  const published = await sql`select 1 from pg_publication where pubname = ${CAPTURE_PUBLICATION}`.execute(db);
  if (published.rows.length === 0) return;
  const database = (await sql<{ name: string }>`select current_database() as name`.execute(db)).rows[0]!.name;
  const slot = captureSlotName(database);
  const existing = await sql`select 1 from pg_replication_slots where slot_name = ${slot}`.execute(db);
  if (existing.rows.length > 0) return;
  // Creating a logical slot waits until every transaction running in the cluster has ended, and two creations in
  // different databases at once (test files side by side, several Kassa databases on one cluster) were seen waiting
  // on each other for good. Each attempt is bounded; a cancelled one leaves no slot, and the next tries again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.connection().execute(async (connection) => {
        await sql`set statement_timeout = ${sql.lit(attemptMs(attempt))}`.execute(connection);
        try {
          await sql`select pg_create_logical_replication_slot(${slot}, 'pgoutput')`.execute(connection);
        } finally {
          await sql`reset statement_timeout`.execute(connection);
        }
      });
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === '42710') return; // another service created it meanwhile
      if (code !== '57014' || attempt >= SLOT_ATTEMPTS) throw error;
      await reportSlotBlockers(db, slot, attempt);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 1_000));
    }
  }
}

/**
 * An attempt ran out of time: says which transactions of the cluster it was waiting for (the oldest that hold a
 * transaction id), so an operator — or a CI log — can see what holds a service's start. Database, backend, client
 * name, state and age only: never a query's text, which may hold values.
 */
async function reportSlotBlockers(db: Kysely<unknown>, slot: string, attempt: number): Promise<void> {
  const rows = await sql<{ datname: string | null; pid: number; application_name: string | null; state: string | null; wait_event: string | null; age: string | null }>`
    select datname, pid, application_name, state, wait_event, (now() - xact_start)::text as age
      from pg_stat_activity
     where backend_xid is not null and pid <> pg_backend_pid()
     order by xact_start limit 5`
    .execute(db)
    .catch(() => ({ rows: [] }));
  const held = rows.rows.map((row) => `${row.datname ?? '?'}#${row.pid} (${row.application_name || 'no name'}, ${row.state ?? '?'}${row.wait_event ? `, waiting on ${row.wait_event}` : ''}, for ${row.age ?? '?'})`);
  process.emitWarning(`creating the replication slot ${slot} timed out (attempt ${attempt} of ${SLOT_ATTEMPTS}); oldest transactions of the cluster: ${held.join('; ') || 'none'}`);
}

/**
 * How long attempt `attempt` at creating the slot may wait. A creation becomes consistent in up to three steps, each
 * waiting until the transactions running when it began have ended (measured here: 0.05 s on an idle cluster, 3 s
 * amid overlapping 2-second transactions, as long as the longest one otherwise). With test files side by side on two
 * busy cores, transactions of a few seconds overlap all the time, and 5-second attempts kept being cancelled before
 * the last step: a test database waited out its 90 s. So the windows are long, and different for each creator (the
 * random part), so two creations waiting on each other do not time out and start again in step.
 */
function slotAttemptMs(attempt: number): number {
  const base = attempt === 1 ? 20_000 : 50_000;
  return base + Math.floor(Math.random() * 10_000);
}
/** Attempts before giving up (about five minutes in all). */
const SLOT_ATTEMPTS = 6;

/**
 * Drops the replication slots of a database, ending the connection that reads one: run before DROP DATABASE, which
 * PostgreSQL refuses while a slot of the database exists (and a leaked slot keeps WAL forever). `query` runs SQL
 * on any other database of the cluster.
 */
export async function dropCaptureSlots(query: (text: string, values: unknown[]) => Promise<unknown>, databaseName: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      await query('select pg_terminate_backend(active_pid) from pg_replication_slots where database = $1 and active_pid is not null', [databaseName]);
      await query('select pg_drop_replication_slot(slot_name) from pg_replication_slots where database = $1', [databaseName]);
      return;
    } catch (error) {
      // 55006: the slot is still active (its reader's connection is ending, or a consumer reconnected): again.
      if ((error as { code?: string }).code !== '55006' || attempt === 49) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * PostgreSQL after migration 0032: waits until every transaction committed before the call is in the log (and every
 * push result has its version), however many service processes there are. It commits a logical message (a tiny WAL
 * record, no table) and waits until the consumer's durable progress passes it; the consumer reads transactions in
 * commit order, so everything committed before the message is written by then. On SQLite the log is written inside
 * each write transaction: nothing to wait for. Throws after `timeoutMs` (no consumer running).
 */
export async function waitForCapture(db: Kysely<unknown>, timeoutMs = 10_000): Promise<void> {
  if (!isPostgres(db)) return;
  const probe = await sql<{ lsn: string }>`select pg_logical_emit_message(true, ${CAPTURE_PROBE_PREFIX}, '')::text as lsn`.execute(db);
  const target = lsnToVersion(probe.rows[0]!.lsn);
  const deadline = Date.now() + timeoutMs;
  for (let pause = 1; ; pause = Math.min(pause * 2, 20)) {
    const head = await sql<{ version: bigint | string }>`select version from sync_capture where id = 1`.execute(db);
    if (BigInt(head.rows[0]?.version ?? 0) >= target) return;
    if (Date.now() > deadline) throw new Error('the change capture consumer did not catch up (is a service running on this database?)');
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Creates the log tables and the PostgreSQL trigger function as migration 0007 shipped them (0012 replaced
 * `sync_changes` by `sync_log`). Only 0007 may call it.
 */
export async function createChangeLog(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('sync_clock')
    .addColumn('business_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  // Entries of transactions still running; each transaction empties what it wrote before it commits.
  await sql`
    create table sync_pending (
      seq ${postgres ? sql`bigint generated always as identity primary key` : sql`integer primary key autoincrement`},
      business_id text not null,
      scope text not null,
      tbl text not null,
      row_id text not null,
      row text not null,
      fields text
    )`.execute(db);
  await db.schema
    .createTable('sync_changes')
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('ord', 'bigint', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('tbl', 'text', (c) => c.notNull())
    .addColumn('row_id', 'text', (c) => c.notNull())
    .addColumn('row', 'text', (c) => c.notNull())
    // The columns an update changed, as a JSON array; null for an insert (every column). Per-field versions
    // for field-level last-writer-wins follow from it: a field's version is that of the last change naming it.
    .addColumn('fields', 'text')
    .addPrimaryKeyConstraint('sync_changes_pk', ['business_id', 'version', 'ord'])
    .execute();
  // Compaction and "latest image of a row" look rows up by table and id.
  await db.schema.createIndex('sync_changes_row').on('sync_changes').columns(['business_id', 'tbl', 'row_id', 'version']).execute();
  // A terminal's pull reads its scopes' entries above its cursor.
  await db.schema.createIndex('sync_changes_scope').on('sync_changes').columns(['business_id', 'scope', 'version']).execute();
  if (postgres) await createCaptureTriggerFunction(db);
}

/**
 * PostgreSQL before migration 0032 (and 0032's way down): the row trigger function of the capture, as 0007 shipped it.
 * TG_ARGV: scope kind ('business' | 'column' | 'order-point'), then for 'column' the prefix and column name. The image
 * is read as jsonb first so one function serves tables with different columns.
 */
export async function createCaptureTriggerFunction(db: Kysely<unknown>): Promise<void> {
  await sql`
      create function kassa_capture_change() returns trigger language plpgsql as $$
      declare
        image jsonb := to_jsonb(NEW);
        previous jsonb;
        changed jsonb := null;
        scope text := 'biz';
      begin
        if TG_OP = 'UPDATE' then
          previous := to_jsonb(OLD);
          select coalesce(jsonb_agg(n.key order by n.key), '[]'::jsonb) into changed
            from jsonb_each(image) n where (previous -> n.key) is distinct from n.value;
        end if;
        if TG_ARGV[0] = 'column' then
          scope := TG_ARGV[1] || ':' || (image ->> TG_ARGV[2]);
        elsif TG_ARGV[0] = 'order-point' then
          select 'pt:' || o.automated_point_id into scope from orders o
            where o.business_id = NEW.business_id and o.id = image ->> 'order_id';
          scope := coalesce(scope, 'biz');
        end if;
        insert into sync_pending (business_id, scope, tbl, row_id, row, fields)
          values (NEW.business_id, scope, TG_TABLE_NAME, NEW.id, image::text, changed::text);
        return null;
      end $$`.execute(db);
}

function sqliteScope(rule: ScopeRule): string {
  switch (rule.kind) {
    case 'business':
      return `'biz'`;
    case 'column':
      return `'${rule.prefix}:' || new."${rule.column}"`;
    case 'order-point':
      return `coalesce((select 'pt:' || o.automated_point_id from orders o where o.business_id = new.business_id and o.id = new.order_id), 'biz')`;
  }
}

/**
 * Installs (or re-installs) the capture of one table. SQLite: its triggers, reading its current columns.
 * PostgreSQL before migration 0032: its trigger; after it (the publication exists): the table joins the publication
 * with its old row images logged (a migration numbered before 0032 may run after it: allowUnorderedMigrations).
 */
export async function installCapture(db: Kysely<unknown>, table: string, rule: ScopeRule): Promise<void> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
  if (isPostgres(db)) {
    const published = await sql`select 1 from pg_publication where pubname = ${CAPTURE_PUBLICATION}`.execute(db);
    if (published.rows.length > 0) {
      await sql`alter table ${sql.table(table)} replica identity full`.execute(db);
      const member = await sql`select 1 from pg_publication_tables where pubname = ${CAPTURE_PUBLICATION} and tablename = ${table}`.execute(db);
      if (member.rows.length === 0) await sql`alter publication ${sql.id(CAPTURE_PUBLICATION)} add table ${sql.table(table)}`.execute(db);
      return;
    }
    const args =
      rule.kind === 'column' ? sql`'column', ${sql.lit(rule.prefix)}, ${sql.lit(rule.column)}` : sql`${sql.lit(rule.kind)}`;
    await sql`drop trigger if exists ${sql.id(`${table}_capture`)} on ${sql.table(table)}`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_capture`)} after insert or update on ${sql.table(table)}
      for each row execute function kassa_capture_change(${args})`.execute(db);
    return;
  }
  const columns = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((row) => row.name);
  if (columns.length === 0) throw new Error(`no such table: ${table}`);
  for (const column of columns) if (!/^[a-z_0-9]+$/.test(column)) throw new Error(`unexpected column name ${table}.${column}`);
  const image = `json_object(${columns.map((column) => `'${column}', new."${column}"`).join(', ')})`;
  const sortedColumns = [...columns].sort();
  const changed = `(select json_group_array(column1) from (values ${sortedColumns
    .map((column) => `('${column}', old."${column}" is not new."${column}")`)
    .join(', ')}) where column2)`;
  for (const event of ['insert', 'update']) {
    const name = `${table}_capture_${event}`;
    await sql.raw(`drop trigger if exists "${name}"`).execute(db);
    await sql
      .raw(
        `create trigger "${name}" after ${event} on "${table}" begin
           insert into sync_pending (business_id, scope, tbl, row_id, row, fields)
           values (new.business_id, ${sqliteScope(rule)}, '${table}', new.id, ${image}, ${event === 'update' ? changed : 'null'});
         end`,
      )
      .execute(db);
  }
}

/**
 * Gives the transaction's captured changes their version: one new version per business it touched, taken from
 * the business's clock row as the last lock before COMMIT (the row stays locked until then, so versions are in
 * commit order), and writes them to the log as one record per scope (migration 0012). Must run inside the write
 * transaction (the transactors call it after the work).
 *
 * SQLite: stamps now. `always` names a business that gets a new version even without captured changes — a sync
 * push whose operations were all rejected still needs a version at which its results become visible. Returns the
 * version each business got.
 *
 * PostgreSQL: does nothing and returns no versions. The capture consumer gives each transaction its commit LSN as
 * version after COMMIT, to its entries and to the push results it stored (app/sync/push.ts, server/capture/).
 */
export interface StampOptions {
  /** SQLite: a business that gets a new version even without captured changes. */
  readonly always?: string;
  /** Told the scopes each business logged (what tills are poked for: server/sync/pokes.ts). */
  readonly onScopes?: (businessId: string, scopes: ReadonlySet<string>) => void;
}

export async function stampChanges(tx: Kysely<unknown>, options: StampOptions = {}): Promise<Map<string, bigint>> {
  const versions = new Map<string, bigint>();
  if (isPostgres(tx)) return versions;
  let businesses: Set<string>;
  if (options.onScopes) {
    const touched = await tx.executeQuery(PENDING_SCOPES);
    const scopes = new Map<string, Set<string>>();
    for (const row of touched.rows) scopes.set(row.business_id, (scopes.get(row.business_id) ?? new Set()).add(row.scope));
    for (const [businessId, set] of scopes) options.onScopes(businessId, set);
    businesses = new Set(scopes.keys());
  } else businesses = new Set((await tx.executeQuery(PENDING_BUSINESSES)).rows.map((row) => row.business_id));
  if (options.always) businesses.add(options.always);
  for (const businessId of [...businesses].sort()) {
    const clock = await tx.executeQuery(CompiledQuery.raw(NEXT_VERSION, [businessId]) as CompiledQuery<{ version: bigint }>);
    const version = BigInt(clock.rows[0]!.version);
    versions.set(businessId, version);
    await tx.executeQuery(CompiledQuery.raw(LOG_PENDING, [version, version, businessId]));
  }
  if (businesses.size > 0) await tx.executeQuery(CLEAR_PENDING);
  return versions;
}

// SQLite's stamp, as fixed statements: it runs after every write, where building them anew showed in profiles.
const PENDING_BUSINESSES = CompiledQuery.raw('select distinct business_id from sync_pending') as CompiledQuery<{ business_id: string }>;
const PENDING_SCOPES = CompiledQuery.raw('select distinct business_id, scope from sync_pending') as CompiledQuery<{ business_id: string; scope: string }>;
const NEXT_VERSION = `insert into sync_clock (business_id, version) values (?, 1)
  on conflict (business_id) do update set version = version + 1 returning version`;
const LOG_PENDING = `insert into sync_log (business_id, version, scope, entries, entry_count)
  select business_id, ?, scope,
         group_concat('{"v":' || ? || ',"t":"' || tbl || '","row":' || row || ',"fields":' || coalesce(fields, 'null') || '}', ',' order by seq),
         count(*)
    from sync_pending
   where business_id = ?
   group by business_id, scope`;
const CLEAR_PENDING = CompiledQuery.raw('delete from sync_pending');
