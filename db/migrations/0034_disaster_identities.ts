/**
 * What the service needs to notice a disaster and say so (docs/sync.md, "Disasters"):
 *
 * - `sync_generation` (one row): the database's generation, a random id that changes whenever the database is put
 *   back to an earlier state — `npm run restore`, the documented PostgreSQL restore (`npm run restore -- --postgres`),
 *   or a restore the service detects when it starts (`fingerprint`: what identifies this copy of the database on its
 *   engine). Tills carry the generation in their cursors and requests; a till that knows another one learns the
 *   service was rewound and sends again what it lost. `previous` and `reason` say where it came from.
 * - `terminals.install_id`: the install a terminal's credential is bound to (set at enrollment, or by its first
 *   request that names one); another install using the same credential is a copy of the till.
 * - `terminal_incidents`: what went wrong at a till or was found about it, each recorded once (a till reports its own
 *   with its pulls under an id of its making; the service records a copy it detected under `copy:<install>`), for the
 *   console's fleet page and the WARNING log.
 * - `terminal_health.generation`: the generation the till last synced under (the fleet page counts the tills that
 *   have not caught up with a restore yet).
 *
 * Immutable once shipped: change the schema with a new migration.
 */
import { sql, type Kysely } from 'kysely';
import { randomToken } from '../../shared/ids.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sync_generation')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('generation', 'text', (c) => c.notNull())
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('previous', 'text')
    .addColumn('fingerprint', 'text')
    .execute();
  await sql`insert into sync_generation (id, generation, since, reason) values (1, ${randomToken()}, ${new Date().toISOString()}, 'created')`.execute(db);
  await db.schema.alterTable('terminals').addColumn('install_id', 'text').execute();
  await db.schema.alterTable('terminal_health').addColumn('generation', 'text').execute();
  await db.schema
    .createTable('terminal_incidents')
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('terminal_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('terminal_incidents_pk', ['business_id', 'terminal_id', 'id'])
    .execute();
  await db.schema.createIndex('terminal_incidents_recent').on('terminal_incidents').columns(['business_id', 'received_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('terminal_incidents').execute();
  await db.schema.alterTable('terminal_health').dropColumn('generation').execute();
  await db.schema.alterTable('terminals').dropColumn('install_id').execute();
  await db.schema.dropTable('sync_generation').execute();
}
