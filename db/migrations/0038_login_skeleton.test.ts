/**
 * Migration 0038 over a database with users: each gets its login's skeleton, oldest first; a look-alike registered
 * before it keeps NULL and its login; the unique index then refuses another look-alike; going down drops the column.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../migrate.js';
import { emptyDatabase, testEngines } from '../../test/helpers/databases.js';

const user = (id: string, login: string, created: string, skeleton?: string) =>
  skeleton === undefined
    ? sql`insert into users (id, business_id, login, login_key, password_hash, role, dt_created, dt_updated)
          values (${id}, 'b1', ${login}, ${login.toLowerCase()}, 'scrypt$x', 'OWNER', ${created}, ${created})`
    : sql`insert into users (id, business_id, login, login_key, login_skeleton, password_hash, role, dt_created, dt_updated)
          values (${id}, 'b1', ${login}, ${login.toLowerCase()}, ${skeleton}, 'scrypt$x', 'OWNER', ${created}, ${created})`;

describe.each(await testEngines())('migration 0038 on %s', (engine) => {
  it('gives every user its skeleton, keeps an older look-alike’s login with none, and makes the skeleton unique', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
      expect((await migrator.migrateTo('0037_mutation_duplicates')).error).toBeUndefined();
      await sql`insert into businesses (id, name, is_deleted, dt_created, dt_updated) values ('b1', 'Cafe', 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(db);
      await user('u2', '\u0405hop', '2026-02-01T00:00:00.000Z').execute(db);
      await user('u1', 'Shop', '2026-01-01T00:00:00.000Z').execute(db);
      await user('u3', 'Cafe-0wner', '2026-03-01T00:00:00.000Z').execute(db);

      expect(await migrateToLatest(db)).toContain('0038_login_skeleton');
      const rows = await sql<{ id: string; login: string; login_skeleton: string | null }>`select id, login, login_skeleton from users order by id`.execute(db);
      expect(rows.rows).toEqual([
        { id: 'u1', login: 'Shop', login_skeleton: 'shop' },
        { id: 'u2', login: '\u0405hop', login_skeleton: null },
        { id: 'u3', login: 'Cafe-0wner', login_skeleton: 'cafe-owner' },
      ]);
      await expect(user('u4', 'Sh\u03bfp', '2026-04-01T00:00:00.000Z', 'shop').execute(db)).rejects.toThrow();

      expect((await migrator.migrateTo('0037_mutation_duplicates')).error).toBeUndefined();
      await user('u4', 'Sh\u03bfp', '2026-04-01T00:00:00.000Z').execute(db);
    } finally {
      await dispose();
    }
  });
});
