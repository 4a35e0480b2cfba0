/**
 * Migration 0033: shifts stored before it keep their count and gain an empty list of counts; a list written after
 * it reaches the change log the tills pull (SQLite's capture triggers list the columns); going down removes only
 * the column.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../migrate.js';
import { emptyDatabase, testEngines } from '../../test/helpers/databases.js';

const now = '2026-11-25T10:00:00.000Z';

describe.each(await testEngines())('migration 0033 on %s', (engine) => {
  it('keeps stored shifts and their count, logs a shift’s counts for the tills, and goes down cleanly', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0032_logical_capture')).error).toBeUndefined();
      await sql`
        insert into settlements (business_id, id, name, dt_closed, is_closed, workplace_id, opening_cash, counted_cash, expected_cash, is_deleted, dt_created, dt_updated)
        values ('b1', 's-closed', 'Morning', ${now}, 1, 'w1', 1000, 119000, 120000, 0, ${now}, ${now})`.execute(db);

      expect(await migrateToLatest(db)).toContain('0033_shift_counts');
      const kept = await sql<Record<string, unknown>>`select counted_cash, expected_cash, cash_counts from settlements where id = 's-closed'`.execute(db);
      expect(kept.rows.map((row) => [Number(row.counted_cash), Number(row.expected_cash), row.cash_counts])).toEqual([[119000, 120000, null]]);

      const counts = JSON.stringify([{ id: 'c1', source: 'office', counted_cash: '1190' }]);
      await sql`update settlements set cash_counts = ${counts} where id = 's-closed'`.execute(db);
      if (engine === 'sqlite') {
        const captured = await sql<{ row: string }>`select row from sync_pending where tbl = 'settlements'`.execute(db);
        expect(JSON.parse(captured.rows.at(-1)?.row ?? '{}')).toMatchObject({ id: 's-closed', cash_counts: counts });
      } else {
        // PostgreSQL logs from the write-ahead log: the table is still in the capture's publication.
        const published = await sql`select 1 from pg_publication_tables where pubname = 'kassa_capture' and tablename = 'settlements'`.execute(db);
        expect(published.rows).toHaveLength(1);
      }

      expect((await migrator.migrateTo('0032_logical_capture')).error).toBeUndefined();
      const back = await sql<Record<string, unknown>>`select * from settlements where id = 's-closed'`.execute(db);
      expect(Object.keys(back.rows[0] ?? {})).not.toContain('cash_counts');
      expect(Number(back.rows[0]?.counted_cash)).toBe(119000);
      // Still captured after the way down: SQLite's triggers were put back without the column.
      await sql`update settlements set name = 'Morning 2' where id = 's-closed'`.execute(db);
      if (engine === 'sqlite') {
        const captured = await sql<{ row: string }>`select row from sync_pending where tbl = 'settlements'`.execute(db);
        expect(JSON.parse(captured.rows.at(-1)?.row ?? '{}')).toMatchObject({ name: 'Morning 2' });
      }
    } finally {
      await dispose();
    }
  });
});
