import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { freshDatabase, testEngines } from '../test/helpers/databases.js';
import { migrateToLatest, migrations } from './migrate.js';

describe.each(await testEngines())('migrations on %s', (engine) => {
  it('D11: bring an empty database to the newest schema, and a second run applies nothing', async () => {
    const database = await freshDatabase(engine);
    try {
      expect(await migrateToLatest(database.db as never)).toEqual([]);
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
      expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations));
    } finally {
      await database.dispose();
    }
  });

  it('create every tenant-owned table with the tenant first in its primary key', async () => {
    const database = await freshDatabase(engine);
    try {
      const tables = ['points', 'workplaces', 'employees', 'warehouses', 'items', 'stock_levels', 'stock_moves', 'receipts', 'receipt_lines', 'write_offs', 'write_off_lines', 'movements', 'movement_lines', 'inventories', 'inventory_lines', 'client_debts', 'client_debt_txns', 'audit_log', 'suppliers', 'payment_methods', 'base_config', 'tax_fees', 'discounts', 'printers', 'payment_devices'];
      for (const table of tables) {
        const columns =
          engine === 'sqlite'
            ? (await sql<{ name: string; pk: bigint }>`select name, pk from pragma_table_info(${table})`.execute(database.db)).rows
                .filter((row) => Number(row.pk) > 0)
                .sort((a, b) => Number(a.pk) - Number(b.pk))
                .map((row) => row.name)
            : (
                await sql<{ column_name: string }>`
                  select a.attname as column_name from pg_index i
                  join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
                  where i.indrelid = ${table}::regclass and i.indisprimary
                  order by array_position(i.indkey, a.attnum)`.execute(database.db)
              ).rows.map((row) => row.column_name);
        expect(columns, table).toEqual(['business_id', 'id']);
      }
    } finally {
      await database.dispose();
    }
  });
});
