/**
 * Migration 0018 over a ledger that already holds entries: they keep every value and read as having no adjustment
 * reason; new entries can carry one; and going back down removes the column without touching the entries.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../migrate.js';
import { emptyDatabase, testEngines } from '../../test/helpers/databases.js';

const entry = (id: string) => sql`
  insert into stock_moves (business_id, id, item_id, warehouse_id, delta, reason, doc_type, doc_id, actor_id, dt_created)
  values ('b1', ${id}, 'i1', 'w1', 2500, 'adjustment', 'stock_list', 's1', 'u1', '2026-03-01T10:00:00.000Z')`;

describe.each(await testEngines())('migration 0018 on %s', (engine) => {
  it('adds a nullable adjustment reason to the stock ledger, keeping the entries already there', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0013_ledger_pair_index')).error).toBeUndefined();
      await entry('m1').execute(db);

      expect(await migrateToLatest(db)).toContain('0018_stock_adjustment_reason');
      await sql`insert into stock_moves (business_id, id, item_id, warehouse_id, delta, reason, doc_type, doc_id, actor_id, dt_created, adjustment_reason)
                values ('b1', 'm2', 'i1', 'w1', -500, 'adjustment', 'stock_list', 's1', 'u1', '2026-03-02T10:00:00.000Z', 'damage')`.execute(db);
      const rows = await sql<{ id: string; delta: bigint | string; adjustment_reason: string | null }>`
        select id, delta, adjustment_reason from stock_moves order by id`.execute(db);
      expect(rows.rows.map((row) => [row.id, BigInt(row.delta), row.adjustment_reason])).toEqual([
        ['m1', 2500n, null],
        ['m2', -500n, 'damage'],
      ]);

      expect((await migrator.migrateTo('0013_ledger_pair_index')).error).toBeUndefined();
      const after = await sql<Record<string, unknown>>`select * from stock_moves order by id`.execute(db);
      expect(after.rows.map((row) => row.id)).toEqual(['m1', 'm2']);
      expect(Object.keys(after.rows[0] ?? {})).not.toContain('adjustment_reason');
    } finally {
      await dispose();
    }
  });
});
