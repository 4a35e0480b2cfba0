import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { shapedQuery } from './shaped-query.js';

describe('statements built once per shape', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = openDatabase(':memory:');
    await migrateToLatest(handle.db as never);
  });
  afterAll(() => handle.close());

  const now = 'x';
  const insert = (id: string, name: string) =>
    shapedQuery(handle.db, 'test-measurement', { id, name, now }, (v) =>
      handle.db.insertInto('measurements').values({ business_id: 'b', id: v.id, name: v.name, is_deleted: 0, dt_created: v.now, dt_updated: v.now }),
    );

  it('builds a shape once and binds each call’s own values', async () => {
    const build = vi.fn((v: { id: string; name: string }) => handle.db.selectFrom('measurements').select('name').where('id', '=', v.id).where('name', '=', v.name));
    await handle.db.executeQuery(insert('m1', 'pcs'));
    await handle.db.executeQuery(insert('m2', "kg'; drop table measurements; --"));
    for (const [id, name] of [['m1', 'pcs'], ['m2', "kg'; drop table measurements; --"]] as const) {
      const found = await handle.db.executeQuery(shapedQuery(handle.db, 'test-find', { id, name }, build));
      expect(found.rows).toEqual([{ name }]);
    }
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('refuses a shape that transforms, drops or writes a value into its text', () => {
    expect(() => shapedQuery(handle.db, 'test-transformed', { name: 'a' }, (v) => handle.db.selectFrom('measurements').select('id').where('name', '=', `${v.name}%`))).toThrow(
      'transformed',
    );
    expect(() => shapedQuery(handle.db, 'test-unbound', { name: 'a', id: 'b' }, (v) => handle.db.selectFrom('measurements').select('id').where('name', '=', v.name))).toThrow(
      'id never bound',
    );
    expect(() => shapedQuery(handle.db, 'test-in-text', { name: 'a' }, (v) => handle.db.selectFrom('measurements').select('id').where(sql.raw<boolean>(`name = '${v.name}'`)))).toThrow(
      'SQL text',
    );
  });
});
