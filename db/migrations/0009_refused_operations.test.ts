/**
 * Migration 0009 (operations a revoked terminal pushed): the tenant first in the key, one row per terminal and
 * mutation id, and the migration can be rolled back and applied again.
 */
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshDatabase, testEngines } from '../../test/helpers/databases.js';
import { primaryKey } from '../../test/helpers/schema.js';
import * as refused from './0009_refused_operations.js';

describe.each(await testEngines())('migration 0009 on %s', (engine) => {
  it('keeps one refused operation per terminal and mutation id, tenant first, and rolls back', async () => {
    const database = await freshDatabase(engine);
    const db = database.db as unknown as Kysely<unknown>;
    try {
      expect(await primaryKey(engine, db, 'refused_operations')).toEqual(['business_id', 'terminal_id', 'mutation_id']);
      const keep = (business: string, mutationId: string) =>
        sql`insert into refused_operations (business_id, terminal_id, mutation_id, epoch, seq, name, employee_id, occurred_at, payload, reason, received_at)
            values (${business}, 't1', ${mutationId}, 'e1', 1, 'ClientDebtController_createTransaction', 'emp', 'x', '{}', 'terminal-revoked', 'x')`.execute(db);
      await keep('b1', 'm1');
      await expect(keep('b1', 'm1')).rejects.toThrow();
      await keep('b2', 'm1');

      await refused.down(db);
      await expect(sql`select 1 from refused_operations`.execute(db)).rejects.toThrow();
      await refused.up(db);
      expect(await primaryKey(engine, db, 'refused_operations')).toEqual(['business_id', 'terminal_id', 'mutation_id']);
    } finally {
      await database.dispose();
    }
  });
});
