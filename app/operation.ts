/**
 * How a domain operation is defined and run. One definition serves the server (HTTP) and the terminal
 * (local run + outbox): `run(db, input, ctx)` inside a transaction the caller opens through `executeOperation`.
 */
import type { z } from 'zod';
import type { catalogue, OperationId } from '../shared/catalogue/index.js';
import type { OperationSpec } from '../shared/catalogue/operation.js';
import type { Db, OperationContext } from './context.js';
import { writeAudit, type AuditType } from './audit.js';
import type { Transactor } from '../db/transactor.js';
import { PostgresAdapter } from 'kysely';
import { authorize } from './security/role-matrix.js';
import { newerFieldsOnly } from './field-versions.js';

type Entry<Id extends OperationId> = Extract<(typeof catalogue)[number], { operationId: Id }>;
type Parsed<S> = [Exclude<S, undefined>] extends [never]
  ? undefined
  : Exclude<S, undefined> extends z.ZodType
    ? z.output<Exclude<S, undefined>>
    : undefined;

/**
 * An operation's validated input. Distributed over the id: the input of a union of operations is the union of
 * their inputs, which is what lets a handler of one operation be registered as a `Handler` without a cast.
 */
export type OperationInput<Id extends OperationId> = Id extends OperationId
  ? {
      readonly body: Parsed<Entry<Id>['body']>;
      readonly query: Parsed<Entry<Id>['query']>;
      readonly params: Readonly<Record<string, string>>;
    }
  : never;

export interface AuditOptions {
  readonly type: AuditType;
  readonly action: string;
}

interface HandlerOptions {
  /** The audit entry a write records; defaults to SYSTEM / e.g. CREATE_RECEIPT. `false` for operations that log themselves. */
  readonly audit?: AuditOptions | false;
  /**
   * A POST that only reads (a reporting query): it runs like a GET, on the database handle outside any write
   * transaction, so it neither holds the writer (SQLite's group commit) nor writes an audit entry.
   */
  readonly readOnly?: boolean;
}

/** The domain logic of one catalogue operation, typed by its own entry (what `handler` returns). */
export interface OperationHandler<Id extends OperationId> extends HandlerOptions {
  readonly operationId: Id;
  run(db: Db, input: OperationInput<Id>, ctx: OperationContext): Promise<unknown>;
}

/**
 * Any operation's handler, as the registry (app/handlers.ts) holds it. `run` is a method, so its input is
 * compared both ways: an `OperationHandler<'ReceiptController_create'>` is a `Handler` with no cast. That is
 * sound here because whoever runs a handler looked it up by its own operationId and validated the input with
 * that entry's schemas first, so a handler only ever receives its own operation's input.
 */
export interface Handler extends HandlerOptions {
  readonly operationId: OperationId;
  run(db: Db, input: OperationInput<OperationId>, ctx: OperationContext): Promise<unknown>;
}

/** Defines the domain logic of one catalogue operation. */
export function handler<Id extends OperationId>(
  operationId: Id,
  run: OperationHandler<Id>['run'],
  options: HandlerOptions = {},
): OperationHandler<Id> {
  return { operationId, run, ...options };
}

/** "ReceiptController_create" → "CREATE_RECEIPT"; "ItemModifierController_updateItem" → "UPDATE_ITEM". */
export function defaultAuditAction(operationId: string): string {
  const [controller = '', method = ''] = operationId.split('_');
  const verb = method.match(/^[a-z]+/)?.[0] ?? method;
  const noun = method.slice(verb.length) || controller.replace(/Controller$/, '');
  // The reference names deletions DELETE_…, whatever the handler method is called.
  const action = verb === 'remove' ? 'delete' : verb;
  return `${action}_${noun.replace(/([a-z0-9])([A-Z])/g, '$1_$2')}`.toUpperCase();
}

type Finalizer = () => Promise<void>;

/** The steps each running write operation has deferred to the end of its transaction: ordinary, then last. */
const finalizers = new WeakMap<OperationContext, { steps: Finalizer[]; last: Finalizer[] }>();

/**
 * Runs `step` as one of the LAST statements of the operation's transaction: after the handler and its audit
 * entry, just before COMMIT. Meant for updates of hot balance rows (stock levels, client balances): on
 * PostgreSQL such a row stays locked from its update until COMMIT, so every statement run after it lengthens the
 * queue of writers waiting for the same row. Steps run in the order they were deferred. Outside
 * `executeOperation` (a direct call, a test) the step runs at once, so callers never depend on the deferral.
 * A step must not be needed by anything the operation reads or returns before it runs. `last` steps run after
 * all others (flushing writes that other steps may have carried along).
 */
export async function atCommit(ctx: OperationContext, step: Finalizer, order: 'normal' | 'last' = 'normal'): Promise<void> {
  const pending = finalizers.get(ctx);
  if (!pending) await step();
  else if (order === 'last') pending.last.push(step);
  else pending.steps.push(step);
}

/**
 * True on PostgreSQL. There concurrent writers need explicit row locks (`for update`), while SQLite has a single
 * writer, so a plain read inside a write transaction is already current; the engines also differ in a few
 * statements worth writing for each (e.g. data-modifying CTEs exist only on PostgreSQL).
 */
export function onPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Runs an operation: reads directly, writes in one transaction together with their audit entry. Any error
 * rolls the whole write back, so a failed request changes nothing. Steps deferred with `atCommit` run after the
 * audit entry, as the transaction's last statements.
 */
export async function executeOperation(
  store: { readonly db: Db; readonly writes: Transactor },
  spec: OperationSpec,
  definition: Handler,
  input: OperationInput<OperationId>,
  ctx: OperationContext,
): Promise<unknown> {
  if (spec.method === 'GET' || definition.readOnly) {
    await authorize(store.db, spec, input, ctx);
    return definition.run(store.db, input, ctx);
  }
  return store.writes.transaction((tx) => runWriteInTransaction(tx, spec, definition, input, ctx));
}

/**
 * The body of a write, inside a transaction the caller holds: the role matrix (app/security/role-matrix.ts), the
 * handler, its audit entry, then the steps it deferred with `atCommit`. `executeOperation` wraps it in a transaction of its own; a sync push runs many of
 * them in one transaction, each inside a savepoint.
 */
export async function runWriteInTransaction(
  tx: Db,
  spec: OperationSpec,
  definition: Handler,
  input: OperationInput<OperationId>,
  ctx: OperationContext,
): Promise<unknown> {
  // Every way in (REST, a till's push, the terminal's own run) comes through here: the one check of who may act,
  // before anything else (a superseded edit is answered only to a caller allowed to make it).
  await authorize(tx, spec, input, ctx);
  // A descriptive update sets only the fields it is newer for (app/field-versions.ts); a queued one older than
  // every field it sets changes nothing.
  const edit = await newerFieldsOnly(tx, spec, input, ctx);
  if (edit.superseded) return null;
  const pending = { steps: [] as Finalizer[], last: [] as Finalizer[] };
  finalizers.set(ctx, pending);
  try {
    const result = await definition.run(tx, edit.input, ctx);
    if (definition.audit !== false) {
      const audit = definition.audit ?? { type: 'SYSTEM', action: defaultAuditAction(spec.operationId) };
      await writeAudit(tx, ctx, { ...audit, record: result });
    }
    // By index: a step may defer another, which the loop still reaches (ordinary steps before last ones).
    let step = 0;
    let last = 0;
    while (step < pending.steps.length || last < pending.last.length) {
      const next = step < pending.steps.length ? pending.steps[step++] : pending.last[last++];
      await next?.();
    }
    await edit.record();
    return result;
  } finally {
    finalizers.delete(ctx);
  }
}
