/**
 * Operations run on the terminal: the same app/ handlers as on the service, in one local transaction together
 * with the outbox row that will replay them there — so a sale is either done and queued, or not done at all.
 *
 * While a queued operation runs, the undo triggers journal every row it changes. Before server rows are applied
 * (a pull page), the effects of all still-pending operations are taken back from that journal; after, the ones
 * the service has not acknowledged yet are run again over the new server state (Replicache's rebase). So what the
 * cashier sees is always the service's state plus their own pending work — a pending sale already lowers stock.
 *
 * Every operation goes through the one pipeline (app/pipeline.ts: prepare, then perform); what is the till's own
 * is the outbox row, the undo journal, and the basis of an absolute edit, read from this store.
 */
import { sql, type Kysely } from 'kysely';
import type { OperationId } from '../../shared/catalogue/index.js';
import type { OperationSpec } from '../../shared/catalogue/operation.js';
import { formatDecimal } from '../../shared/decimal.js';
import { OperationError } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import type { Db } from '../../app/context.js';
import type { OperationInput } from '../../app/operation.js';
import { isRead, perform, prepare, resolve, type Caller, type Prepared, type Who } from '../../app/pipeline.js';
import { stampOperation } from './clock.js';
import { readMeta, requireMeta, writeMeta } from './meta.js';
import { NUMBERED_OPERATION, numberSale } from './order-number.js';
import { deleteRow, upsertFromJson } from './rows.js';
import type { TerminalStore } from './store.js';

/** Local writes while the service refuses this till's credential: they could never be sent (issue 14, item 1). */
export const DISCONNECTED_MESSAGE =
  'This till was disconnected by the owner: it takes no new operations. Its unsent operations are kept; connect it again with a new code.';

/** Local writes on a copy of a till: they would be sold under another till's name (docs/sync.md, "A cloned till"). */
export const COPY_MESSAGE =
  'This till is a copy of another till (its data was copied from another computer or folder): it takes no new operations. What it holds is still sent; then connect it as a new till with a new code.';

export interface LocalInput {
  readonly params?: Readonly<Record<string, string>>;
  /** Query parameters of a read, as the HTTP operation takes them. */
  readonly query?: unknown;
  /** The body exactly as the HTTP operation takes it (decimals as strings). */
  readonly body?: unknown;
}

export interface OutboxRow {
  seq: number | bigint;
  epoch: string;
  mutation_id: string;
  name: string;
  v: number | bigint;
  occurred_at: string;
  employee_id: string;
  params: string | null;
  args: string | null;
  basis: string | null;
  status: string;
}

/**
 * Who acts at this till: whoever is logged in, at the till's workplace and point (a manager allowed at every till
 * included). Read when the pipeline asks, once the operation itself may run here.
 */
const atThisTill = (db: Kysely<unknown>, employeeId: string) => async (): Promise<Who> => {
  const workplaceId = await requireMeta(db, 'workplace_id');
  const pointId = await requireMeta(db, 'point_id');
  return { businessId: await requireMeta(db, 'business_id'), actor: { kind: 'employee', id: employeeId, role: 'EMPLOYEE', workplaceId, pointId } };
};

/**
 * A queued operation at this till: its ids derive from its mutation id and its time is when it happened, so the
 * service, replaying it from the push, makes the same records. A fact breaks business rules with a warning, as on
 * the service (app/warnings.ts).
 */
function queuedHere(db: Kysely<unknown>, employeeId: string, mutationId: string, occurredAt: string, checked?: OperationInput<OperationId>): Caller {
  return {
    who: atThisTill(db, employeeId),
    now: occurredAt,
    side: 'terminal',
    ids: { mutationId, occurredAt },
    queue: 'till',
    ...(checked ? { checked } : {}),
  };
}

/**
 * What the cashier saw for an absolute edit: the value stored here before the edit, read where the catalogue
 * entry's `basis` says (the service then applies the edit as a difference from it, keeping other tills' changes).
 * Null when the edit names no row stored here.
 */
async function basisSeen(db: Kysely<unknown>, spec: OperationSpec, params: Readonly<Record<string, string>>, body: unknown): Promise<string | null> {
  if (!spec.basis) return null;
  const { table, column, kind, row } = spec.basis;
  const fields = (body ?? {}) as Record<string, unknown>;
  const where = Object.entries(row).map(([name, source]) => {
    const [part, field = ''] = source.split('.') as [string, string];
    const value = part === 'params' ? (params[field] ?? '') : String(fields[field] ?? '');
    return sql`${sql.ref(name)} = ${value}`;
  });
  const found = (
    await sql<Record<string, bigint>>`select ${sql.ref(column)} as value from ${sql.table(table)} where ${sql.join(where, sql` and `)} and is_deleted = 0`.execute(db)
  ).rows[0];
  return found ? formatDecimal(BigInt(found.value as bigint), kind) : null;
}

/** Runs a queued operation with the undo journal on. */
async function runJournaled(tx: Db, prepared: Prepared, seq: number): Promise<unknown> {
  await sql`insert into current_operation (seq) values (${seq})`.execute(tx);
  try {
    return await perform(tx, prepared);
  } finally {
    await sql`delete from current_operation`.execute(tx);
  }
}

/**
 * Runs an operation for the cashier, through the one pipeline (app/pipeline.ts). Reads are answered from the local
 * store; writes are done here and queued in the same transaction. A handler's refusal (400, 404, 409) reaches the
 * caller and nothing is queued. `checked` is the input as the bridge already validated it (not validated again).
 */
export async function runLocally(
  store: TerminalStore,
  name: string,
  input: LocalInput,
  employeeId: string,
  /** More work for the same transaction (e.g. resolving the inbox entry this operation resubmits). */
  alongside?: (tx: Db) => Promise<void>,
  checked?: OperationInput<OperationId>,
): Promise<unknown> {
  const db = store.db as unknown as Kysely<unknown>;
  const resolved = resolve(name);
  if (!resolved || isRead(resolved)) {
    // An unknown name is refused by the pipeline's first step, before anything is read. A read's "now" (today's
    // report, an X report's time) is the sane clock's too.
    const now = new Date(store.clock.now()).toISOString();
    const caller: Caller = { who: atThisTill(db, employeeId), now, side: 'terminal', ids: 'fresh', queue: 'till', ...(checked ? { checked } : {}) };
    return perform(store, await prepare(resolved ?? name, input, caller));
  }
  return store.writes.transaction(async (tx) => {
    const local = tx as unknown as Kysely<unknown>;
    // A till whose credential the service refused could never send this: refused here, before anything is written
    // (read in the write's own transaction, so a refusal recorded by a concurrent pull is seen).
    if ((await readMeta(local, 'credential_refused_at')) !== null) throw new OperationError(409, DISCONNECTED_MESSAGE, { code: 'TERMINAL_DISCONNECTED' });
    if ((await readMeta(local, 'copy_detected_at')) !== null) throw new OperationError(409, COPY_MESSAGE, { code: 'TILL_COPY' });
    const epoch = await requireMeta(local, 'epoch');
    const seq = Number((await readMeta(local, 'next_seq')) ?? '1');
    const mutationId = uuidv7();
    const occurredAt = await stampOperation(local, store.clock);
    // A sale takes this till's next short number in this same transaction (./order-number.ts).
    const numbered = name === NUMBERED_OPERATION ? await numberSale(local, input, checked) : { input, checked };
    const run = numbered.input;
    const params = run.params ?? {};
    const basis = await basisSeen(local, resolved.spec, params, run.body);
    const prepared = await prepare(resolved, { ...run, basis: { value: basis } }, queuedHere(local, employeeId, mutationId, occurredAt, numbered.checked));
    const result = await runJournaled(tx, prepared, seq);
    await sql`
      insert into outbox (seq, epoch, mutation_id, name, v, occurred_at, employee_id, params, args, basis, status, dt_created)
      values (${seq}, ${epoch}, ${mutationId}, ${name}, 1, ${occurredAt}, ${employeeId}, ${JSON.stringify(params)},
              ${JSON.stringify(run.body ?? {})}, ${basis === null ? null : JSON.stringify({ value: basis })}, 'pending', ${occurredAt})`.execute(tx);
    await writeMeta(local, 'next_seq', String(seq + 1));
    await alongside?.(tx);
    return result;
  });
}

/** Takes back the local effects of every pending operation, newest first, and empties the journal. */
export async function undoPending(tx: Db, store: TerminalStore): Promise<void> {
  const local = tx as unknown as Kysely<unknown>;
  const entries = (
    await sql<{ tbl: string; business_id: string; row_id: string; old_row: string | null }>`select tbl, business_id, row_id, old_row from undo_log order by ord desc`.execute(local)
  ).rows;
  for (const entry of entries) {
    const columns = store.columns.get(entry.tbl);
    if (!columns) continue;
    if (entry.old_row === null) await deleteRow(local, entry.tbl, entry.business_id, entry.row_id);
    else await upsertFromJson(entry.tbl, columns)(local, entry.old_row);
  }
  await sql`delete from undo_log`.execute(local);
}

/**
 * Runs the still-pending operations again, in order, over the state just applied. One the service will reject
 * (its record deleted meanwhile, say) fails here too: it stays queued — the service decides — and its failure is
 * noted for the sync status.
 */
export async function replayPending(tx: Db): Promise<void> {
  const local = tx as unknown as Kysely<unknown>;
  const pending = (await sql<OutboxRow>`select * from outbox order by seq`.execute(local)).rows;
  for (const row of pending) {
    const input = { params: row.params ? JSON.parse(row.params) : {}, body: row.args ? JSON.parse(row.args) : {}, basis: row.basis ? JSON.parse(row.basis) : null };
    await sql`savepoint replay`.execute(local);
    try {
      const prepared = await prepare(row.name, input, queuedHere(local, row.employee_id, row.mutation_id, row.occurred_at));
      await runJournaled(tx, prepared, Number(row.seq));
      await sql`release savepoint replay`.execute(local);
      await sql`update outbox set last_error = null where seq = ${row.seq}`.execute(local);
    } catch (error) {
      await sql`rollback to savepoint replay`.execute(local);
      await sql`release savepoint replay`.execute(local);
      const message = error instanceof OperationError ? error.message : 'could not be applied locally';
      await sql`update outbox set last_error = ${message} where seq = ${row.seq}`.execute(local);
    }
  }
}
