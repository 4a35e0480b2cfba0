/**
 * Migration 0022 adds an index on items by business and name (the catalogue import's match by name) over items
 * already stored, changes no row, and going back down removes only the index.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../migrate.js';
import { emptyDatabase, testEngines } from '../../test/helpers/databases.js';

async function indexNames(db: Kysely<unknown>, engine: string): Promise<string[]> {
  const rows =
    engine === 'postgres'
      ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'items'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'items'`.execute(db);
  return rows.rows.map((row) => row.name);
}

describe.each(await testEngines())('migration 0022 on %s', (engine) => {
  it('indexes items by name without changing them, and drops only that index going down', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0020_terminal_health')).error).toBeUndefined();
      await sql`insert into items (business_id, id, name, measurement, price, type, pictures, is_menu, is_service, allow_pickup, allow_delivery, is_deleted, dt_created, dt_updated)
                values ('b1', 'i1', 'Tea', 'pcs', 1250, 'ITEM', '[]', 0, 0, 0, 0, 0, '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z')`.execute(db);
      expect(await indexNames(db, engine)).not.toContain('items_name_ix');

      expect(await migrateToLatest(db)).toContain('0022_items_name_index');
      expect(await indexNames(db, engine)).toContain('items_name_ix');
      const rows = await sql<{ name: string; price: bigint | string }>`select name, price from items where business_id = 'b1' and name = 'Tea'`.execute(db);
      expect(rows.rows.map((row) => [row.name, BigInt(row.price)])).toEqual([['Tea', 1250n]]);

      expect((await migrator.migrateTo('0020_terminal_health')).error).toBeUndefined();
      expect(await indexNames(db, engine)).not.toContain('items_name_ix');
      expect(await indexNames(db, engine)).toContain('items_shtrix_ix');
    } finally {
      await dispose();
    }
  });
});
