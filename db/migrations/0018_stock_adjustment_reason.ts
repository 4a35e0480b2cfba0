/**
 * Adds `adjustment_reason` to the stock ledger: why a cashier or manager set a stock row's quantity by hand
 * (count correction, damage, expiry, theft, other), stored with the adjustment's own ledger entry so the row's
 * history can say it. Nullable: entries made before, by documents, or without a reason (the reference's body has
 * none) have no adjustment reason.
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stock_moves').addColumn('adjustment_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stock_moves').dropColumn('adjustment_reason').execute();
}
