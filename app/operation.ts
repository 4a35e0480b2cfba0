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

type Entry<Id extends OperationId> = Extract<(typeof catalogue)[number], { operationId: Id }>;
type Parsed<S> = [Exclude<S, undefined>] extends [never]
  ? undefined
  : Exclude<S, undefined> extends z.ZodType
    ? z.output<Exclude<S, undefined>>
    : undefined;

export interface OperationInput<Id extends OperationId> {
  readonly body: Parsed<Entry<Id>['body']>;
  readonly query: Parsed<Entry<Id>['query']>;
  readonly params: Readonly<Record<string, string>>;
}

export interface AuditOptions {
  readonly type: AuditType;
  readonly action: string;
}

export interface Handler<Id extends OperationId = OperationId> {
  readonly operationId: Id;
  /** The audit entry a write records; defaults to SYSTEM / e.g. CREATE_RECEIPT. `false` for operations that log themselves. */
  readonly audit?: AuditOptions | false;
  run(db: Db, input: OperationInput<Id>, ctx: OperationContext): Promise<unknown>;
}

/** Defines the domain logic of one catalogue operation. */
export function handler<Id extends OperationId>(
  operationId: Id,
  run: Handler<Id>['run'],
  options: { audit?: AuditOptions | false } = {},
): Handler<Id> {
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
 * Runs an operation: reads directly, writes in one transaction together with their audit entry. Any error
 * rolls the whole write back, so a failed request changes nothing.
 */
export async function executeOperation(
  store: { readonly db: Db; readonly writes: Transactor },
  spec: OperationSpec,
  definition: Handler,
  input: OperationInput<OperationId>,
  ctx: OperationContext,
): Promise<unknown> {
  if (spec.method === 'GET') return definition.run(store.db, input, ctx);
  return store.writes.transaction(async (tx) => {
    const result = await definition.run(tx, input, ctx);
    if (definition.audit !== false) {
      const audit = definition.audit ?? { type: 'SYSTEM', action: defaultAuditAction(spec.operationId) };
      await writeAudit(tx, ctx, { ...audit, record: result });
    }
    return result;
  });
}
