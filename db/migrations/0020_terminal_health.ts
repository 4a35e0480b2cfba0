/**
 * `terminal_health`: the last health report of each enrolled terminal (docs/fleet-health.md), written by its
 * pulls and read by the console's fleet page. One row per terminal, replaced by each report that differs (or
 * each minute, to keep `seen_at` fresh). Not mirrored to tills and not in the change log: it describes the
 * tills, not the business's data.
 *
 * - `seen_at`: the service's time of the terminal's last pull (any protocol version); `reported_at`: of the last
 *   report carrying health (null for a protocol 1 terminal).
 * - `oldest_unsent_age_seconds` is as the till measured it at `reported_at`, by its own clock; the age now is that
 *   plus the service's time since, so the two clocks need not agree.
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('terminal_health')
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('terminal_id', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addColumn('reported_at', 'text')
    .addColumn('protocol_version', 'integer', (c) => c.notNull())
    .addColumn('app_version', 'text')
    .addColumn('os', 'text')
    .addColumn('outbox_depth', 'bigint')
    .addColumn('oldest_unsent_age_seconds', 'bigint')
    .addColumn('needs_attention', 'bigint')
    .addColumn('last_sync_error', 'text')
    .addColumn('last_sync_error_at', 'text')
    .addColumn('printer_status', 'text')
    .addColumn('printer_detail', 'text')
    .addPrimaryKeyConstraint('terminal_health_pk', ['business_id', 'terminal_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('terminal_health').execute();
}
