/**
 * Migration 0028 adds `printers.automated_point_id` (null for every printer already stored: their `type` text still
 * says where they print) and re-installs the printer's change capture so the new column reaches the tills; going
 * down removes only that column.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../migrate.js';
import { emptyDatabase, testEngines } from '../../test/helpers/databases.js';

describe.each(await testEngines())('migration 0028 on %s', (engine) => {
  it('gives stored printers no point, keeps them, captures a point set later, and goes down cleanly', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0027_client_credit_limit')).error).toBeUndefined();
      await sql`insert into printers (business_id, id, name, type, is_deleted, dt_created, dt_updated)
                values ('b1', 'p1', 'Kassa', 'receipt 58mm point=pt-1', 0, '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z')`.execute(db);

      expect(await migrateToLatest(db)).toContain('0028_printer_point');
      const rows = await sql<{ name: string; type: string; automated_point_id: unknown }>`select name, type, automated_point_id from printers where id = 'p1'`.execute(db);
      expect(rows.rows).toEqual([{ name: 'Kassa', type: 'receipt 58mm point=pt-1', automated_point_id: null }]);
      await sql`update printers set automated_point_id = 'pt-2', dt_updated = '2026-11-02T10:00:00.000Z' where id = 'p1'`.execute(db);
      if (engine === 'sqlite') {
        // SQLite's triggers list the table's columns (PostgreSQL's take the whole row as jsonb whatever its columns).
        const captured = await sql<{ row: string }>`select row from sync_pending where tbl = 'printers'`.execute(db);
        expect(captured.rows.map((entry) => entry.row).join()).toContain('"automated_point_id":"pt-2"');
      }

      expect((await migrator.migrateTo('0027_client_credit_limit')).error).toBeUndefined();
      const back = await sql<Record<string, unknown>>`select * from printers where id = 'p1'`.execute(db);
      expect(Object.keys(back.rows[0] ?? {})).not.toContain('automated_point_id');
      expect(back.rows[0]).toMatchObject({ name: 'Kassa', type: 'receipt 58mm point=pt-1' });
    } finally {
      await dispose();
    }
  });
});
