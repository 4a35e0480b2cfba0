/**
 * Migration 0037 over a database with pushed operations: the mutation id stays unique among the operations that ran,
 * and a later sending of one under another queue can be kept as a row naming the first; going down removes those rows
 * and the column.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../migrate.js';
import { emptyDatabase, testEngines } from '../../test/helpers/databases.js';

const pushed = (epoch: string, duplicateOf?: string) =>
  duplicateOf === undefined
    ? sql`insert into sync_mutations (business_id, terminal_id, epoch, seq, mutation_id, name, op_version, args, args_digest, received_at, status, result)
          values ('b1', 't1', ${epoch}, 1, 'm1', 'ClientDebtController_createTransaction', 1, '{}', 'd', '2026-11-01T10:00:00.000Z', 'applied', '{"warnings":[]}')`
    : sql`insert into sync_mutations (business_id, terminal_id, epoch, seq, mutation_id, name, op_version, args, args_digest, received_at, status, result, duplicate_of)
          values ('b1', 't1', ${epoch}, 1, 'm1', 'ClientDebtController_createTransaction', 1, '{}', 'd', '2026-11-01T10:00:00.000Z', 'applied', '{"warnings":[]}', ${duplicateOf})`;

describe.each(await testEngines())('migration 0037 on %s', (engine) => {
  it('keeps a mutation id unique among the operations that ran, beside rows that answer it under other queues', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
      expect((await migrator.migrateTo('0036_sale_numbers')).error).toBeUndefined();
      await pushed('e-1').execute(db);

      expect(await migrateToLatest(db)).toContain('0037_mutation_duplicates');
      await expect(pushed('e-2').execute(db)).rejects.toThrow();
      await pushed('e-2', 't1:e-1:1').execute(db);
      await pushed('e-3', 't1:e-1:1').execute(db);
      const rows = await sql<{ epoch: string; duplicate_of: string | null }>`select epoch, duplicate_of from sync_mutations order by epoch`.execute(db);
      expect(rows.rows).toEqual([
        { epoch: 'e-1', duplicate_of: null },
        { epoch: 'e-2', duplicate_of: 't1:e-1:1' },
        { epoch: 'e-3', duplicate_of: 't1:e-1:1' },
      ]);

      expect((await migrator.migrateTo('0036_sale_numbers')).error).toBeUndefined();
      expect((await sql<{ epoch: string }>`select epoch from sync_mutations`.execute(db)).rows).toEqual([{ epoch: 'e-1' }]);
      await expect(pushed('e-2').execute(db)).rejects.toThrow();
    } finally {
      await dispose();
    }
  });
});
