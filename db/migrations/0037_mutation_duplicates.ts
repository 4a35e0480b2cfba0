/**
 * An operation is its mutation id, whichever queue brings it (docs/sync.md, "Disasters"): a till and a copy of it,
 * or a till sending again what a restored service lost, may both send one operation under different queues. The
 * first is applied; a later one is answered from what the first stored and only moves its own queue on — it is kept
 * as a row of that queue naming the first (`duplicate_of`: terminal, epoch and seq), so the queue's position and its
 * acknowledgements stay whole. The mutation id stays unique among the operations that ran.
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sync_mutations').addColumn('duplicate_of', 'text').execute();
  await db.schema.dropIndex('sync_mutations_mutation_uq').execute();
  await db.schema
    .createIndex('sync_mutations_mutation_uq')
    .on('sync_mutations')
    .columns(['business_id', 'mutation_id'])
    .unique()
    .where(sql.ref('duplicate_of'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.deleteFrom('sync_mutations' as never).where(sql.ref('duplicate_of'), 'is not', null).execute();
  await db.schema.dropIndex('sync_mutations_mutation_uq').execute();
  await db.schema.createIndex('sync_mutations_mutation_uq').on('sync_mutations').columns(['business_id', 'mutation_id']).unique().execute();
  await db.schema.alterTable('sync_mutations').dropColumn('duplicate_of').execute();
}
