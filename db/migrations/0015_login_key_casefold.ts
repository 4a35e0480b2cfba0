/**
 * Recomputes every user's `login_key` with full case folding (issue 13 §2.3). The key used to be
 * `NFKC → trim → toLowerCase`, which keeps `ß`/`ẞ`/`ss` and `ς`/`σ` apart, so `STRASSE` and `straße` could be two
 * accounts that look alike. The service now computes it as `NFKC → trim → lower → upper → lower → NFKC`
 * (shared/identity-text.ts); stored keys must match or such users could no longer log in.
 *
 * The fold is copied here, not imported, so this migration does the same thing forever. An account whose new key
 * is already another account's key keeps its old one (the unique index stays intact; accounts are visited oldest
 * first): it then logs in only with a login of its exact old key until an owner renames it — the migration
 * cannot decide which of two people keeps a login.
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { sql, type Kysely } from 'kysely';

const foldedKey = (login: string) => login.normalize('NFKC').trim().toLowerCase().toUpperCase().toLowerCase().normalize('NFKC');

interface UserKey {
  id: string;
  login: string;
  login_key: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const users = await sql<UserKey>`select id, login, login_key from users order by dt_created, id`.execute(db);
  const taken = new Set(users.rows.map((user) => user.login_key));
  for (const user of users.rows) {
    const key = foldedKey(user.login);
    if (key === user.login_key || taken.has(key)) continue;
    await sql`update users set login_key = ${key} where id = ${user.id}`.execute(db);
    taken.delete(user.login_key);
    taken.add(key);
  }
}

/** The old keys are the old formula applied to the stored login; nothing was lost. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const users = await sql<UserKey>`select id, login, login_key from users order by dt_created, id`.execute(db);
  const taken = new Set(users.rows.map((user) => user.login_key));
  for (const user of users.rows) {
    const key = user.login.normalize('NFKC').trim().toLowerCase();
    if (key === user.login_key || taken.has(key)) continue;
    await sql`update users set login_key = ${key} where id = ${user.id}`.execute(db);
    taken.delete(user.login_key);
    taken.add(key);
  }
}
