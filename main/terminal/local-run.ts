/**
 * Operations run on the terminal: the same app/ handlers as on the service, in one local transaction together
 * with the outbox row that will replay them there — so a sale is either done and queued, or not done at all.
 *
 * While a queued operation runs, the undo triggers journal every row it changes. Before server rows are applied
 * (a pull page), the effects of all still-pending operations are taken back from that journal; after, the ones
 * the service has not acknowledged yet are run again over the new server state (Replicache's rebase). So what the
 * cashier sees is always the service's state plus their own pending work — a pending sale already lowers stock.
 */
import { sql, type Kysely } from 'kysely';
import { findOperation, type OperationId } from '../../shared/catalogue/index.js';
import type { OperationSpec } from '../../shared/catalogue/operation.js';
import { formatDecimal, MONEY, QUANTITY, unitsOf } from '../../shared/decimal.js';
import { badRequest, notFound, OperationError } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import { validate } from '../../shared/validation.js';
import type { Db, OperationContext } from '../../app/context.js';
import { domainHandlers } from '../../app/handlers.js';
import { runWriteInTransaction, type Handler, type OperationInput } from '../../app/operation.js';
import { derivedIds } from '../../app/sync/derived-ids.js';
import { queuedRun } from '../../app/warnings.js';
import { stampOperation } from './clock.js';
import { readMeta, requireMeta, writeMeta } from './meta.js';
import { deleteRow, upsertFromJson } from './rows.js';
import type { TerminalStore } from './store.js';

/** Local writes while the service refuses this till's credential: they could never be sent (issue 14, item 1). */
export const DISCONNECTED_MESSAGE =
  'This till was disconnected by the owner: it takes no new operations. Its unsent operations are kept; connect it again with a new code.';

/** The classes of operation that are done locally and queued for the service. */
const QUEUEABLE = new Set(['fact', 'amendment', 'absolute', 'descriptive', 'delete']);

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

interface Resolved {
  readonly spec: OperationSpec;
  readonly handler: Handler;
}

function resolve(name: string): Resolved {
  const spec = findOperation(name);
  const handler = domainHandlers.get(name);
  if (!spec || !handler) throw notFound(`${name} is not an operation the terminal runs`);
  return { spec, handler };
}

function parseInput(spec: OperationSpec, input: LocalInput): OperationInput<OperationId> {
  const params = input.params ?? {};
  const missing = spec.params.filter((name) => typeof params[name] !== 'string');
  if (missing.length > 0) throw badRequest(missing.map((name) => `${name} is required`));
  const parse = (schema: OperationSpec['body'], value: unknown) => {
    if (!schema) return undefined;
    const parsed = validate(schema, value ?? {});
    if (!parsed.ok) throw badRequest(parsed.problems);
    return parsed.value;
  };
  // Reads take query parameters (e.g. a client's debt history by client_id), checked as the service checks them.
  return { body: parse(spec.body, input.body), query: parse(spec.query, input.query), params } as unknown as OperationInput<OperationId>;
}

/**
 * The context of an operation at this till: whoever is logged in acts at the till's workplace and point (a manager
 * allowed at every till included), and a write is a queued one — a fact breaks business rules with a warning, as
 * on the service (app/warnings.ts).
 */
async function contextFor(
  db: Kysely<unknown>,
  employeeId: string,
  mutationId: string,
  occurredAt: string,
  basis?: bigint,
  spec?: OperationSpec,
): Promise<OperationContext> {
  const workplaceId = await requireMeta(db, 'workplace_id');
  const pointId = await requireMeta(db, 'point_id');
  return {
    businessId: await requireMeta(db, 'business_id'),
    actor: { kind: 'employee', id: employeeId, role: 'EMPLOYEE', workplaceId, pointId },
    now: occurredAt,
    side: 'terminal',
    newId: derivedIds(mutationId, occurredAt),
    ...(basis === undefined ? {} : { basis: { value: basis } }),
    ...(spec ? { queued: queuedRun(spec.offline) } : {}),
  };
}

/**
 * What the cashier saw for an absolute edit: the value stored here before the edit (the service then applies the
 * edit as a difference from it, keeping other tills' changes).
 */
async function basisOf(db: Kysely<unknown>, name: string, params: Readonly<Record<string, string>>, body: unknown): Promise<string | null> {
  if (name === 'StockQuantityController_update') {
    const row = (await sql<{ quantity: bigint }>`select quantity from stock_levels where id = ${params.id ?? ''} and is_deleted = 0`.execute(db)).rows[0];
    return row ? formatDecimal(BigInt(row.quantity), QUANTITY) : null;
  }
  if (name === 'StockQuantityController_create') {
    // A create for a pair this till already has a row for sets that row: the same absolute edit as an update.
    const pair = (body ?? {}) as { itemId?: unknown; warehouseId?: unknown };
    const row = (
      await sql<{ quantity: bigint }>`select quantity from stock_levels
        where item_id = ${String(pair.itemId ?? '')} and warehouse_id = ${String(pair.warehouseId ?? '')} and is_deleted = 0`.execute(db)
    ).rows[0];
    return row ? formatDecimal(BigInt(row.quantity), QUANTITY) : null;
  }
  if (name === 'ClientDebtController_updateDebt') {
    const row = (await sql<{ debt_amount: bigint }>`select debt_amount from client_debts where id = ${params.id ?? ''} and is_deleted = 0`.execute(db)).rows[0];
    return row ? formatDecimal(BigInt(row.debt_amount), MONEY) : null;
  }
  return null;
}

/** Runs a queued operation's handler with the undo journal on. */
async function runJournaled(tx: Db, resolved: Resolved, input: OperationInput<OperationId>, ctx: OperationContext, seq: number): Promise<unknown> {
  await sql`insert into current_operation (seq) values (${seq})`.execute(tx);
  try {
    return await runWriteInTransaction(tx, resolved.spec, resolved.handler, input, ctx);
  } finally {
    await sql`delete from current_operation`.execute(tx);
  }
}

/**
 * Runs an operation for the cashier. Reads are answered from the local store; writes are done here and queued
 * in the same transaction. A handler's refusal (400, 404, 409) reaches the caller and nothing is queued.
 */
export async function runLocally(
  store: TerminalStore,
  name: string,
  input: LocalInput,
  employeeId: string,
  /** More work for the same transaction (e.g. resolving the inbox entry this operation resubmits). */
  alongside?: (tx: Db) => Promise<void>,
): Promise<unknown> {
  const resolved = resolve(name);
  const parsed = parseInput(resolved.spec, input);
  const db = store.db as unknown as Kysely<unknown>;
  if (resolved.spec.method === 'GET' || resolved.handler.readOnly) {
    const ctx = await contextFor(db, employeeId, crypto.randomUUID(), new Date().toISOString());
    return resolved.handler.run(store.db, parsed, ctx);
  }
  if (!QUEUEABLE.has(resolved.spec.offline)) throw new OperationError(503, `${name} needs the central service`);
  if (resolved.spec.access === 'public' || !resolved.spec.access.includes('EMPLOYEE')) throw new OperationError(403, 'Forbidden resource');
  return store.writes.transaction(async (tx) => {
    const local = tx as unknown as Kysely<unknown>;
    // A till whose credential the service refused could never send this: refused here, before anything is written
    // (read in the write's own transaction, so a refusal recorded by a concurrent pull is seen).
    if ((await readMeta(local, 'credential_refused_at')) !== null) throw new OperationError(409, DISCONNECTED_MESSAGE, { code: 'TERMINAL_DISCONNECTED' });
    const epoch = await requireMeta(local, 'epoch');
    const seq = Number((await readMeta(local, 'next_seq')) ?? '1');
    const mutationId = uuidv7();
    const occurredAt = await stampOperation(local);
    const params = input.params ?? {};
    const basis = await basisOf(local, name, params, input.body);
    const ctx = await contextFor(local, employeeId, mutationId, occurredAt, basis === null ? undefined : parseBasis(name, basis), resolved.spec);
    const result = await runJournaled(tx, resolved, parsed, ctx, seq);
    await sql`
      insert into outbox (seq, epoch, mutation_id, name, v, occurred_at, employee_id, params, args, basis, status, dt_created)
      values (${seq}, ${epoch}, ${mutationId}, ${name}, 1, ${occurredAt}, ${employeeId}, ${JSON.stringify(params)},
              ${JSON.stringify(input.body ?? {})}, ${basis === null ? null : JSON.stringify({ value: basis })}, 'pending', ${occurredAt})`.execute(tx);
    await writeMeta(local, 'next_seq', String(seq + 1));
    await alongside?.(tx);
    return result;
  });
}

const parseBasis = (name: string, text: string): bigint => unitsOf(text, name.startsWith('StockQuantityController_') ? QUANTITY : MONEY);

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
    const resolved = resolve(row.name);
    const input = parseInput(resolved.spec, { params: row.params ? JSON.parse(row.params) : {}, body: row.args ? JSON.parse(row.args) : {} });
    const basis = row.basis ? (JSON.parse(row.basis) as { value: string }).value : null;
    const ctx = await contextFor(
      local,
      row.employee_id,
      row.mutation_id,
      row.occurred_at,
      basis === null ? undefined : parseBasis(row.name, basis),
      resolved.spec,
    );
    await sql`savepoint replay`.execute(local);
    try {
      await runJournaled(tx, resolved, input, ctx, Number(row.seq));
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
