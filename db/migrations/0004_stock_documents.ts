/**
 * The stock documents besides goods receipts: inventories (stock counts), write-offs (stock going out of one
 * warehouse) and movements (stock going from one warehouse to another). Same conventions as 0001: tenant first in every key, BIGINT
 * scaled integers, a partial unique index on the idempotency guid. Their lines share one shape (`document_id`
 * names the header) so the line store is common code.
 */
import { sql, type Kysely, type CreateTableBuilder } from 'kysely';

type Table = CreateTableBuilder<string, never>;

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

const headerColumns = (t: Table) =>
  t
    .addColumn('guid', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('employee_id', 'text', (c) => c.notNull())
    .addColumn('note', 'text');

const lineColumns = (t: Table) =>
  t
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('measure_id', 'text', (c) => c.notNull())
    .addColumn('multiple', 'bigint')
    .addColumn('planned_quantity', 'bigint')
    .addColumn('warehouse_id', 'text');

async function guidIndex(db: Kysely<unknown>, table: string) {
  await db.schema
    .createIndex(`${table}_guid_uq`)
    .on(table)
    .columns(['business_id', 'guid'])
    .unique()
    .where(sql.ref('guid'), 'is not', null)
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await tenantTable(db, 'write_offs', (t) =>
    headerColumns(t)
      .addColumn('warehouse_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('conducted', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await guidIndex(db, 'write_offs');
  await tenantTable(db, 'write_off_lines', lineColumns).execute();
  await db.schema.createIndex('write_off_lines_doc_ix').on('write_off_lines').columns(['business_id', 'document_id']).execute();

  await tenantTable(db, 'inventories', (t) =>
    headerColumns(t)
      .addColumn('warehouse_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('total', 'bigint', (c) => c.notNull())
      .addColumn('total_planned', 'bigint', (c) => c.notNull())
      .addColumn('total_diff', 'bigint', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('conducted', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await guidIndex(db, 'inventories');
  await tenantTable(db, 'inventory_lines', lineColumns).execute();
  await db.schema.createIndex('inventory_lines_doc_ix').on('inventory_lines').columns(['business_id', 'document_id']).execute();

  await tenantTable(db, 'movements', (t) =>
    headerColumns(t)
      .addColumn('warehouse_id', 'text', (c) => c.notNull())
      .addColumn('to_warehouse_id', 'text', (c) => c.notNull()),
  ).execute();
  await guidIndex(db, 'movements');
  await tenantTable(db, 'movement_lines', lineColumns).execute();
  await db.schema.createIndex('movement_lines_doc_ix').on('movement_lines').columns(['business_id', 'document_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['movement_lines', 'movements', 'inventory_lines', 'inventories', 'write_off_lines', 'write_offs']) {
    await db.schema.dropTable(table).execute();
  }
}
