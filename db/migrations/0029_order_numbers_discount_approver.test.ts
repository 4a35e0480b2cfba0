/**
 * Migration 0029 numbers the workplaces already stored, per business in the order they were made (deleted ones
 * too, so no number is given twice), makes a repeated number impossible, adds `orders.discount_approved_by` (null
 * for every stored order) and re-installs both tables' change capture so the new columns reach the tills; going
 * down removes only what it added.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../migrate.js';
import { emptyDatabase, testEngines } from '../../test/helpers/databases.js';

describe.each(await testEngines())('migration 0029 on %s', (engine) => {
  it('numbers stored workplaces per business in the order they were made, keeps orders, and goes down cleanly', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0027_client_credit_limit')).error).toBeUndefined();
      const workplace = (business: string, id: string, created: string, deleted = 0) =>
        sql`insert into workplaces (business_id, id, name, automated_point_id, is_deleted, dt_created, dt_updated)
            values (${business}, ${id}, ${id}, 'p1', ${deleted}, ${created}, ${created})`.execute(db);
      await workplace('b1', 'w-late', '2026-11-03T10:00:00.000Z');
      await workplace('b1', 'w-first', '2026-11-01T10:00:00.000Z');
      await workplace('b1', 'w-gone', '2026-11-02T10:00:00.000Z', 1);
      await workplace('b2', 'w-other', '2026-11-05T10:00:00.000Z');

      expect(await migrateToLatest(db)).toContain('0029_order_numbers_discount_approver');
      const numbers = await sql<{
        id: string;
        number: number | bigint;
      }>`select id, number from workplaces order by business_id, id`.execute(db);
      expect(numbers.rows.map((row) => [row.id, Number(row.number)])).toEqual([
        ['w-first', 1],
        ['w-gone', 2],
        ['w-late', 3],
        ['w-other', 1],
      ]);
      await expect(sql`update workplaces set number = 1 where id = 'w-late'`.execute(db)).rejects.toThrow();
      if (engine === 'sqlite') {
        const columns = await sql<{ name: string }>`select name from pragma_table_info('orders')`.execute(db);
        expect(columns.rows.map((row) => row.name)).toContain('discount_approved_by');
        // SQLite's triggers list the table's columns: the numbers given reach the change log like any change.
        const captured = await sql<{ row: string }>`select row from sync_pending where tbl = 'workplaces'`.execute(db);
        expect(captured.rows.map((entry) => entry.row).join()).toContain('"number":3');
      } else {
        const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'orders'`.execute(db);
        expect(columns.rows.map((row) => row.column_name)).toContain('discount_approved_by');
      }

      expect((await migrator.migrateTo('0027_client_credit_limit')).error).toBeUndefined();
      const back = await sql<Record<string, unknown>>`select * from workplaces where id = 'w-first'`.execute(db);
      expect(Object.keys(back.rows[0] ?? {})).not.toContain('number');
      expect(back.rows[0]).toMatchObject({ name: 'w-first' });
    } finally {
      await dispose();
    }
  });
});
