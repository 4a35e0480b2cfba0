/**
 * The catalogue names a resource's life-cycle operations in many ways (SupplierController_create,
 * FinanceController_createTaxFee, BusinessController_findAllPrinters, …). This maps those names onto a
 * simple resource so each resource module states only its operation ids. Writes get the default audit entry
 * (SYSTEM, e.g. CREATE_SUPPLIER / UPDATE_TAX_FEE / DELETE_PRINTER), derived from the operation id.
 */
import type { OperationId } from '../../shared/catalogue/index.js';
import type { Db, OperationContext } from '../context.js';
import { handler, type AuditOptions, type Handler } from '../operation.js';

/** A resource's five life-cycle functions: a simple resource, or a document with its own rules (receipts' kin). */
export interface LifeCycle<Create, Update> {
  create(db: Db, body: Create, ctx: OperationContext): Promise<unknown>;
  findAll(db: Db, ctx: OperationContext): Promise<unknown>;
  findOne(db: Db, id: string, ctx: OperationContext): Promise<unknown>;
  update(db: Db, id: string, body: Update, ctx: OperationContext): Promise<unknown>;
  remove(db: Db, id: string, ctx: OperationContext): Promise<unknown>;
}

/** Audit entries that differ from the default (SYSTEM, named from the operation id); `false` = the write logs itself. */
export interface LifeCycleAudits {
  readonly create?: AuditOptions | false;
  readonly update?: AuditOptions | false;
  readonly remove?: AuditOptions | false;
}

/** The operation ids of one resource; `findOne` is absent where the reference has no GET by id. */
export interface LifeCycleIds {
  readonly create: OperationId;
  readonly findAll: OperationId;
  readonly findOne?: OperationId;
  readonly update: OperationId;
  readonly remove: OperationId;
}

/**
 * The handlers of `ids` over `resource`. The bodies were validated by the catalogue entries' schemas, which
 * are the ones `Create`/`Update` are inferred from; the casts only restate that for the generic operation id.
 */
export function lifeCycleHandlers<Create, Update>(
  resource: LifeCycle<Create, Update>,
  ids: LifeCycleIds,
  audits: LifeCycleAudits = {},
): Handler[] {
  const auditOf = (audit: AuditOptions | false | undefined) => (audit === undefined ? {} : { audit });
  const handlers: Handler[] = [
    handler(ids.create, (db, { body }, ctx) => resource.create(db, body as Create, ctx), auditOf(audits.create)),
    handler(ids.findAll, (db, _input, ctx) => resource.findAll(db, ctx)),
    handler(ids.update, (db, { params, body }, ctx) => resource.update(db, params.id ?? '', body as Update, ctx), auditOf(audits.update)),
    handler(ids.remove, (db, { params }, ctx) => resource.remove(db, params.id ?? '', ctx), auditOf(audits.remove)),
  ];
  if (ids.findOne) handlers.push(handler(ids.findOne, (db, { params }, ctx) => resource.findOne(db, params.id ?? '', ctx)));
  return handlers;
}
