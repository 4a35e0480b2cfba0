/**
 * Operations pushed by a revoked terminal (docs/sync.md, "Revoked terminals"): refused — never applied — but kept,
 * so whatever a till did after its credential was revoked (a stolen till, or one revoked by mistake while it still
 * held unsent sales) is not silently lost. The back office lists them (`GET /sync/refused-operations`).
 *
 * One row per (business, terminal, mutation id): a terminal that retries the same batch adds nothing. The tenant
 * comes first in the key, as everywhere (0001).
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('refused_operations')
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('terminal_id', 'text', (c) => c.notNull())
    .addColumn('mutation_id', 'text', (c) => c.notNull())
    .addColumn('epoch', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    // The catalogue operationId, the employee who did it at the till, when (by the till's clock).
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('employee_id', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    // JSON text: {"params":…, "args":…, "basis":…} exactly as pushed.
    .addColumn('payload', 'text', (c) => c.notNull())
    // Why it was refused: 'terminal-revoked'.
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('refused_operations_pk', ['business_id', 'terminal_id', 'mutation_id'])
    .execute();
  await db.schema.createIndex('refused_operations_received_ix').on('refused_operations').columns(['business_id', 'received_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('refused_operations').execute();
}
