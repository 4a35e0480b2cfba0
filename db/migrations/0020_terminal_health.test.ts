/**
 * Migration 0020 over a database with enrolled terminals: it adds an empty health table keyed by business and
 * terminal (one report per terminal), and going back down removes it without touching the terminals.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../migrate.js';
import { emptyDatabase, testEngines } from '../../test/helpers/databases.js';

const terminal = sql`
  insert into terminals (business_id, id, workplace_id, name, enrollment_code_id, enrolled_by, enrolled_at, dt_created, dt_updated)
  values ('b1', 't1', 'w1', 'Till', 'c1', 'u1', '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z')`;
const report = (outbox: number) => sql`
  insert into terminal_health (business_id, terminal_id, seen_at, reported_at, protocol_version, outbox_depth)
  values ('b1', 't1', '2026-11-25T10:00:00.000Z', '2026-11-25T10:00:00.000Z', 2, ${outbox})`;

describe.each(await testEngines())('migration 0020 on %s', (engine) => {
  it('adds one health row per terminal beside the terminals already enrolled, and drops it going down', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0019_receipt_prices_debt_payments')).error).toBeUndefined();
      await terminal.execute(db);

      expect(await migrateToLatest(db)).toContain('0020_terminal_health');
      await report(3).execute(db);
      await expect(report(4).execute(db)).rejects.toThrow();
      const rows = await sql<{ outbox_depth: bigint | string }>`select outbox_depth from terminal_health`.execute(db);
      expect(rows.rows.map((row) => BigInt(row.outbox_depth))).toEqual([3n]);

      expect((await migrator.migrateTo('0019_receipt_prices_debt_payments')).error).toBeUndefined();
      await expect(sql`select 1 from terminal_health`.execute(db)).rejects.toThrow();
      expect((await sql<{ n: bigint | string }>`select count(*) as n from terminals`.execute(db)).rows.map((row) => BigInt(row.n))).toEqual([1n]);
    } finally {
      await dispose();
    }
  });
});
