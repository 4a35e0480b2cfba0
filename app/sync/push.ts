/**
 * A terminal's push (docs/sync.md, "Push"): its queued operations, applied exactly once and in order, in ONE
 * transaction for the batch.
 *
 * - The (terminal, epoch) row is locked first, so two copies of the same push (a retry racing the original)
 *   queue behind each other and the second finds everything already applied.
 * - An operation at or below the last applied seq is answered from its stored result — unless its mutationId
 *   differs, which means the terminal's database was restored from an old copy: 409 EPOCH_FORKED, nothing
 *   applied, and the terminal continues under a new epoch.
 * - A batch starting beyond the next expected seq is refused with 409 SEQ_GAP (the terminal resends from there).
 * - Each new operation goes through the one pipeline (app/pipeline.ts: prepare, then perform — the catalogue's own
 *   handler) as the employee who did it at the till: applied, or rejected with its reason (its payload kept
 *   here and in the terminal's inbox). A rejection still advances the queue — no poison pill. The first pass runs
 *   them without savepoints; a rejection sends the push round again, isolated, in a fresh transaction (applyBatch).
 *   A transient database failure aborts the whole batch instead, so the terminal retries it.
 * - Last, the business's next version is taken (even when every operation was rejected, so the results become
 *   visible to pull at that version), and the results and the new last seq are stored with it.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { PushedOperationDto } from '../../shared/catalogue/sync.js';
import { badRequest, conflict, OperationError } from '../../shared/errors.js';
import type { MutationResult } from '../../shared/sync/wire.js';
import { rightsOf } from '../../shared/rights.js';
import { lsnToVersion, stampChanges } from '../../db/change-capture.js';
import { transientFailure } from '../../db/transient.js';
import type { Db } from '../context.js';
import { onPostgres } from '../operation.js';
import { perform, prepare, type Prepared, type Who } from '../pipeline.js';
import type { ActorCache, PushActor, PushingTerminal, PushOpening } from './push-opening.js';
import { insertQuery, withInsertsInFront } from '../../db/insert-statements.js';
import { warn } from '../warnings.js';
import { queuedEditStamp } from '../field-versions.js';
import { recordWarnings } from './warning-log.js';
import { terminalQueues } from './generation.js';
import { readHeld, type HeldOperation } from './push-duplicates.js';
import type { PushBatch, QueuedOperation } from './push-batch.js';

export interface PushResponse {
  readonly protocolVersion: number;
  readonly terminalId: string;
  readonly epoch: string;
  /** The last operation of (terminal, epoch) the service has applied or rejected. */
  readonly lastAppliedSeq: number;
  /** The business version at which this batch's effects and results are visible to pull. */
  readonly version: number;
  /** One per operation sent, in order (operations already applied earlier answer their stored result). */
  readonly results: MutationResult[];
  readonly serverTime: string;
}

interface Outcome {
  readonly status: 'applied' | 'rejected';
  readonly result:
    | { warnings: readonly unknown[] }
    /** `right`: the right a RIGHT_MISSING refusal names (app/security/rights.ts), for the till to say in its language. */
    | { error: { code: string; statusCode: number; message: string | string[]; right?: string } };
}

/** A new operation of the batch with its outcome; `duplicateOf` when it was answered for one that ran before. */
interface Settled {
  readonly mutation: QueuedOperation;
  readonly outcome: Outcome;
  readonly duplicateOf?: string;
}

/**
 * The batch's new operations in order: those that run, and those answered for an operation that already ran — in the
 * business under another queue (`held`), or earlier in this batch (./push-duplicates.ts).
 */
function sortOutDuplicates(news: readonly QueuedOperation[], held: ReadonlyMap<string, HeldOperation>, terminalId: string, epoch: string) {
  const toRun: QueuedOperation[] = [];
  const firstInBatch = new Map<string, QueuedOperation>();
  const answered = new Map<QueuedOperation, { readonly ref: string; readonly outcome: Outcome } | { readonly sameAs: QueuedOperation; readonly ref: string }>();
  for (const mutation of news) {
    const before = held.get(mutation.mutationId);
    const earlier = firstInBatch.get(mutation.mutationId);
    if (before) {
      const result = (before.result === null ? { warnings: [] } : JSON.parse(before.result)) as Outcome['result'];
      answered.set(mutation, { ref: before.ref, outcome: { status: before.status, result } });
    } else if (earlier) answered.set(mutation, { sameAs: earlier, ref: `${terminalId}:${epoch}:${earlier.seq}` });
    else {
      firstInBatch.set(mutation.mutationId, mutation);
      toRun.push(mutation);
    }
  }
  return { toRun, answered };
}

/** Errors worth retrying the whole batch for: the operation itself was fine, the database was not (db/transient.ts). */
const isTransient = (error: unknown) => transientFailure(error) !== null;

const REJECTION_CODES: Record<number, string> = {
  400: 'INVALID',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'INVALID',
  429: 'LIMITED',
};

/** A rejection's message lines kept: one operation's problems can be thousands of lines, some quoting what it sent. */
const MAX_MESSAGE_LINES = 20;
const MAX_MESSAGE_LINE = 500;

const cut = (line: string, max: number) => (line.length <= max ? line : `${line.slice(0, max - 1)}…`);

/** A message the stored result can always hold: bounded in lines and in length. */
function boundedMessage(message: string | readonly string[]): string | string[] {
  if (typeof message === 'string') return cut(message, MAX_MESSAGE_LINE * 4);
  const kept = message.slice(0, MAX_MESSAGE_LINES).map((line) => cut(line, MAX_MESSAGE_LINE));
  return message.length > MAX_MESSAGE_LINES ? [...kept, `… and ${message.length - MAX_MESSAGE_LINES} more problems`] : kept;
}

function rejected(code: string, statusCode: number, message: string | readonly string[], right?: string): Outcome {
  const error = { code, statusCode, message: boundedMessage(message) };
  return { status: 'rejected', result: { error: right === undefined ? error : { ...error, right } } };
}

/** A malformed operation's answer (./push-batch.ts): rejected before anything runs, so no savepoint is needed. */
const malformedOutcome = (mutation: QueuedOperation): Outcome | null =>
  mutation.malformed ? rejected('INVALID', 400, mutation.malformed.problems) : null;

/** The actor a queued operation runs as: the employee who did it at this terminal's till. */
async function actorOf(tx: Db, terminal: PushingTerminal, mutation: PushedOperationDto, actors: ActorCache) {
  const known = actors.get(mutation.actor.employeeId);
  if (known !== undefined) return known;
  // With the rights of the employee's live role (app/security/rights.ts), in the same statement.
  const row = await tx
    .selectFrom('employees as e')
    .leftJoin('employee_roles as r', (join) =>
      join.onRef('r.business_id', '=', 'e.business_id').onRef('r.id', '=', 'e.role_id').on('r.is_deleted', '=', 0),
    )
    .select(['e.id', 'e.is_deleted', 'r.access_resources'])
    .where('e.business_id', '=', terminal.businessId)
    .where('e.id', '=', mutation.actor.employeeId)
    .executeTakeFirst();
  const employee: PushActor | null = row ? { id: row.id, is_deleted: row.is_deleted, rights: rightsOf(row.access_resources) } : null;
  actors.set(mutation.actor.employeeId, employee);
  return employee;
}

/** The error of a refused operation as the till's inbox shows it: its own code, else one named by its status. */
function refusal(error: unknown, codeOf: (error: OperationError) => string | undefined): Outcome {
  if (error instanceof OperationError && error.statusCode < 500) {
    const missing = missingRight(error);
    if (missing !== undefined) return rejected('RIGHT_MISSING', error.statusCode, error.reason, missing);
    return rejected(codeOf(error) ?? REJECTION_CODES[error.statusCode] ?? 'REJECTED', error.statusCode, error.reason);
  }
  throw error;
}

const ownCode = (error: OperationError) => (error.detail as { code?: string } | null)?.code;

/** The right a refusal names when the actor's role lacks it (app/security/rights.ts). */
function missingRight(error: OperationError): string | undefined {
  const detail = error.detail as { code?: unknown; right?: unknown } | null;
  return detail?.code === 'RIGHT_MISSING' && typeof detail.right === 'string' ? detail.right : undefined;
}

/** Runs one new operation (the caller isolates it); throws only for transient or unexpected failures. */
async function applyOne(
  tx: Db,
  terminal: PushingTerminal,
  mutation: PushedOperationDto,
  receivedAt: string,
  actors: ActorCache,
): Promise<Outcome> {
  let inactive = false;
  // Who did it: an employee of this business, looked up once the operation itself may be queued at all.
  // At once when the push has already looked the employee up (nearly always: a till's operations are by a few).
  const who = (): Who | Promise<Who> => {
    if (mutation.v !== 1) throw badRequest(`${mutation.name} version ${mutation.v} is not supported`, { code: 'UNSUPPORTED_VERSION' });
    const known = actors.get(mutation.actor.employeeId);
    return known === undefined ? actorOf(tx, terminal, mutation, actors).then(asWho) : asWho(known);
  };
  const asWho = (employee: PushActor | null): Who => {
    if (!employee) throw badRequest('actor.employeeId must be an employee of this business', { code: 'UNKNOWN_EMPLOYEE' });
    inactive = Number(employee.is_deleted) !== 0;
    const actor = {
      kind: 'employee',
      id: employee.id,
      role: 'EMPLOYEE',
      workplaceId: terminal.workplaceId,
      pointId: terminal.pointId,
      rights: employee.rights,
    } as const;
    return { businessId: terminal.businessId, actor };
  };
  let prepared: Prepared;
  try {
    prepared = await prepare(mutation.name, { params: mutation.params ?? {}, body: mutation.args ?? {}, basis: mutation.basis ?? null }, {
      who,
      // Business time as the terminal recorded it, but never in the service's future (a till's clock running fast).
      now: mutation.occurredAt < receivedAt ? mutation.occurredAt : receivedAt,
      side: 'server',
      ids: { mutationId: mutation.mutationId, occurredAt: mutation.occurredAt },
      queue: 'push',
      editStamp: () => queuedEditStamp(mutation.occurredAt, receivedAt, terminal.terminalId),
    });
  } catch (error) {
    return refusal(error, ownCode);
  }
  const ctx = prepared.context;
  // Done while the employee was still on staff (the terminal checked the PIN): applied, and flagged.
  if (inactive) warn(ctx, { code: 'EMPLOYEE_INACTIVE', employeeId: ctx.actor.id });
  // An operation on employees may change the ones this push has looked up.
  if (prepared.spec.principals) actors.clear();
  try {
    await perform(tx, prepared);
    const warnings = ctx.queued?.warnings.list ?? [];
    // In the same transaction as the operation: the back office lists them (GET /logs?type=WARNING).
    await recordWarnings(tx, terminal, mutation, warnings, receivedAt);
    return { status: 'applied', result: { warnings } };
  } catch (error) {
    return refusal(error, () => undefined);
  }
}

/**
 * Runs one operation inside its own savepoint. A rejected outcome rolls back to it just as a thrown error does: a
 * handler may have written before it found the problem, and a rejected operation must leave nothing behind.
 */
async function applyIsolated(
  tx: Db,
  terminal: PushingTerminal,
  mutation: PushedOperationDto,
  receivedAt: string,
  actors: ActorCache,
): Promise<Outcome> {
  await sql`savepoint push_operation`.execute(tx);
  try {
    const outcome = await applyOne(tx, terminal, mutation, receivedAt, actors);
    if (outcome.status === 'rejected') {
      actors.clear();
      await sql`rollback to savepoint push_operation`.execute(tx);
    }
    await sql`release savepoint push_operation`.execute(tx);
    return outcome;
  } catch (error) {
    actors.clear();
    await sql`rollback to savepoint push_operation`.execute(tx);
    await sql`release savepoint push_operation`.execute(tx);
    throw error;
  }
}

/**
 * Thrown by the optimistic pass when an operation of the batch is rejected or fails: the caller rolls back the
 * whole transaction and pushes again with `isolated: true`.
 */
export class PushNeedsIsolation extends Error {
  constructor() {
    super('an operation of this push was rejected: apply it again with an isolation point per operation');
  }
}

/**
 * The new operations of a batch. Nearly always every one applies, so by default they run one after another with
 * no savepoint at all (a savepoint and its release are two round trips on PostgreSQL, for every push). If one is
 * rejected or fails, `PushNeedsIsolation` is thrown: the caller's transaction rolls back whole and the push runs
 * again isolated, with a savepoint per operation, so the rejection leaves nothing behind and the rest apply.
 * Operations are deterministic given the same state (their ids derive from the mutationId), so the second pass
 * does exactly what the first would have done for those that apply. A malformed operation (./push-batch.ts) is
 * rejected in either pass without running: nothing of it is written, so it needs no isolation.
 */
async function applyBatch(
  tx: Db,
  terminal: PushingTerminal,
  mutations: readonly QueuedOperation[],
  receivedAt: string,
  options: PushOptions,
  actors: ActorCache,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  if (!options.isolated) {
    for (const mutation of mutations) {
      const malformed = malformedOutcome(mutation);
      if (malformed) {
        outcomes.push(malformed);
        continue;
      }
      let outcome: Outcome;
      try {
        outcome = await applyOne(tx, terminal, mutation, receivedAt, actors);
      } catch (error) {
        if (isTransient(error)) throw error;
        throw new PushNeedsIsolation();
      }
      if (outcome.status === 'rejected') throw new PushNeedsIsolation();
      outcomes.push(outcome);
    }
    return outcomes;
  }
  for (const mutation of mutations) {
    const malformed = malformedOutcome(mutation);
    if (malformed) {
      outcomes.push(malformed);
      continue;
    }
    try {
      outcomes.push(await applyIsolated(tx, terminal, mutation, receivedAt, actors));
    } catch (error) {
      if (isTransient(error)) throw error;
      // A fault in the operation itself (a bug, a constraint we did not foresee): rejected with its payload kept,
      // so one bad operation cannot stop the queue behind it. The caller logs the cause.
      outcomes.push(rejected('INTERNAL', 500, 'The service could not apply this operation'));
      options.onFault?.(error, mutation);
    }
  }
  return outcomes;
}

const digestOf = (text: string) => createHash('sha256').update(text).digest('hex');

export interface PushOptions {
  readonly protocolVersion: number;
  /**
   * A savepoint around each operation, so a rejected one is rolled back alone. Without it (the fast path) a
   * rejection throws `PushNeedsIsolation` instead; `pushWithIsolationRetry` does both in turn.
   */
  readonly isolated?: boolean;
  /** Told about an operation rejected because it failed unexpectedly (for the service's log). */
  readonly onFault?: (error: unknown, mutation: PushedOperationDto) => void;
  /** SQLite: told the scopes the push logged, per business (the caller pokes those tills once it committed). */
  readonly onLogged?: (businessId: string, scopes: ReadonlySet<string>) => void;
}

/** The statements that store a push's results and advance its queue position, under `version`. */
function storeResults(
  tx: Db,
  terminal: PushingTerminal,
  epoch: string,
  fresh: readonly Settled[],
  lastApplied: number,
  receivedAt: string,
  version: bigint | null,
) {
  // Built by insertQuery (db/insert-statements.ts): its text is made once per row count, where kysely's builder
  // would parse and compile every value of the batch on every push.
  const stored = insertQuery(
    tx,
    'sync_mutations',
    fresh.map(({ mutation, outcome, duplicateOf }) => {
      // A malformed operation's parts are stored bounded; the others passed their schema and a depth check.
      const stored = mutation.malformed?.stored;
      const args =
        stored?.payload ??
        JSON.stringify({
          args: mutation.args ?? null,
          params: mutation.params ?? null,
          basis: mutation.basis ?? null,
          actor: mutation.actor,
        });
      return {
        business_id: terminal.businessId,
        terminal_id: terminal.terminalId,
        epoch,
        seq: BigInt(mutation.seq),
        mutation_id: mutation.mutationId,
        name: mutation.name,
        op_version: mutation.v,
        args,
        args_digest: digestOf(args),
        occurred_at: stored ? stored.occurredAt : mutation.occurredAt,
        received_at: receivedAt,
        status: outcome.status,
        result: JSON.stringify(outcome.result),
        version,
        duplicate_of: duplicateOf ?? null,
      };
    }),
    '',
  );
  const advanced = tx
    .updateTable('sync_clients')
    .set({ last_applied_seq: BigInt(lastApplied), last_applied_version: version, dt_updated: receivedAt })
    .where('business_id', '=', terminal.businessId)
    .where('terminal_id', '=', terminal.terminalId)
    .where('epoch', '=', epoch);
  return [stored, advanced] as const;
}

/** A push as applied inside its transaction. On PostgreSQL its version is given by COMMIT: null until finishPush. */
export type AppliedPush = Omit<PushResponse, 'version'> & { readonly version: number | null };

/**
 * The answer to a push once its transaction has committed. PostgreSQL: its results get their version when the
 * capture consumer has logged the transaction (a few milliseconds, db/change-capture.ts); this waits for it, so a
 * pull after the answer acknowledges them. A consumer that does not catch up within the wait is a 503: the push is
 * committed, and its retry is answered from the stored results.
 */
export async function finishPush(
  db: Db,
  businessId: string,
  applied: AppliedPush,
  waitMs = 10_000,
  /**
   * The service's wait for the change capture to read past a WAL position (server/capture/progress.ts): notified,
   * so a waiting push holds no connection and polls nothing. Without it the wait polls inside PostgreSQL.
   */
  capturedThrough?: (lsn: bigint, timeoutMs: number) => Promise<boolean>,
): Promise<PushResponse> {
  if (applied.version !== null) return { ...applied, version: applied.version };
  // Nothing of this epoch is stored (an empty push, or every operation refused before it was kept): no result waits
  // for a version, and the answer's version is the head the log has reached.
  if (BigInt(applied.lastAppliedSeq) === 0n) {
    const head = await sql<{ version: string }>`select coalesce((select version from sync_clock where business_id = ${businessId}), 0)::text as version`.execute(db);
    return { ...applied, version: Number(head.rows[0]?.version ?? 0) };
  }
  if (capturedThrough) {
    // Committed: its COMMIT lies below the WAL's flushed position now. Once the capture has read past it, the
    // results have their version.
    const flushed = await sql<{ lsn: string }>`select pg_current_wal_flush_lsn()::text as lsn`.execute(db);
    if (!(await capturedThrough(lsnToVersion(flushed.rows[0]!.lsn), waitMs))) throw behindCapture();
    const stored = await sql<{ version: string | null }>`
      select version::text as version from sync_mutations
       where business_id = ${businessId} and terminal_id = ${applied.terminalId} and epoch = ${applied.epoch} and seq = ${BigInt(applied.lastAppliedSeq)}`.execute(db);
    const version = stored.rows[0]?.version ?? null;
    if (version === null) throw behindCapture();
    return { ...applied, version: Number(version) };
  }
  // One statement that waits inside PostgreSQL (migration 0032's kassa_push_version), polling the stored result.
  const waited = await sql<{ version: string | null }>`
    select kassa_push_version(${businessId}, ${applied.terminalId}, ${applied.epoch}, ${BigInt(applied.lastAppliedSeq)}, ${waitMs})::text as version`.execute(db);
  const version = waited.rows[0]?.version ?? null;
  if (version === null) throw behindCapture();
  return { ...applied, version: Number(version) };
}

const behindCapture = () =>
  new OperationError(503, 'The service is catching up with its change log; send the operations again', { code: 'CATCHING_UP', retryAfterSeconds: 1 });

/** Applies a push inside the caller's write transaction (the service's transactor). */
export async function applyPush(tx: Db, opening: PushOpening, body: PushBatch, options: PushOptions): Promise<AppliedPush> {
  const { terminal, client, receivedAt } = opening;
  let lastApplied = client.lastAppliedSeq;
  const results: MutationResult[] = [];
  const fresh: { mutation: QueuedOperation; outcome: Outcome }[] = [];

  const first = body.mutations.find((mutation) => mutation.seq > lastApplied);
  // Both refusals say where the service stands in each of the terminal's queues: a till that holds operations the
  // service acknowledged and no longer has (it was rewound) sends them again from there (main/terminal/rewind.ts).
  const queues = () => terminalQueues(tx, terminal.businessId, terminal.terminalId);
  if (first && first.seq > lastApplied + 1) {
    throw conflict(`Operations must continue from seq ${lastApplied + 1}`, { code: 'SEQ_GAP', expectedSeq: lastApplied + 1, queues: await queues() });
  }
  const known = body.mutations.filter((mutation) => mutation.seq <= lastApplied);
  if (known.length > 0) {
    const stored = await tx
      .selectFrom('sync_mutations')
      .select(['seq', 'mutation_id', 'status', 'result'])
      .where('business_id', '=', terminal.businessId)
      .where('terminal_id', '=', terminal.terminalId)
      .where('epoch', '=', body.epoch)
      .where(
        'seq',
        'in',
        known.map((mutation) => BigInt(mutation.seq)),
      )
      .execute();
    const bySeq = new Map(stored.map((row) => [Number(row.seq), row]));
    for (const mutation of known) {
      const row = bySeq.get(mutation.seq);
      if (row && row.mutation_id !== mutation.mutationId) {
        throw conflict(
          `seq ${mutation.seq} was already used by another operation: this database is a restored copy; continue under a new epoch`,
          { code: 'EPOCH_FORKED', seq: mutation.seq, queues: await queues() },
        );
      }
      results.push({
        seq: mutation.seq,
        mutationId: mutation.mutationId,
        status: row?.status === 'rejected' ? 'rejected' : 'applied',
        result: row?.result ? JSON.parse(row.result) : null,
      });
    }
  }

  const news = body.mutations.filter((candidate) => candidate.seq > lastApplied);
  const held = news.length === 0 ? new Map() : (opening.held ?? (await readHeld(tx, terminal.businessId, news.map((mutation) => mutation.mutationId))));
  const { toRun, answered } = sortOutDuplicates(news, held, terminal.terminalId, body.epoch);
  const ran = await applyBatch(tx, terminal, toRun, receivedAt, options, opening.actors);
  const outcomeOf = new Map(toRun.map((mutation, index) => [mutation, ran[index]!]));
  for (const mutation of news) {
    const answer = answered.get(mutation);
    const outcome = answer ? ('sameAs' in answer ? outcomeOf.get(answer.sameAs)! : answer.outcome) : outcomeOf.get(mutation)!;
    fresh.push({ mutation, outcome, ...(answer ? { duplicateOf: answer.ref } : {}) });
    results.push({ seq: mutation.seq, mutationId: mutation.mutationId, status: outcome.status, result: outcome.result });
    lastApplied = mutation.seq;
  }

  // The tail: the version is taken last; results and the queue position are stored under it.
  // (A batch of operations all applied before changes nothing and answers the version they were applied at.)
  let version: bigint | null;
  if (fresh.length > 0 && onPostgres(tx)) {
    // Stored without a version: the capture consumer gives the results and the queue position the version of
    // this transaction's commit, with its changes (server/capture/). One statement; the caller waits for the
    // version after COMMIT (finishPush).
    const [stored, advanced] = storeResults(tx, terminal, body.epoch, fresh, lastApplied, receivedAt, null);
    const together = withInsertsInFront([stored], advanced.compile());
    if (together) await tx.executeQuery(together);
    else for (const write of [stored, advanced.compile()]) await tx.executeQuery(write);
    version = null;
  } else {
    const stamped = await stampChanges(tx as unknown as Kysely<unknown>, {
      ...(fresh.length > 0 ? { always: terminal.businessId } : {}),
      ...(options.onLogged ? { onScopes: options.onLogged } : {}),
    });
    version = stamped.get(terminal.businessId) ?? client.lastAppliedVersion;
    if (fresh.length > 0) {
      const [stored, advanced] = storeResults(tx, terminal, body.epoch, fresh, lastApplied, receivedAt, version);
      await tx.executeQuery(stored);
      await advanced.execute();
    }
  }
  return {
    protocolVersion: options.protocolVersion,
    terminalId: terminal.terminalId,
    epoch: body.epoch,
    lastAppliedSeq: lastApplied,
    version: version === null ? null : Number(version),
    results,
    serverTime: new Date().toISOString(),
  };
}

/**
 * Runs a push the fast way in one transaction and, if one of its operations is rejected, again with an isolation
 * point per operation in a new one (the first rolled back whole, so nothing of it remains).
 */
export async function pushWithIsolationRetry<T>(attempt: (isolated: boolean) => Promise<T>): Promise<T> {
  try {
    return await attempt(false);
  } catch (error) {
    if (!(error instanceof PushNeedsIsolation)) throw error;
    return attempt(true);
  }
}
