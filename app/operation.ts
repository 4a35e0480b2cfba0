/**
 * How a domain operation is defined and run. One definition serves the server (HTTP) and the terminal
 * (local run + outbox): `run(db, input, ctx)` inside a transaction the caller opens through `perform` (app/pipeline.ts).
 */
import type { OperationId } from '../shared/catalogue/index.js';
import type { OperationInput } from './operation-input.js';
import type { OperationSpec } from '../shared/catalogue/operation.js';
import type { Db, OperationContext } from './context.js';
import { writeAudit, type AuditType } from './audit.js';
import { authorize } from './security/role-matrix.js';
import { newerFieldsOnly } from './field-versions.js';
import { OperationWrite } from './write.js';

export type { OperationInput } from './operation-input.js';

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

/**
 * True on PostgreSQL (db/engine.ts), exported here too for the operations that branch on the engine.
 */
export { onPostgres } from '../db/engine.js';

/**
 * The body of a write, inside a transaction the caller holds, in the order its statements run: the role matrix
 * (app/security/role-matrix.ts), the handler, its audit entry, then the work the handler deferred to the write
 * (`ctx.write`, app/write.ts), then the field versions of a descriptive edit. `perform` (app/pipeline.ts) wraps it in a
 * transaction of its own; a sync push runs many of them in one transaction, each inside a savepoint.
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
  // The handler runs with the write on its context; what it defers runs at `write.end()`.
  const write = new OperationWrite(tx);
  const inWrite: OperationContext = { ...ctx, write };
  const result = await definition.run(tx, edit.input, inWrite);
  if (definition.audit !== false) {
    const audit = definition.audit ?? { type: 'SYSTEM', action: defaultAuditAction(spec.operationId) };
    await writeAudit(tx, inWrite, { ...audit, record: result });
  }
  await write.end();
  await edit.record();
  return result;
}
