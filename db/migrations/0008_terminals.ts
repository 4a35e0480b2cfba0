/**
 * Terminals and their sync state (docs/sync.md):
 *
 * - `enrollment_codes`: one-time codes an owner creates for a workplace. Only a keyed digest of the code is kept
 *   (never the code); a code is single use and expires.
 * - `terminals`: enrolled installs, each bound to one workplace (hence one point). The device credential is a
 *   signed token whose validity is re-checked against this row, so `revoked_at` ends it within seconds.
 * - `sync_clients`: one row per (terminal, epoch) — an epoch is one local database of that terminal — with the
 *   last operation sequence number the server applied for it.
 * - `sync_mutations`: the stored result of every pushed operation, which is also the idempotency record. Push
 *   fills it; pull reports acknowledgements and results from it. `version` is the business version of the
 *   transaction that applied the operation; it is null only inside that transaction, until it is stamped.
 *
 * Same conventions as 0001: the tenant first in every primary key and unique index, ISO-8601 text timestamps,
 * BIGINT for sequence numbers and versions. The one index that is not tenant-first, on the code digest, is how a
 * terminal that knows nothing but the code finds it; it is not unique (uniqueness among live codes is checked
 * when a code is made).
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('enrollment_codes')
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('workplace_id', 'text', (c) => c.notNull())
    // base64url HMAC-SHA-256 of the normalised code under a key derived from the service secret.
    .addColumn('code_digest', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('terminal_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('dt_created', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('enrollment_codes_pk', ['business_id', 'id'])
    .execute();
  await db.schema.createIndex('enrollment_codes_digest_ix').on('enrollment_codes').columns(['code_digest']).execute();

  await db.schema
    .createTable('terminals')
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('workplace_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('enrollment_code_id', 'text', (c) => c.notNull())
    .addColumn('enrolled_by', 'text', (c) => c.notNull())
    .addColumn('enrolled_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'text')
    .addColumn('dt_created', 'text', (c) => c.notNull())
    .addColumn('dt_updated', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('terminals_pk', ['business_id', 'id'])
    .execute();

  await db.schema
    .createTable('sync_clients')
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('terminal_id', 'text', (c) => c.notNull())
    .addColumn('epoch', 'text', (c) => c.notNull())
    .addColumn('last_applied_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    // The business version at which last_applied_seq was committed.
    .addColumn('last_applied_version', 'bigint')
    .addColumn('app_version', 'text')
    .addColumn('schema_version', 'integer')
    .addColumn('dt_created', 'text', (c) => c.notNull())
    .addColumn('dt_updated', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_clients_pk', ['business_id', 'terminal_id', 'epoch'])
    .execute();

  await db.schema
    .createTable('sync_mutations')
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('terminal_id', 'text', (c) => c.notNull())
    .addColumn('epoch', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('mutation_id', 'text', (c) => c.notNull())
    // The catalogue operationId and the operation's version.
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('op_version', 'integer', (c) => c.notNull())
    // The operation's arguments as sent (JSON text), kept whatever the outcome, and their SHA-256 (hex).
    .addColumn('args', 'text', (c) => c.notNull())
    .addColumn('args_digest', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    // 'applied' or 'rejected'.
    .addColumn('status', 'text', (c) => c.notNull())
    // JSON text: {"warnings":[…]} when applied, {"error":{"code","message",…}} when rejected.
    .addColumn('result', 'text')
    .addColumn('version', 'bigint')
    .addPrimaryKeyConstraint('sync_mutations_pk', ['business_id', 'terminal_id', 'epoch', 'seq'])
    .execute();
  await db.schema.createIndex('sync_mutations_mutation_uq').on('sync_mutations').columns(['business_id', 'mutation_id']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sync_mutations').execute();
  await db.schema.dropTable('sync_clients').execute();
  await db.schema.dropTable('terminals').execute();
  await db.schema.dropTable('enrollment_codes').execute();
}
