/**
 * What happens to any operation, on every side. The four ways in — the service's HTTP routes (server/routes.ts),
 * a till's own run (main/terminal/local-run.ts), a till's queue replayed by the service's push (app/sync/push.ts)
 * and the renderer's bridge (main/core/bridge-operations.ts) — all come through here, in two steps:
 *
 * `prepare(name, wire, caller)` — nothing is read or written yet:
 *   1. resolve the catalogue entry and its handler (app/handlers.ts);
 *   2. for a queued write (a till's, run there or replayed by the push): only the offline classes a till may queue
 *      (`isQueueable`), and only operations open to cashiers (`access` names EMPLOYEE) — a REST caller's role was
 *      checked with its token, before anything else the route does;
 *   3. validate the input once: path parameters, body and query with the entry's schemas, and an absolute edit's
 *      basis (the value the user saw) as the entry's `basis.kind` — `checkInput`;
 *   4. build the operation's context from what the caller supplies: tenant, actor, clock, where it runs, and where
 *      new ids come from (fresh UUIDv7s, or derived from a queued operation's mutation id so the till and the
 *      service make the same records).
 *
 * `perform(db or store, prepared)` — run it: a read directly on the database (the service checks the role matrix
 * first); a write through `runWriteInTransaction` (app/operation.ts: the role matrix, the handler, its audit entry,
 * deferred steps), in the caller's transaction or in one of its own.
 *
 * What stays with each way in is only its own: the HTTP status and the principal cache (routes), the outbox row
 * and the undo journal (local run), the push's results, ack and savepoints (push), the renderer's envelope (bridge).
 */
import { findOperation, type OperationId } from '../shared/catalogue/index.js';
import { isQueueable, type OperationSpec } from '../shared/catalogue/operation.js';
import { parseDecimal } from '../shared/decimal.js';
import { badRequest, forbidden, notFound, OperationError } from '../shared/errors.js';
import { uuidv7 } from '../shared/ids.js';
import { MAX_TEXT_LENGTH } from '../shared/schema-kit.js';
import { validate } from '../shared/validation.js';
import type { Transactor } from '../db/transactor.js';
import type { Actor, Db, OperationContext } from './context.js';
import { domainHandlers } from './handlers.js';
import { runWriteInTransaction, type Handler, type OperationInput } from './operation.js';
import { authorize } from './security/role-matrix.js';
import { derivedIds } from './sync/derived-ids.js';
import { queuedRun } from './warnings.js';

/** An operation's input as it arrives: the parts of an HTTP request, as JSON values (decimals as strings). */
export interface WireInput {
  readonly params?: Readonly<Record<string, unknown>>;
  readonly query?: unknown;
  readonly body?: unknown;
  /** An absolute edit's basis as a till queued it: the value the user saw, as decimal text. */
  readonly basis?: { readonly value?: string | null } | null;
}

/** The tenant, and who acts in it. */
export interface Who {
  readonly businessId: string;
  readonly actor: Actor;
}

/** Who runs the operation, where and when: everything its context is built from. */
export interface Caller {
  /**
   * The tenant and the actor — or how to look them up once the operation itself has passed steps 1 and 2 (a push
   * looks up its employee, a till reads its scope); the lookup may refuse, e.g. an employee the business lacks.
   * It may answer at once (a push's employee already looked up) or later.
   */
  readonly who: Who | (() => Who | Promise<Who>);
  /** The operation's time, fixed for the whole operation. */
  readonly now: string;
  readonly side: 'server' | 'terminal';
  /** Where new record ids come from: fresh UUIDv7s, or the sequence of a queued operation (app/sync/derived-ids.ts). */
  readonly ids: 'fresh' | { readonly mutationId: string; readonly occurredAt: string };
  /** A till's queued operation: run at the till (`till`) or replayed by the service's push (`push`). */
  readonly queue?: 'till' | 'push';
  /**
   * A queued descriptive edit's clock stamp (app/field-versions.ts), or how to make it: only descriptive edits read
   * it, so a push asks for it only for them.
   */
  readonly editStamp?: string | (() => string | undefined);
  /**
   * Input already checked by `checkInput` on this path (the bridge checks before the terminal core runs it), so
   * it is not validated a second time.
   */
  readonly checked?: OperationInput<OperationId>;
}

/** A catalogue entry with the handler that runs it. */
export interface Resolved {
  readonly spec: OperationSpec;
  readonly handler: Handler;
}

/** An operation ready to run: its entry, handler, validated input and context. */
export interface Prepared extends Resolved {
  readonly input: OperationInput<OperationId>;
  readonly context: OperationContext;
  /** A GET, or a POST that only reads (a report): run outside any write transaction, with no audit entry. */
  readonly reads: boolean;
}

/**
 * Step 1: the entry and its handler, or undefined when the catalogue or the handlers do not have it. The service
 * passes its own map (the shared handlers plus its server-only ones, server/handlers.ts); the till runs the shared
 * ones.
 */
export function resolve(name: string, handlers: ReadonlyMap<string, Handler> = domainHandlers): Resolved | undefined {
  let known = resolvedByMap.get(handlers);
  if (!known) resolvedByMap.set(handlers, (known = new Map()));
  const handler = handlers.get(name);
  const cached = known.get(name);
  // Checked against the map each time: a map may be changed (tests replace a handler), and the lookup is cheap.
  if (cached && cached.handler === handler) return cached;
  const spec = findOperation(name);
  if (!spec || !handler) return undefined;
  const resolved = { spec, handler };
  known.set(name, resolved);
  return resolved;
}

/**
 * Entries resolved before, per handler map: a push resolves one per operation it carries, so the pair is made
 * once. Only names that resolve are kept, so the cache is bounded by the catalogue.
 */
const resolvedByMap = new WeakMap<ReadonlyMap<string, Handler>, Map<string, Resolved>>();

/** A GET, or a POST that only reads (a report): run outside any write transaction, with no audit entry. */
export function isRead({ spec, handler }: Resolved): boolean {
  return spec.method === 'GET' || handler.readOnly === true;
}

/** How a till and the push refuse what a till cannot queue (steps 1 and 2): the same rules, in their own words. */
const REFUSALS = {
  till: {
    unknown: (name: string) => notFound(`${name} is not an operation the terminal runs`),
    notQueueable: (name: string) => new OperationError(503, `${name} needs the central service`),
    notForCashiers: () => forbidden(),
  },
  push: {
    unknown: (name: string) => REFUSALS.push.notQueueable(name),
    notQueueable: (name: string) => badRequest(`${name} is not an operation a terminal can queue`, { code: 'NOT_QUEUEABLE' }),
    notForCashiers: (name: string) => forbidden(`${name} is not allowed to cashiers`),
  },
} as const;

/** The problems of an input, by part; all empty when it is valid. */
export interface InputProblems {
  readonly params: readonly string[];
  readonly body: readonly string[];
  readonly query: readonly string[];
}

export type CheckedInput =
  | { readonly ok: true; readonly input: OperationInput<OperationId> }
  /** `unknownId`: a path parameter no record can have (see `unknowableId`), answered 404 rather than 400. */
  | { readonly ok: false; readonly problems: InputProblems; readonly unknownId?: boolean };

/** No record has such an id, and PostgreSQL cannot even compare text holding a NUL: the id is answered as unknown. */
export function unknowableId(value: string): boolean {
  return value.includes('\u0000') || value.length > MAX_TEXT_LENGTH;
}

function checkParams(spec: OperationSpec, params: Readonly<Record<string, unknown>>, strict: boolean): { lines: readonly string[]; unknownId: boolean } {
  const lines: string[] = [];
  let unknownId = false;
  for (const name of spec.params) {
    const given = params[name];
    if (given === undefined || (!strict && typeof given !== 'string')) lines.push(`params.${name} is required`);
    else if (typeof given !== 'string') lines.push(`params.${name} must be a string`);
    else if (strict && given === '') lines.push(`params.${name} should not be empty`);
    else if (strict && unknowableId(given)) unknownId = true;
  }
  if (strict) for (const name of Object.keys(params)) if (!spec.params.includes(name)) lines.push(`params.property ${name} should not exist`);
  return { lines, unknownId };
}

/**
 * Step 3, the one validation of an operation's input: path parameters present, body and query by the entry's
 * schemas. Returns the exact values (decimals as scaled bigints) or every problem, by part. `strict` is for the
 * renderer's envelope `{ params, query, body }` (main/core/bridge-operations.ts): each path parameter a non-empty
 * string, no other parameter, no part the entry does not take, and each problem names its part (`body.name …`).
 */
export function checkInput(spec: OperationSpec, wire: WireInput, strict = false): CheckedInput {
  const params = wire.params ?? {};
  const checkedParams = spec.params.length === 0 && !strict ? NO_PARAM_PROBLEMS : checkParams(spec, params, strict);
  const body = checkPart('body', spec.body, wire.body, strict);
  const query = checkPart('query', spec.query, wire.query, strict);
  if (!checkedParams.unknownId && checkedParams.lines.length + body.lines.length + query.lines.length === 0) {
    return { ok: true, input: { body: body.value, query: query.value, params } as unknown as OperationInput<OperationId> };
  }
  const problems: InputProblems = { params: checkedParams.lines, body: body.lines, query: query.lines };
  return checkedParams.unknownId ? { ok: false, problems, unknownId: true } : { ok: false, problems };
}

const NO_LINES: readonly string[] = [];
const NO_PARAM_PROBLEMS = { lines: NO_LINES, unknownId: false };

/** One part (body or query) of an input, by its schema; `strict` as in `checkInput`. */
function checkPart(name: 'body' | 'query', schema: OperationSpec['body'], given: unknown, strict: boolean): { value: unknown; lines: readonly string[] } {
  if (!schema) return { value: undefined, lines: strict && given !== undefined ? [`property ${name} should not exist`] : NO_LINES };
  const result = validate(schema, given ?? {});
  if (result.ok) return { value: result.value as unknown, lines: NO_LINES };
  return { value: undefined, lines: strict ? result.problems.map((line) => `${name}.${line}`) : result.problems };
}

/** The 400 for an invalid input: the first part that has problems, each line naming its field. */
export function invalidInput(problems: InputProblems): OperationError {
  return badRequest([...([problems.params, problems.body, problems.query].find((part) => part.length > 0) ?? [])]);
}

/** Step 3 for an absolute edit queued at a till: the value the user saw, read as the entry's kind. */
function basisOf(spec: OperationSpec, wire: WireInput): bigint | undefined {
  const seen = wire.basis?.value;
  if (!spec.basis || seen === undefined || seen === null) return undefined;
  const parsed = parseDecimal(seen, spec.basis.kind);
  if (!parsed.ok) throw badRequest(`basis.value ${parsed.problem}`);
  return parsed.units;
}

/** A new UUIDv7 for each record a live call creates. */
const freshId = () => uuidv7();

/** Step 4: the operation's context, from what the caller supplies. */
export function contextOf(
  caller: Caller,
  who: Who,
  queued?: { readonly spec: OperationSpec; readonly basis: bigint | undefined },
): OperationContext {
  const context: { -readonly [K in keyof OperationContext]: OperationContext[K] } = {
    businessId: who.businessId,
    actor: who.actor,
    now: caller.now,
    side: caller.side,
    newId: caller.ids === 'fresh' ? freshId : derivedIds(caller.ids.mutationId, caller.ids.occurredAt),
  };
  if (queued?.basis !== undefined) context.basis = { value: queued.basis };
  if (queued) {
    const stamp = queued.spec.offline !== 'descriptive' || typeof caller.editStamp !== 'function' ? caller.editStamp : caller.editStamp();
    context.queued = queuedRun(queued.spec.offline, typeof stamp === 'function' ? undefined : stamp);
  }
  return context;
}

/**
 * Prepares an operation for `perform`: resolves it, checks that this caller may run it here, validates its input
 * and builds its context (see the steps at the top). Throws an `OperationError` (404, 403, 503, 400) when it
 * cannot run; nothing has been read or written.
 */
export async function prepare(operation: string | Resolved, wire: WireInput, caller: Caller): Promise<Prepared> {
  // 1. The entry and its handler. A route resolves its own once, when it is registered.
  const resolved = typeof operation === 'string' ? resolve(operation) : operation;
  if (!resolved) throw caller.queue ? REFUSALS[caller.queue].unknown(String(operation)) : notFound(`${String(operation)} is not an operation`);
  const { spec } = resolved;
  const reads = isRead(resolved);

  // 2. A queued write: a class a till may queue, open to cashiers. A till answers its reads itself; a push carries
  //    only writes.
  if (caller.queue) {
    const refuse = REFUSALS[caller.queue];
    const queueable = caller.queue === 'push' ? !reads && isQueueable(spec) : reads || isQueueable(spec);
    if (!queueable) throw refuse.notQueueable(spec.operationId);
    if (!reads && (spec.access === 'public' || !spec.access.includes('EMPLOYEE'))) throw refuse.notForCashiers(spec.operationId);
  }
  const asked = typeof caller.who === 'function' ? caller.who() : caller.who;
  const who = asked instanceof Promise ? await asked : asked;

  // 3. The input, validated once (unless this path's bridge has already checked it).
  let input = caller.checked;
  if (!input) {
    const checked = checkInput(spec, wire);
    if (!checked.ok) throw invalidInput(checked.problems);
    input = checked.input;
  }
  const basis = basisOf(spec, wire);

  // 4. The context. Only a queued write collects warnings and carries a basis.
  const context = contextOf(caller, who, caller.queue && !reads ? { spec, basis } : undefined);
  return { ...resolved, input, context, reads };
}

/** The service's database and its writer (db/transactor.ts), or the terminal's store: where `perform` opens its own transaction. */
export interface Store {
  readonly db: Db;
  readonly writes: Transactor;
}

const isStore = (on: Db | Store): on is Store => 'writes' in on;

/**
 * Runs a prepared operation. A read runs directly on the database — on the service after the role matrix; a till
 * answers reads of its own store to whoever signed in there, as the local store holds only what it was sent. A
 * write runs through `runWriteInTransaction`: inside `on` when it is a transaction the caller holds (a push, the
 * till's run with its outbox row), else in one transaction of its own — any error rolls it back whole.
 */
export async function perform(on: Db | Store, prepared: Prepared): Promise<unknown> {
  const { spec, handler, input, context } = prepared;
  if (prepared.reads) {
    const db = isStore(on) ? on.db : on;
    if (context.side === 'server') await authorize(db, spec, input, context);
    return handler.run(db, input, context);
  }
  if (isStore(on)) return on.writes.transaction((tx) => runWriteInTransaction(tx, spec, handler, input, context));
  return runWriteInTransaction(on, spec, handler, input, context);
}
