/**
 * An index on items by name: the catalogue import (docs/catalogue-import.md) matches a row without a known barcode
 * to the item of the same name, a thousand names per batch; without it every batch scanned all of the business's
 * items (a 100,000-row file: a hundred full scans of a growing table).
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('items_name_ix').on('items').columns(['business_id', 'name']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('items_name_ix').execute();
}
