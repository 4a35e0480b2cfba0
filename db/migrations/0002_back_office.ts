/**
 * The back-office reference data of the second issue: payment methods, base configuration (key/value
 * settings), taxes and fees, discounts, printers and payment devices. Suppliers already exist (0001).
 *
 * Same conventions as 0001: `business_id` first in every primary key and unique index, BIGINT scaled integers
 * for money (hundredths) and percentages (hundredths of a point), 0/1 flags, ISO-8601 text timestamps.
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { sql, type Kysely, type CreateTableBuilder } from 'kysely';

type Table = CreateTableBuilder<string, never>;

/**
 * Columns every tenant-owned row has, with the tenant first in the primary key. A copy of 0001's helper on purpose:
 * a migration must keep building the schema it was written for, so migrations share no code.
 */
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

/** Printers and payment devices have the same network columns. */
function deviceColumns(table: Table): Table {
  return table
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('guid', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('port', 'text')
    .addColumn('provider', 'text')
    .addColumn('mac_address', 'text')
    .addColumn('type', 'text');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await tenantTable(db, 'payment_methods', (t) =>
    t.addColumn('name', 'text', (c) => c.notNull()).addColumn('guid', 'text'),
  ).execute();

  await tenantTable(db, 'base_config', (t) =>
    t.addColumn('key_name', 'text', (c) => c.notNull()).addColumn('key_value', 'text', (c) => c.notNull()),
  ).execute();
  // One live value per key and business (the reference allowed duplicates and then read "the first" one);
  // deleted rows keep their key, so a key can be created again after a delete.
  await db.schema
    .createIndex('base_config_key_uq')
    .on('base_config')
    .columns(['business_id', 'key_name'])
    .unique()
    .where(sql.ref('is_deleted'), '=', 0)
    .execute();

  await tenantTable(db, 'tax_fees', (t) =>
    t
      .addColumn('guid', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('tax_percent', 'bigint')
      .addColumn('tax_value', 'bigint')
      .addColumn('fee_percent', 'bigint')
      .addColumn('fee_value', 'bigint')
      .addColumn('id_automated_point', 'text'),
  ).execute();
  await tenantTable(db, 'discounts', (t) =>
    t
      .addColumn('guid', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('discount_percent', 'bigint')
      .addColumn('discount_value', 'bigint')
      .addColumn('id_automated_point', 'text'),
  ).execute();

  await tenantTable(db, 'printers', deviceColumns).execute();
  await tenantTable(db, 'payment_devices', deviceColumns).execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
