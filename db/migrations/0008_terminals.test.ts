/**
 * Migration 0008 (terminals and their sync state): the tenant first in every key, one result per mutation id per
 * business, and the migration can be rolled back and applied again.
 */
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshDatabase, testEngines } from '../../test/helpers/databases.js';
import * as terminals from './0008_terminals.js';
import { primaryKey } from '../../test/helpers/schema.js';

const KEYS: Record<string, string[]> = {
  enrollment_codes: ['business_id', 'id'],
  terminals: ['business_id', 'id'],
  sync_clients: ['business_id', 'terminal_id', 'epoch'],
  sync_mutations: ['business_id', 'terminal_id', 'epoch', 'seq'],
};

describe.each(await testEngines())('migration 0008 on %s', (engine) => {
  it('creates the terminal and sync-state tables with the tenant first in every key, and rolls back', async () => {
    const database = await freshDatabase(engine);
    const db = database.db as unknown as Kysely<unknown>;
    try {
      for (const [table, key] of Object.entries(KEYS)) expect(await primaryKey(engine, db, table), table).toEqual(key);
      const now = new Date().toISOString();
      const mutation = (business: string, seq: number, mutationId: string) =>
        sql`insert into sync_mutations (business_id, terminal_id, epoch, seq, mutation_id, name, op_version, args, args_digest, received_at, status)
            values (${business}, 't1', 'e1', ${seq}, ${mutationId}, 'ReceiptController_create', 1, '{}', 'x', ${now}, 'applied')`.execute(db);
      await mutation('b1', 1, 'm1');
      // A mutation id is applied once per business: a retry under another seq is caught by the index.
      await expect(mutation('b1', 2, 'm1')).rejects.toThrow();
      await mutation('b2', 1, 'm1');

      await terminals.down(db);
      await expect(sql`select 1 from terminals`.execute(db)).rejects.toThrow();
      await terminals.up(db);
      for (const [table, key] of Object.entries(KEYS)) expect(await primaryKey(engine, db, table), table).toEqual(key);
    } finally {
      await database.dispose();
    }
  });
});
