/**
 * What a push reads and locks before its operations (./push.ts): the terminal's scope, its queue position — the
 * (terminal, epoch) row of `sync_clients`, created if new and locked until COMMIT, so a retry racing its original
 * waits and then finds everything applied — the employees the batch names, and on PostgreSQL the balance rows of a
 * batch of several operations, in the global lock order (./push-locks.ts).
 *
 * On PostgreSQL they are one statement: each statement is a system call each way for the service, and a
 * till pushes after every sale. SQLite reads them one by one, in process (employees as the operations need them).
 */
import { sql } from 'kysely';
import { rightsOf, type Right } from '../../shared/rights.js';
import type { Db } from '../context.js';
import { onPostgres } from '../operation.js';
import { withInsertsInFront } from '../../db/insert-statements.js';
import { resolveTerminalScope, scopeOf, terminalScopeQuery } from './scope.js';
import { heldOf, heldSql, type HeldOperation } from './push-duplicates.js';
import type { PushBatch } from './push-batch.js';
import { batchLockKeys, lockInOrder } from './push-locks.js';

export interface PushingTerminal {
  readonly businessId: string;
  readonly terminalId: string;
  readonly workplaceId: string;
  readonly pointId: string;
}

/** An employee a push's operations name, with the rights their live role grants (read in the same statement). */
export interface PushActor {
  readonly id: string;
  readonly is_deleted: number | bigint;
  readonly rights: ReadonlySet<Right>;
}

/**
 * Employees already looked up in this push (one till's batch is nearly always one or two cashiers): a lookup per
 * operation was a round trip per operation. Cleared whenever the batch's writes may have changed them.
 */
export type ActorCache = Map<string, PushActor | null>;

export interface PushOpening {
  readonly terminal: PushingTerminal;
  /** Where the (terminal, epoch) queue stands. */
  readonly client: { readonly lastAppliedSeq: number; readonly lastAppliedVersion: bigint };
  readonly actors: ActorCache;
  readonly receivedAt: string;
  /** PostgreSQL: the batch's operations that already ran in the business, read with the rest (./push-duplicates.ts). */
  readonly held?: ReadonlyMap<string, HeldOperation>;
}

/** The queue position's row: inserted, or (when it exists) updated — which locks it — keeping the app's versions. */
function upsertClient(tx: Db, businessId: string, terminalId: string, body: PushBatch, now: string) {
  return tx
    .insertInto('sync_clients')
    .values({
      business_id: businessId,
      terminal_id: terminalId,
      epoch: body.epoch,
      last_applied_version: null,
      app_version: body.appVersion ?? null,
      schema_version: body.schemaVersion ?? null,
      dt_created: now,
      dt_updated: now,
    })
    .onConflict((conflicting) =>
      conflicting.columns(['business_id', 'terminal_id', 'epoch']).doUpdateSet((excluded) => ({
        app_version: excluded.ref('excluded.app_version'),
        schema_version: excluded.ref('excluded.schema_version'),
      })),
    )
    .returning(['last_applied_seq', 'last_applied_version']);
}

/** Opens a push of a live terminal of the business; null when the terminal is not live (revoked meanwhile). */
export async function openPush(tx: Db, businessId: string, terminalId: string, body: PushBatch): Promise<PushOpening | null> {
  const receivedAt = new Date().toISOString();
  if (!onPostgres(tx)) {
    const scope = await resolveTerminalScope(tx, businessId, terminalId);
    if (!scope) return null;
    const row = await upsertClient(tx, businessId, terminalId, body, receivedAt).executeTakeFirstOrThrow();
    const client = { lastAppliedSeq: Number(row.last_applied_seq), lastAppliedVersion: BigInt(row.last_applied_version ?? 0) };
    return { terminal: scope, client, actors: new Map(), receivedAt };
  }
  const employeeIds = [...new Set(body.mutations.map((mutation) => mutation.actor.employeeId))];
  const lockKeys = batchLockKeys(body.mutations);
  // The upsert runs (and waits for a racing copy of this push) whether or not the terminal is still live; a push
  // of a revoked terminal is refused and its transaction rolled back.
  const opening = terminalScopeQuery(tx, businessId, terminalId).select([
    sql<string | null>`(select c.last_applied_seq::text from client c)`.as('last_applied_seq'),
    sql<string | null>`(select c.last_applied_version::text from client c)`.as('last_applied_version'),
    // With the rights of each one's live role (app/security/rights.ts), so no operation reads them again.
    sql<[string, number, string | null][] | null>`(
      select json_agg(json_build_array(e.id, e.is_deleted, r.access_resources)) from employees e
        left join employee_roles r on r.business_id = e.business_id and r.id = e.role_id and r.is_deleted = 0
       where e.business_id = ${businessId} and e.id = any(${employeeIds}))`.as('actors'),
    // A batch's balance rows, locked in the global order before its operations run (./push-locks.ts).
    ...(lockKeys ? [lockInOrder(businessId, terminalId, lockKeys).as('locked')] : []),
    // Operations of the batch that already ran under another queue are answered, not run (./push-duplicates.ts).
    heldSql(businessId, body.mutations.map((mutation) => mutation.mutationId)).as('held'),
  ]);
  type Row = NonNullable<Awaited<ReturnType<typeof opening.executeTakeFirst>>>;
  const statement = withInsertsInFront([upsertClient(tx, businessId, terminalId, body, receivedAt).compile()], opening.compile(), ['client']);
  if (!statement) throw new Error('a push opening cannot bind too many values');
  const row = (await tx.executeQuery(statement)).rows[0] as Row | undefined;
  if (!row) return null;
  const actors: ActorCache = new Map(employeeIds.map((id) => [id, null]));
  for (const [id, isDeleted, access] of row.actors ?? []) actors.set(id, { id, is_deleted: isDeleted, rights: rightsOf(access) });
  return {
    terminal: scopeOf(businessId, terminalId, row),
    client: { lastAppliedSeq: Number(row.last_applied_seq ?? 0), lastAppliedVersion: BigInt(row.last_applied_version ?? 0) },
    actors,
    receivedAt,
    held: new Map((row.held ?? []).map((tuple) => [tuple[0], heldOf(tuple)])),
  };
}
