/**
 * `terminal_health.clock_skew_seconds`: how far a till's OS clock was off when it reported (positive: ahead), in
 * seconds, while it is off by more than the till's threshold; null while it is right and for every report stored
 * before (docs/fleet-health.md). The fleet page shows it, so the owner can have the clock put right.
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('terminal_health').addColumn('clock_skew_seconds', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('terminal_health').dropColumn('clock_skew_seconds').execute();
}
