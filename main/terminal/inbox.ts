/**
 * The needs-attention inbox: operations the service rejected, kept with their payload, reason, who and when,
 * until a person resolves them. Two ways out:
 * - resubmit: the (edited) operation is done again as a NEW operation — new mutationId, new seq — and the entry is
 *   marked resubmitted in the same transaction, so it cannot be resubmitted twice;
 * - discard: needs a manager (an employee whose role grants `MANAGER`), checked by that manager's PIN here.
 */
import { sql, type Kysely } from 'kysely';
import { forbidden, notFound } from '../../shared/errors.js';
import { jsonList } from '../../db/values.js';
import type { OperationId } from '../../shared/catalogue/index.js';
import type { Db } from '../../app/context.js';
import type { OperationInput } from '../../app/operation.js';
import { runLocally, type LocalInput } from './local-run.js';
import { pinLogin } from './pin-login.js';
import type { TerminalStore } from './store.js';
import type { OutboxRow } from './local-run.js';

export const MANAGER_RESOURCE = 'MANAGER';

interface InboxRow {
  mutation_id: string;
  name: string;
  resolution: string | null;
}

async function openEntry(db: Kysely<unknown>, mutationId: string): Promise<InboxRow> {
  const row = (await sql<InboxRow>`select mutation_id, name, resolution from inbox where mutation_id = ${mutationId}`.execute(db)).rows[0];
  if (!row || row.resolution !== null) throw notFound('No such operation needs attention');
  return row;
}

/** Keeps an operation the service rejected, with its payload and the service's reason, in the caller's transaction. */
export async function moveToInbox(local: Kysely<unknown>, row: OutboxRow, reason: unknown, at: string): Promise<void> {
  await sql`
    insert or replace into inbox (mutation_id, seq, epoch, name, occurred_at, employee_id, params, args, basis, reason, rejected_at)
    values (${row.mutation_id}, ${row.seq}, ${row.epoch}, ${row.name}, ${row.occurred_at}, ${row.employee_id}, ${row.params},
            ${row.args}, ${row.basis}, ${JSON.stringify(reason ?? null)}, ${at})`.execute(local);
}

/** Does the rejected operation again, as edited, and marks the entry resubmitted. */
export async function resubmit(
  store: TerminalStore,
  mutationId: string,
  input: LocalInput,
  employeeId: string,
  /** The edited input's values as the bridge validated them (not validated again). */
  checked?: OperationInput<OperationId>,
): Promise<unknown> {
  const entry = await openEntry(store.db as unknown as Kysely<unknown>, mutationId);
  const markResubmitted = async (tx: Db) => {
    const marked = await sql`
      update inbox set resolution = 'resubmitted', resolved_by = ${employeeId}, resolved_at = ${new Date(store.clock.now()).toISOString()}
       where mutation_id = ${mutationId} and resolution is null`.execute(tx);
    if (Number(marked.numAffectedRows ?? 0n) !== 1) throw notFound('No such operation needs attention');
  };
  return runLocally(store, entry.name, input, employeeId, markResubmitted, checked);
}

/** Drops a rejected operation for good, on a manager's PIN. */
export async function discard(store: TerminalStore, mutationId: string, managerPin: string): Promise<void> {
  const local = store.db as unknown as Kysely<unknown>;
  await openEntry(local, mutationId);
  const manager = await pinLogin(store, managerPin);
  const role = await store.db.selectFrom('employee_roles').select('access_resources').where('id', '=', manager.role_id).where('is_deleted', '=', 0).executeTakeFirst();
  if (!role || !jsonList(role.access_resources).includes(MANAGER_RESOURCE)) throw forbidden('Only a manager can discard an operation');
  await store.writes.transaction((tx) =>
    sql`update inbox set resolution = 'discarded', resolved_by = ${manager.id}, resolved_at = ${new Date(store.clock.now()).toISOString()}
         where mutation_id = ${mutationId} and resolution is null`.execute(tx as unknown as Kysely<unknown>),
  );
}
