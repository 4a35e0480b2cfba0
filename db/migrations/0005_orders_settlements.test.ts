/**
 * Migration 0005 over a database that already holds rows (0004 → 0005): existing points get no default
 * warehouse, existing payment methods the kind OTHER, and every new table has the tenant first in its key.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../migrate.js';
import { emptyDatabase, testEngines } from '../../test/helpers/databases.js';
import { primaryKey } from '../../test/helpers/schema.js';

describe.each(await testEngines())('migration 0005 on %s', (engine) => {
  it('keeps the points and payment methods a database already has, with no default warehouse and kind OTHER', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const before = await migrator.migrateTo('0004_stock_documents');
      expect(before.error).toBeUndefined();
      const now = new Date().toISOString();
      const row = { business_id: 'b1', is_deleted: 0, dt_created: now, dt_updated: now };
      await sql`insert into points (business_id, id, name, guid, is_deleted, dt_created, dt_updated)
                values (${row.business_id}, 'p1', 'Shop', null, 0, ${now}, ${now})`.execute(db);
      await sql`insert into payment_methods (business_id, id, name, guid, is_deleted, dt_created, dt_updated)
                values (${row.business_id}, 'm1', 'Cash', null, 0, ${now}, ${now})`.execute(db);
      expect(await migrateToLatest(db)).toContain('0005_orders_settlements');
      const point = (
        await sql<{ name: string; default_warehouse_id: string | null }>`select name, default_warehouse_id from points`.execute(
          db,
        )
      ).rows;
      expect(point).toEqual([{ name: 'Shop', default_warehouse_id: null }]);
      const method = (await sql<{ name: string; kind: string }>`select name, kind from payment_methods`.execute(db)).rows;
      expect(method).toEqual([{ name: 'Cash', kind: 'OTHER' }]);
      for (const table of [
        'orders',
        'order_lines',
        'order_discounts',
        'order_taxes',
        'order_deliveries',
        'order_payments',
        'settlements',
        'settlement_totals',
      ]) {
        expect(await primaryKey(engine, db, table), table).toEqual(['business_id', 'id']);
      }
    } finally {
      await dispose();
    }
  });

  it('allows one open settlement per business, and any number of closed ones', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      await migrateToLatest(db);
      const now = new Date().toISOString();
      const insert = (business: string, id: string, closed: number) =>
        sql`insert into settlements (business_id, id, name, dt_closed, is_closed, is_deleted, dt_created, dt_updated)
            values (${business}, ${id}, 'S', null, ${closed}, 0, ${now}, ${now})`.execute(db);
      await insert('b1', 's1', 0);
      await insert('b1', 's2', 1);
      await insert('b1', 's3', 1);
      await insert('b2', 's4', 0);
      await expect(insert('b1', 's5', 0)).rejects.toThrow();
    } finally {
      await dispose();
    }
  });
});
