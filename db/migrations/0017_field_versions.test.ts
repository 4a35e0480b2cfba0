/**
 * Migration 0017 (per-field versions of descriptive records): one version per business, table, row and field,
 * tenant first in the key; the migration can be rolled back and applied again.
 */
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshDatabase, testEngines } from '../../test/helpers/databases.js';
import { primaryKey } from '../../test/helpers/schema.js';
import * as fieldVersions from './0017_field_versions.js';

describe.each(await testEngines())('migration 0017 on %s', (engine) => {
  it('keeps one version per business, table, row and field, tenant first, and rolls back', async () => {
    const database = await freshDatabase(engine);
    const db = database.db as unknown as Kysely<unknown>;
    try {
      expect(await primaryKey(engine, db, 'field_versions')).toEqual(['business_id', 'tbl', 'row_id', 'field']);
      const keep = (business: string, field: string) =>
        sql`insert into field_versions (business_id, tbl, row_id, field, version)
            values (${business}, 'items', 'i1', ${field}, '2026-11-22T09:58:11.004Z-0000-t1')`.execute(db);
      await keep('b1', 'name');
      await expect(keep('b1', 'name')).rejects.toThrow();
      await keep('b1', 'price');
      await keep('b2', 'name');

      await fieldVersions.down(db);
      await expect(sql`select 1 from field_versions`.execute(db)).rejects.toThrow();
      await fieldVersions.up(db);
      expect(await primaryKey(engine, db, 'field_versions')).toEqual(['business_id', 'tbl', 'row_id', 'field']);
    } finally {
      await database.dispose();
    }
  });
});
