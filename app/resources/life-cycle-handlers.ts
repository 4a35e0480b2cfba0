/**
 * The catalogue names a resource's life-cycle operations in many ways (SupplierController_create,
 * FinanceController_createTaxFee, BusinessController_findAllPrinters, …). This maps those names onto a
 * simple resource so each resource module states only its operation ids. Writes get the default audit entry
 * (SYSTEM, e.g. CREATE_SUPPLIER / UPDATE_TAX_FEE / DELETE_PRINTER), derived from the operation id.
 */
import type { OperationId } from '../../shared/catalogue/index.js';
import { handler, type Handler } from '../operation.js';
import type { simpleResource } from './simple-resource.js';

type Resource<Create, Update> = ReturnType<typeof simpleResource<Create, Update>>;

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
export function lifeCycleHandlers<Create, Update>(resource: Resource<Create, Update>, ids: LifeCycleIds): Handler[] {
  const handlers: Handler[] = [
    handler(ids.create, (db, { body }, ctx) => resource.create(db, body as Create, ctx)),
    handler(ids.findAll, (db, _input, ctx) => resource.findAll(db, ctx)),
    handler(ids.update, (db, { params, body }, ctx) => resource.update(db, params.id ?? '', body as Update, ctx)),
    handler(ids.remove, (db, { params }, ctx) => resource.remove(db, params.id ?? '', ctx)),
  ];
  if (ids.findOne) handlers.push(handler(ids.findOne, (db, { params }, ctx) => resource.findOne(db, params.id ?? '', ctx)));
  return handlers;
}
