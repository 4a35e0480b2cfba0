/**
 * The foundation schema: platform tables (businesses, users), the business structure (points, workplaces,
 * employees, roles), the catalogue, warehouses, stock (levels + ledger), goods receipts, clients and their debt
 * ledger, suppliers, measurements and the audit log.
 *
 * One schema for SQLite and PostgreSQL: text ids (UUIDs), ISO-8601 text timestamps (sortable, exact),
 * BIGINT scaled integers for money (hundredths) and quantities (thousandths), 0/1 integers for flags and JSON
 * text for lists. Every tenant-owned table has `business_id` as the first column of its primary key and of
 * every unique index, so a query can only ever reach one tenant's rows (and Citus can distribute by it).
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { sql, type Kysely, type CreateTableBuilder } from 'kysely';

type Table = CreateTableBuilder<string, never>;

/** Columns every tenant-owned row has, with the tenant first in the primary key. */
function tenantTable(db: Kysely<unknown>, name: string, columns: (table: Table) => Table) {
  let table = db.schema
    .createTable(name)
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull());
  table = columns(table);
  return table
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dt_created', 'text', (c) => c.notNull())
    .addColumn('dt_updated', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${name}_pk`, ['business_id', 'id']);
}

/** The descriptive columns shared by items, item groups, modifiers and modifier groups. */
function catalogueColumns(table: Table): Table {
  return table
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('search_name', 'text')
    .addColumn('measurement', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('cost', 'bigint')
    .addColumn('shtrix', 'text')
    .addColumn('color', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('id_automated_point', 'text')
    .addColumn('tax_id', 'text')
    .addColumn('discount_id', 'text')
    .addColumn('pictures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_menu', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_service', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_pickup', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_delivery', 'integer', (c) => c.notNull().defaultTo(0));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // ---- platform ------------------------------------------------------------------------------------------
  await db.schema
    .createTable('businesses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('email', 'text')
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dt_created', 'text', (c) => c.notNull())
    .addColumn('dt_updated', 'text', (c) => c.notNull())
    .execute();

  // Logins are global (a login names no business), unique case- and width-insensitively through login_key.
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('login_key', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Asia/Tashkent'))
    .addColumn('public_name', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('uz'))
    .addColumn('details', 'text')
    .addColumn('second_verification', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('second_verification_hash', 'text')
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dt_created', 'text', (c) => c.notNull())
    .addColumn('dt_updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_login_key_uq').on('users').column('login_key').unique().execute();
  await db.schema.createIndex('users_business_ix').on('users').column('business_id').execute();

  // ---- business structure ----------------------------------------------------------------------------------
  await tenantTable(db, 'points', (t) => t.addColumn('name', 'text', (c) => c.notNull()).addColumn('guid', 'text')).execute();
  await tenantTable(db, 'workplaces', (t) =>
    t
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('guid', 'text')
      .addColumn('automated_point_id', 'text', (c) => c.notNull()),
  ).execute();
  await tenantTable(db, 'employee_roles', (t) =>
    t.addColumn('name', 'text', (c) => c.notNull()).addColumn('access_resources', 'text', (c) => c.notNull().defaultTo('[]')),
  ).execute();
  // PINs are kept only as salted scrypt hashes (pin_hash); see app/auth/pin.ts.
  await tenantTable(db, 'employees', (t) =>
    t
      .addColumn('full_name', 'text', (c) => c.notNull())
      .addColumn('guid', 'text')
      .addColumn('role_id', 'text', (c) => c.notNull())
      .addColumn('pin_hash', 'text', (c) => c.notNull())
      .addColumn('employee_address', 'text')
      .addColumn('workplace_id', 'text')
      .addColumn('telegram_id', 'text')
      .addColumn('phone_number', 'text')
      .addColumn('notes', 'text')
      .addColumn('email', 'text'),
  ).execute();

  // ---- reference data -----------------------------------------------------------------------------------
  await tenantTable(db, 'warehouses', (t) => t.addColumn('name', 'text', (c) => c.notNull()).addColumn('location', 'text')).execute();
  await tenantTable(db, 'measurements', (t) => t.addColumn('name', 'text', (c) => c.notNull())).execute();
  await tenantTable(db, 'suppliers', (t) =>
    t
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('contact_person', 'text')
      .addColumn('phone_number', 'text')
      .addColumn('email', 'text')
      .addColumn('address', 'text'),
  ).execute();
  await tenantTable(db, 'clients', (t) =>
    t
      .addColumn('full_name', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text')
      .addColumn('email', 'text')
      .addColumn('address', 'text')
      .addColumn('birthday', 'text'),
  ).execute();

  // ---- catalogue ---------------------------------------------------------------------------------------
  await tenantTable(db, 'item_groups', catalogueColumns).execute();
  await tenantTable(db, 'modifier_groups', catalogueColumns).execute();
  await tenantTable(db, 'items', (t) => catalogueColumns(t.addColumn('group_id', 'text'))).execute();
  await tenantTable(db, 'modifiers', (t) => catalogueColumns(t.addColumn('group_id', 'text').addColumn('item_id', 'text'))).execute();
  await db.schema.createIndex('items_shtrix_ix').on('items').columns(['business_id', 'shtrix']).execute();
  await db.schema.createIndex('modifiers_group_ix').on('modifiers').columns(['business_id', 'group_id']).execute();

  // ---- stock: ledger + level projection ------------------------------------------------------------------
  // stock_levels.quantity always equals the sum of stock_moves.delta for its (item, warehouse); both are written
  // in the same transaction. One level row per (item, warehouse), whatever its is_deleted flag.
  await tenantTable(db, 'stock_levels', (t) =>
    t
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('warehouse_id', 'text', (c) => c.notNull())
      .addColumn('quantity', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('measure_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('date_from', 'text', (c) => c.notNull())
      .addColumn('mon', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('tue', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('wed', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('thu', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('fri', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('sat', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('sun', 'bigint', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema
    .createIndex('stock_levels_pair_uq')
    .on('stock_levels')
    .columns(['business_id', 'item_id', 'warehouse_id'])
    .unique()
    .execute();
  // Levels by warehouse: the stock totals join live warehouses to their levels, and PostgreSQL with no statistics
  // yet (a fresh or never-analysed table) loops over the warehouses; this index keeps each step to that
  // warehouse's rows instead of the whole business's.
  await db.schema.createIndex('stock_levels_warehouse_ix').on('stock_levels').columns(['business_id', 'warehouse_id']).execute();
  await db.schema
    .createTable('stock_moves')
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('warehouse_id', 'text', (c) => c.notNull())
    .addColumn('delta', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('doc_type', 'text')
    .addColumn('doc_id', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('dt_created', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_moves_pk', ['business_id', 'id'])
    .execute();
  await db.schema.createIndex('stock_moves_pair_ix').on('stock_moves').columns(['business_id', 'item_id', 'warehouse_id']).execute();
  await db.schema.createIndex('stock_moves_doc_ix').on('stock_moves').columns(['business_id', 'doc_id']).execute();

  // ---- goods receipts ------------------------------------------------------------------------------------
  await tenantTable(db, 'receipts', (t) =>
    t
      .addColumn('guid', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('warehouse_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('total', 'bigint', (c) => c.notNull())
      .addColumn('total_planned', 'bigint', (c) => c.notNull())
      .addColumn('total_diff', 'bigint', (c) => c.notNull())
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('conducted', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema
    .createIndex('receipts_guid_uq')
    .on('receipts')
    .columns(['business_id', 'guid'])
    .unique()
    .where(sql.ref('guid'), 'is not', null)
    .execute();
  await tenantTable(db, 'receipt_lines', (t) =>
    t
      .addColumn('receipt_id', 'text', (c) => c.notNull())
      .addColumn('line_no', 'integer', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('quantity', 'bigint', (c) => c.notNull())
      .addColumn('price', 'bigint', (c) => c.notNull())
      .addColumn('planned_quantity', 'bigint', (c) => c.notNull())
      .addColumn('measure_id', 'text', (c) => c.notNull())
      .addColumn('rounding', 'bigint')
      .addColumn('new_price', 'bigint')
      .addColumn('warehouse_id', 'text'),
  ).execute();
  await db.schema.createIndex('receipt_lines_receipt_ix').on('receipt_lines').columns(['business_id', 'receipt_id']).execute();

  // ---- client debts: ledger + balance record -----------------------------------------------------------------
  // client_debts.debt_amount always equals the sum of client_debt_txns.amount for its client.
  await tenantTable(db, 'client_debts', (t) =>
    t
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('debt_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('id_automated_point', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('client_debts_client_uq').on('client_debts').columns(['business_id', 'client_id']).unique().execute();
  await tenantTable(db, 'client_debt_txns', (t) =>
    t
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('debt_id', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('id_automated_point', 'text', (c) => c.notNull())
      .addColumn('signature_url', 'text'),
  ).execute();
  await db.schema.createIndex('client_debt_txns_client_ix').on('client_debt_txns').columns(['business_id', 'client_id']).execute();

  // ---- audit log (the reference's S_Logs) -------------------------------------------------------------------
  await tenantTable(db, 'audit_log', (t) =>
    t
      .addColumn('user_id', 'text')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('details', 'text')
      // Who posted an entry through /logs/create; null for entries the system wrote itself (see docs/api/logs.md).
      .addColumn('posted_by', 'text'),
  ).execute();
  // id last: /logs/all orders by (dt_created desc, id desc), which this index serves without a sort.
  await db.schema.createIndex('audit_log_created_ix').on('audit_log').columns(['business_id', 'dt_created', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
