/**
 * Point scope of the references an operation names (issue 28 §1). The role matrix (./role-matrix.ts) checks the
 * record an EMPLOYEE caller acts on and the point its body is written for; this module checks every other id the
 * body names — a shift, a workplace, a point, a warehouse — so that a cashier or till of point P1 cannot sell on P2's
 * shift, record a debt at P2, or set stock in P2's warehouse by naming them. (A debt in a colleague's name is a right's
 * question, CLIENT_DEBTS: ./rights.ts.) It runs inside `authorize`, so REST, a till's push and the till's own run check alike.
 *
 * What belongs to a point (docs/api.md "Who may do what"):
 * - a shift: its workplace's point; a shift naming no workplace is the whole business's (as the role matrix says);
 * - a workplace: its `automated_point_id`;
 * - a warehouse: the points that name it as their default (warehouses have no point column). A warehouse no live
 *   point names is the whole business's (a central store, or the business default every point without one sells
 *   from): any cashier may use it. One that other points name is theirs; it is also the caller's when the caller's
 *   point names no default and it is the business's default — the point sells from it;
 * An id that names no record of the business passes here: the handler answers its own 404 or 400. The stock an item
 * or modifier edit sets is checked by its handler (app/catalog/stock.ts), which knows the warehouse even when the
 * body names none.
 *
 * The table is kept here, beside its one reader, keyed by the catalogue's operation ids (a test checks every id is
 * an operation); the record-level scope stays on the catalogue entries (`pointScope`).
 */
import type { OperationId } from '../../shared/catalogue/index.js';
import type { OperationSpec } from '../../shared/catalogue/operation.js';
import { forbidden } from '../../shared/errors.js';
import type { Db, OperationContext } from '../context.js';
import { BUSINESS_WIDE_POINT } from '../debts/references.js';

/** What an id names. */
export type ReferenceKind = 'point' | 'workplace' | 'settlement' | 'warehouse';

/**
 * One body field that names a record: a dotted path, `*` for every element of a list (`items.*.warehouse_id`). The
 * field may hold one id or a list of ids (a stock document's `warehouseId`).
 */
export interface Reference {
  readonly field: string;
  readonly names: ReferenceKind;
}

const ref = (field: string, names: ReferenceKind): Reference => ({ field, names });

/** What an order's update may name: the shift it moves to, its payments' shifts, its lines' warehouses. */
const ORDER_UPDATE_REFERENCES = [ref('settlement_id', 'settlement'), ref('payments.*.settlement_id', 'settlement'), ref('items.*.warehouse_id', 'warehouse')];
/**
 * A sale also names its till. Its `employee_id` is not checked: a cashier's sale is recorded as theirs whatever the
 * body names (app/orders), as reference clients send the field freely.
 */
const ORDER_REFERENCES = [ref('workplace_id', 'workplace'), ...ORDER_UPDATE_REFERENCES];
/** A stock document's warehouses: the header's (one or a list) and each line's own. */
const DOCUMENT_REFERENCES = [ref('warehouseId', 'warehouse'), ref('items.*.warehouseId', 'warehouse')];
/**
 * A movement's both warehouses: a cashier moves stock within its own point (floor and back room) or to and from the
 * business's warehouses (a central store). Stock between two points is moved by an owner or admin: a cashier's
 * movement would otherwise change another point's stock, which that point never agreed to.
 */
const MOVEMENT_REFERENCES = [ref('warehouseId', 'warehouse'), ref('toWarehouseId', 'warehouse')];
/**
 * A debt is recorded at the caller's own point. In whose name is a right's question, not the point's: a debt entry in
 * another employee's name needs CLIENT_DEBTS (app/security/rights.ts, `another-employees-name`), so a manager
 * approving at the till with their PIN may record it in the cashier's name.
 */
const DEBT_REFERENCES = [ref('id_automated_point', 'point')];

/** The references each EMPLOYEE-callable write names, by operation. */
export const POINT_REFERENCES: Partial<Record<OperationId, readonly Reference[]>> = {
  OrderController_create: ORDER_REFERENCES,
  OrderController_update: ORDER_UPDATE_REFERENCES,
  OrderRefundController_create: [ref('workplace_id', 'workplace'), ref('settlement_id', 'settlement')],
  OrderRefundController_void: [ref('settlement_id', 'settlement')],
  ReceiptController_create: DOCUMENT_REFERENCES,
  ReceiptController_update: DOCUMENT_REFERENCES,
  WriteOffController_create: DOCUMENT_REFERENCES,
  WriteOffController_update: DOCUMENT_REFERENCES,
  InventoryController_create: DOCUMENT_REFERENCES,
  InventoryController_update: DOCUMENT_REFERENCES,
  MovementController_create: MOVEMENT_REFERENCES,
  MovementController_update: MOVEMENT_REFERENCES,
  StockQuantityController_create: [ref('warehouseId', 'warehouse')],
  ClientDebtController_createDebt: DEBT_REFERENCES,
  ClientDebtController_createTransaction: DEBT_REFERENCES,
  // Printers stay open to cashiers with the settings right (issue 28 §2), at their own point only.
  BusinessController_createPrinter: [ref('automated_point_id', 'point')],
  BusinessController_updatePrinter: [ref('automated_point_id', 'point')],
};

/** Operations whose path `{id}` is a printer: one of another point is not the caller's (one of no point is every point's). */
const PRINTER_OPERATIONS: ReadonlySet<string> = new Set(['BusinessController_updatePrinter', 'BusinessController_removePrinter']);

/** Operations whose path `{id}` is a stock row: the row's warehouse must be the caller's. */
const STOCK_ROW_OPERATIONS: ReadonlySet<string> = new Set(['StockQuantityController_update', 'StockQuantityController_remove']);

/** Every value at a dotted path of the body, with the path it was found at (`items.2.warehouse_id`). */
export function valuesAt(body: unknown, field: string): { path: string; value: string }[] {
  const found: { path: string; value: string }[] = [];
  const walk = (node: unknown, rest: readonly string[], path: string) => {
    if (node === null || node === undefined) return;
    if (rest.length === 0) {
      if (typeof node === 'string' && node !== '') found.push({ path, value: node });
      else if (Array.isArray(node)) node.forEach((item, index) => typeof item === 'string' && item !== '' && found.push({ path: `${path}.${index}`, value: item }));
      return;
    }
    const [head, ...tail] = rest as [string, ...string[]];
    if (head === '*') {
      if (Array.isArray(node)) node.forEach((item, index) => walk(item, tail, `${path}.${index}`));
      return;
    }
    if (typeof node === 'object' && !Array.isArray(node)) walk((node as Record<string, unknown>)[head], tail, path === '' ? head : `${path}.${head}`);
  };
  walk(body, field.split('.'), '');
  return found;
}

/** The point of a workplace of the business (deleted ones too), or null if there is no such workplace. */
export async function pointOfWorkplace(db: Db, ctx: OperationContext, workplaceId: string): Promise<string | null> {
  const row = await db
    .selectFrom('workplaces')
    .select('automated_point_id')
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', workplaceId)
    .executeTakeFirst();
  return row?.automated_point_id ?? null;
}

/** The point of a shift: its workplace's; null when there is no such shift or it names no workplace (business-wide). */
async function pointOfSettlement(db: Db, ctx: OperationContext, settlementId: string): Promise<string | null> {
  const row = await db
    .selectFrom('settlements')
    .select('workplace_id')
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', settlementId)
    .executeTakeFirst();
  return row?.workplace_id ? pointOfWorkplace(db, ctx, row.workplace_id) : null;
}

/** Does the business have this point (deleted ones too)? An unknown one is the handler's 400, not a refusal. */
async function isPointOfBusiness(db: Db, ctx: OperationContext, pointId: string): Promise<boolean> {
  const row = await db.selectFrom('points').select('id').where('business_id', '=', ctx.businessId).where('id', '=', pointId).executeTakeFirst();
  return row !== undefined;
}

/**
 * May a caller of point `own` (undefined: a token of no point) put stock in or take it out of this warehouse? See
 * the top of the file: a warehouse no live point names is the business's; else it must be the caller's point's,
 * by name or as the business default its point sells from.
 */
export async function isOwnWarehouse(db: Db, ctx: OperationContext, warehouseId: string, own: string | undefined): Promise<boolean> {
  const namers = await db
    .selectFrom('points')
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('default_warehouse_id', '=', warehouseId)
    .where('is_deleted', '=', 0)
    .execute();
  if (namers.length === 0) return true;
  if (own === undefined) return false;
  if (namers.some((point) => point.id === own)) return true;
  const ownPoint = await db.selectFrom('points').select('default_warehouse_id').where('business_id', '=', ctx.businessId).where('id', '=', own).executeTakeFirst();
  if (!ownPoint || ownPoint.default_warehouse_id) return false;
  const warehouse = await db.selectFrom('warehouses').select('is_default').where('business_id', '=', ctx.businessId).where('id', '=', warehouseId).executeTakeFirst();
  return warehouse !== undefined && Number(warehouse.is_default) === 1;
}

const WHAT: Record<ReferenceKind, string> = {
  point: 'must name your own point: a cashier or till acts only at its own point',
  workplace: 'must be a workplace of your own point: a cashier or till acts only at its own point’s tills',
  settlement: 'must be a shift of your own point: a cashier or till acts only on its own point’s shifts',
  warehouse: 'must be a warehouse of your own point: a cashier or till moves stock only in its own point’s warehouses',
};

/** Is the record this id names the caller's own (or the business's, or unknown here)? */
async function isOwn(db: Db, ctx: OperationContext, kind: ReferenceKind, id: string): Promise<boolean> {
  const own = ctx.actor.pointId;
  switch (kind) {
    case 'point':
      // The reference's business-wide "0" from a cashier or till is recorded at its own point (app/debts/references.ts).
      if (id === own || id === BUSINESS_WIDE_POINT) return true;
      return !(await isPointOfBusiness(db, ctx, id));
    case 'workplace': {
      const point = await pointOfWorkplace(db, ctx, id);
      return point === null || point === own;
    }
    case 'settlement': {
      const point = await pointOfSettlement(db, ctx, id);
      return point === null || point === own;
    }
    case 'warehouse':
      return isOwnWarehouse(db, ctx, id, own);
  }
}

/**
 * Throws 403 naming the first body field whose record is not the EMPLOYEE caller's own point's. Callers run it only for EMPLOYEE actors: owners and admins are not limited.
 */
export async function checkPointReferences(
  db: Db,
  spec: OperationSpec,
  input: { readonly body?: unknown; readonly params: Readonly<Record<string, string>> },
  ctx: OperationContext,
): Promise<void> {
  if (PRINTER_OPERATIONS.has(spec.operationId) && input.params.id !== undefined) {
    const row = await db
      .selectFrom('printers')
      .select('automated_point_id')
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', input.params.id)
      .executeTakeFirst();
    if (row?.automated_point_id && row.automated_point_id !== ctx.actor.pointId) {
      throw forbidden('This printer belongs to another point: a cashier or till changes only its own point’s printers');
    }
  }
  if (STOCK_ROW_OPERATIONS.has(spec.operationId) && input.params.id !== undefined) {
    const row = await db
      .selectFrom('stock_levels')
      .select('warehouse_id')
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', input.params.id)
      .executeTakeFirst();
    if (row && !(await isOwnWarehouse(db, ctx, row.warehouse_id, ctx.actor.pointId))) {
      throw forbidden('This stock row is in another point’s warehouse: a cashier or till moves stock only in its own point’s warehouses');
    }
  }
  const references = POINT_REFERENCES[spec.operationId as OperationId];
  if (!references) return;
  const checked = new Set<string>();
  for (const reference of references) {
    for (const { path, value } of valuesAt(input.body, reference.field)) {
      const key = `${reference.names}\u0000${value}`;
      if (checked.has(key)) continue;
      if (!(await isOwn(db, ctx, reference.names, value))) throw forbidden(`${path} ${WHAT[reference.names]}`);
      checked.add(key);
    }
  }
}
