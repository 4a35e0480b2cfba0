/**
 * Auth security state: the PIN-login failure counter and lock of each workplace, and the pending logins that a
 * second verification completes.
 *
 * The PIN counter lives on the workplace, not the employee: a wrong PIN matches nobody, so the only thing a
 * failure can be charged to is the workplace it was tried at — and that is exactly what slows a brute force
 * across the whole 10,000-PIN space (see docs/api/auth.md).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('workplaces').addColumn('pin_failures', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('workplaces').addColumn('pin_locked_until', 'text').execute();
  await db.schema
    .createTable('pending_logins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dt_created', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pending_logins_user_ix').on('pending_logins').columns(['user_id', 'expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_logins').execute();
  await db.schema.alterTable('workplaces').dropColumn('pin_locked_until').execute();
  await db.schema.alterTable('workplaces').dropColumn('pin_failures').execute();
}
