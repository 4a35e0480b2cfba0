/**
 * Migration 0023 gives stored modifier groups no rules (not required, no limits, nothing free, no default) and stored
 * order lines no modifiers, re-installs both tables' change capture so the new columns reach the tills, and goes
 * down removing only what it added.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../migrate.js';
import { emptyDatabase, testEngines } from '../../test/helpers/databases.js';

const T0 = '2026-11-01T10:00:00.000Z';

describe.each(await testEngines())('migration 0023 on %s', (engine) => {
  it('keeps stored groups and lines as they were, captures the new columns, and goes down cleanly', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0022_items_name_index')).error).toBeUndefined();
      await sql`insert into modifier_groups (business_id, id, name, measurement, price, type, pictures, is_menu, is_service, allow_pickup, allow_delivery, is_deleted, dt_created, dt_updated)
                values ('b1', 'g1', 'Milk', 'pc', 0, 'MODIFIER_GROUP', '[]', 0, 0, 0, 0, 0, ${T0}, ${T0})`.execute(db);

      expect(await migrateToLatest(db)).toContain('0023_modifier_rules');
      const groups = await sql<Record<string, unknown>>`select is_required, min_choices, max_choices, free_quantity, default_modifier_id from modifier_groups where id = 'g1'`.execute(db);
      expect(groups.rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === null ? null : Number(value)])))).toEqual([
        { is_required: 0, min_choices: 0, max_choices: null, free_quantity: 0, default_modifier_id: null },
      ]);
      await sql`update modifier_groups set is_required = 1, max_choices = 2, dt_updated = '2026-11-02T10:00:00.000Z' where id = 'g1'`.execute(db);
      if (engine === 'sqlite') {
        // SQLite's triggers list the table's columns (PostgreSQL's take the whole row as jsonb whatever its columns).
        const captured = await sql<{ row: string }>`select row from sync_pending where tbl = 'modifier_groups'`.execute(db);
        expect(captured.rows.map((entry) => entry.row).join()).toContain('"max_choices":2');
        const trigger = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and name = 'order_lines_capture_insert'`.execute(db);
        expect(trigger.rows[0]?.sql).toContain('modifiers');
      }

      expect((await migrator.migrateTo('0022_items_name_index')).error).toBeUndefined();
      const back = await sql<Record<string, unknown>>`select * from modifier_groups where id = 'g1'`.execute(db);
      expect(Object.keys(back.rows[0] ?? {})).not.toContain('max_choices');
      expect(back.rows[0]).toMatchObject({ name: 'Milk' });
      const lineColumns =
        engine === 'sqlite'
          ? await sql<{ name: string }>`select name from pragma_table_info('order_lines')`.execute(db)
          : await sql<{ name: string }>`select column_name as name from information_schema.columns where table_name = 'order_lines'`.execute(db);
      expect(lineColumns.rows.map((row) => row.name)).toContain('item_id');
      expect(lineColumns.rows.map((row) => row.name)).not.toContain('modifiers');
      expect((await migrateToLatest(db)).length).toBeGreaterThan(0);
    } finally {
      await dispose();
    }
  });

  it('is applied to a database that already went past it (0023 was merged after 0024 shipped)', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const without = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== '0023_modifier_rules'));
      expect((await new Migrator({ db, provider: { getMigrations: async () => without } }).migrateToLatest()).error).toBeUndefined();
      expect(await migrateToLatest(db)).toEqual(['0023_modifier_rules']);
      const groups = await sql`select min_choices from modifier_groups`.execute(db);
      expect(groups.rows).toEqual([]);
    } finally {
      await dispose();
    }
  });
});
