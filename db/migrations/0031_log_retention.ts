/**
 * What compaction of the change log needs (app/sync/compaction.ts, docs/sync.md "Compaction and the retention
 * floor"): written against the log's tables, never its capture, so it works whether triggers or logical decoding
 * fill `sync_log`.
 *
 * - `sync_retention`: per business, the retention floor (a pull whose cursor is below it is answered with a
 *   `CURSOR_BEFORE_RETENTION` reset; the log holds nothing at or below it) and how far compaction has gone
 *   (`compacted_to`: in (floor, compacted_to] the log holds only the latest entry of each record).
 * - `sync_log_keys`: in the compacted part, where each record's one entry is (version and scope of the sync_log
 *   record holding it), so compacting newer versions finds the superseded entry without reading the whole log.
 * - `sync_version_marks`: the business's head version as seen at a time. Versions carry no time; the horizon and
 *   the tombstone time are durations, and a mark turns "seven days ago" into a version.
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sync_retention')
    .addColumn('business_id', 'text', (c) => c.primaryKey())
    .addColumn('floor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('compacted_to', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('sync_log_keys')
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('tbl', 'text', (c) => c.notNull())
    .addColumn('row_id', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_log_keys_pk', ['business_id', 'tbl', 'row_id'])
    .execute();
  // Raising the floor forgets the keys at or below it.
  await db.schema.createIndex('sync_log_keys_by_version').on('sync_log_keys').columns(['business_id', 'version']).execute();
  await db.schema
    .createTable('sync_version_marks')
    .addColumn('business_id', 'text', (c) => c.notNull())
    // Milliseconds since the epoch.
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_version_marks_pk', ['business_id', 'at_ms'])
    .execute();
}

/** Drops the compaction's own tables (the log keeps whatever compaction left in it: still a valid log). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sync_version_marks').ifExists().execute();
  await db.schema.dropTable('sync_log_keys').ifExists().execute();
  await db.schema.dropTable('sync_retention').ifExists().execute();
}
