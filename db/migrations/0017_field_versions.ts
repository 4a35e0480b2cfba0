/**
 * Per-field versions of descriptive records (docs/sync.md, "Descriptive edits: the newer edit wins").
 *
 * Why: a descriptive field (an item's name, a client's phone) took whichever edit ARRIVED last, so a till offline
 * since 9:00 that renamed an item at 9:30 and synced at 11:00 overwrote the office's rename of 10:00. Each field a
 * descriptive update sets now keeps the hybrid-logical-clock time of the edit that set it; an edit older than that
 * leaves the field alone, whatever the order edits arrive in.
 *
 * A side table rather than a column on each descriptive table: the mirrored tables (and so every till's copy and
 * every pull page) stay as they are, and a row nobody has edited since costs nothing. Keyed by (business, table,
 * row, field); `version` is the text of an HLC stamp (`2026-11-22T09:58:11.004Z-0003-<node>`, shared/sync/hlc.ts),
 * which sorts as the clock orders. Service-side only: it is not captured, so tills never receive it.
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('field_versions')
    .addColumn('business_id', 'text', (column) => column.notNull())
    .addColumn('tbl', 'text', (column) => column.notNull())
    .addColumn('row_id', 'text', (column) => column.notNull())
    .addColumn('field', 'text', (column) => column.notNull())
    .addColumn('version', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('field_versions_pk', ['business_id', 'tbl', 'row_id', 'field'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('field_versions').execute();
}
