/**
 * Migration 0027 adds `clients.credit_limit` (null for every client already stored: no limit) and re-installs the
 * client's change capture so the new column reaches the tills; going down removes only that column.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../migrate.js';
import { emptyDatabase, testEngines } from '../../test/helpers/databases.js';

describe.each(await testEngines())('migration 0027 on %s', (engine) => {
  it('gives stored clients no credit limit, keeps them, captures a limit set later, and goes down cleanly', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0022_items_name_index')).error).toBeUndefined();
      await sql`insert into clients (business_id, id, full_name, is_deleted, dt_created, dt_updated)
                values ('b1', 'c1', 'Aziza', 0, '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z')`.execute(db);

      expect(await migrateToLatest(db)).toContain('0027_client_credit_limit');
      const rows = await sql<{ full_name: string; credit_limit: unknown }>`select full_name, credit_limit from clients where id = 'c1'`.execute(db);
      expect(rows.rows).toEqual([{ full_name: 'Aziza', credit_limit: null }]);
      await sql`update clients set credit_limit = 2500000, dt_updated = '2026-11-02T10:00:00.000Z' where id = 'c1'`.execute(db);
      if (engine === 'sqlite') {
        // SQLite's triggers list the table's columns (PostgreSQL's take the whole row as jsonb whatever its columns).
        const captured = await sql<{ row: string }>`select row from sync_pending where tbl = 'clients'`.execute(db);
        expect(captured.rows.map((entry) => entry.row).join()).toContain('"credit_limit":2500000');
      }

      expect((await migrator.migrateTo('0022_items_name_index')).error).toBeUndefined();
      const back = await sql<Record<string, unknown>>`select * from clients where id = 'c1'`.execute(db);
      expect(Object.keys(back.rows[0] ?? {})).not.toContain('credit_limit');
      expect(back.rows[0]).toMatchObject({ full_name: 'Aziza' });
    } finally {
      await dispose();
    }
  });
});
