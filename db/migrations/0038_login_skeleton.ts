/**
 * `users.login_skeleton` (issue 28 §3, server/platform/login-skeleton.ts): the form two logins share when they look
 * alike (`Ѕhop`, `shоp`, `shορ`, `shóp` and `shop`), unique, so a look-alike of an existing login is refused even
 * when two registrations race.
 *
 * Existing users get theirs here, oldest first. A user whose skeleton an older user already holds — a look-alike
 * registered before this migration — keeps a NULL skeleton (both engines let a unique index hold many NULLs): it
 * keeps its login and signs in as before, and a login it could be confused with can still not be added, because the
 * older user's skeleton is the same. The migration cannot decide which of two people should lose a login.
 *
 * The skeleton's formula is copied here, not imported, so this migration does the same thing forever.
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { sql, type Kysely } from 'kysely';
import unhomoglyph from 'unhomoglyph';

const skeletonOf = (login: string) =>
  unhomoglyph(login.normalize('NFKC').trim().toLowerCase().toUpperCase().toLowerCase().normalize('NFKC').normalize('NFD'))
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '');

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('login_skeleton', 'text').execute();
  const users = await sql<{ id: string; login: string }>`select id, login from users order by dt_created, id`.execute(db);
  const taken = new Set<string>();
  for (const user of users.rows) {
    const skeleton = skeletonOf(user.login);
    if (taken.has(skeleton)) continue;
    taken.add(skeleton);
    await sql`update users set login_skeleton = ${skeleton} where id = ${user.id}`.execute(db);
  }
  await db.schema.createIndex('users_login_skeleton_uq').on('users').column('login_skeleton').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_login_skeleton_uq').execute();
  await db.schema.alterTable('users').dropColumn('login_skeleton').execute();
}
