/**
 * Migration 0015 over users registered under the old key (0013 → 0015): keys are case-folded so existing
 * `ß`/`ς` logins still match what the service computes, an account whose new key another account already holds
 * keeps its old one (the unique index never breaks), and the migration rolls back.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../migrate.js';
import { loginKey } from '../../shared/identity-text.js';
import { emptyDatabase, testEngines } from '../../test/helpers/databases.js';
import * as casefold from './0015_login_key_casefold.js';

const oldKey = (login: string) => login.normalize('NFKC').trim().toLowerCase();

describe.each(await testEngines())('migration 0015 on %s', (engine) => {
  it('case-folds stored login keys as the service now computes them, keeping the old key on a collision, and rolls back', async () => {
    const { handle, dispose } = await emptyDatabase(engine);
    try {
      const db = handle.db as unknown as Kysely<unknown>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0013_ledger_pair_index')).error).toBeUndefined();
      await sql`insert into businesses (id, name, is_deleted, dt_created, dt_updated) values ('b1', 'Shop', 0, 'x', 'x')`.execute(db);
      const users = [
        { id: 'u1', login: 'Straße', created: '2026-01-01' },
        { id: 'u2', login: 'ΟΔΥΣΣΕΥΣ', created: '2026-01-02' },
        { id: 'u3', login: 'plain', created: '2026-01-03' },
        // Under the old key these two were different accounts; under the new one both are "kass".
        { id: 'u4', login: 'KASS', created: '2026-01-04' },
        { id: 'u5', login: 'kaß', created: '2026-01-05' },
      ];
      for (const user of users) {
        await sql`insert into users (id, business_id, login, login_key, password_hash, role, is_deleted, dt_created, dt_updated)
                  values (${user.id}, 'b1', ${user.login}, ${oldKey(user.login)}, 'h', 'OWNER', 0, ${user.created}, ${user.created})`.execute(db);
      }
      const keys = async () => Object.fromEntries((await sql<{ id: string; login_key: string }>`select id, login_key from users order by id`.execute(db)).rows.map((row) => [row.id, row.login_key]));

      expect((await migrator.migrateTo('0015_login_key_casefold')).error).toBeUndefined();
      expect(await keys()).toEqual({ u1: loginKey('Straße'), u2: loginKey('ΟΔΥΣΣΕΥΣ'), u3: 'plain', u4: 'kass', u5: 'kaß' });
      expect((await keys()).u1).toBe('strasse');
      expect(loginKey('STRASSE')).toBe('strasse');
      expect(loginKey('ẞ')).toBe('ss');
      expect(loginKey('οδυσσευσ')).toBe(loginKey('ΟΔΥΣΣΕΥΣ'));

      await casefold.down(db);
      expect(await keys()).toEqual(Object.fromEntries(users.map((user) => [user.id, oldKey(user.login)])));
    } finally {
      await dispose();
    }
  });
});
