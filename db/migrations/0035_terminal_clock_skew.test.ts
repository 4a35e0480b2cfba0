/**
 * Migration 0035 adds `terminal_health.clock_skew_seconds`: reports stored before keep their fields and have no
 * skew; a skew either way is kept; going down removes only that column.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../migrate.js';
import { emptyDatabase, testEngines } from '../../test/helpers/databases.js';

describe.each(await testEngines())('migration 0035 on %s', (engine) => {
  it('gives stored reports no clock skew, keeps a skew ahead or behind, and goes down cleanly', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0032_logical_capture')).error).toBeUndefined();
      await sql`insert into terminal_health (business_id, terminal_id, seen_at, protocol_version, app_version)
                values ('b1', 't1', '2026-11-01T10:00:00.000Z', 2, '0.1.0')`.execute(db);

      expect(await migrateToLatest(db)).toContain('0035_terminal_clock_skew');
      const skewOf = async () => (await sql<{ skew: unknown }>`select clock_skew_seconds as skew from terminal_health where terminal_id = 't1'`.execute(db)).rows[0]?.skew;
      expect(await skewOf()).toBeNull();
      for (const skew of [63_072_000, -600]) {
        await sql`update terminal_health set clock_skew_seconds = ${skew} where terminal_id = 't1'`.execute(db);
        expect(Number(await skewOf())).toBe(skew);
      }

      expect((await migrator.migrateTo('0032_logical_capture')).error).toBeUndefined();
      const back = await sql<Record<string, unknown>>`select * from terminal_health where terminal_id = 't1'`.execute(db);
      expect(Object.keys(back.rows[0] ?? {})).not.toContain('clock_skew_seconds');
      expect(back.rows[0]).toMatchObject({ app_version: '0.1.0' });
    } finally {
      await dispose();
    }
  });
});
