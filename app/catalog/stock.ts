/**
 * Stock of items and modifiers as the catalogue operations see it. The ledger (app/stock/ledger.ts) is the
 * truth: an item create with `stock_quantity` posts an opening 'adjustment' move, and an update with
 * `stock_quantity` posts an adjustment of (new − current) in one warehouse, so history is kept and the level
 * always equals the ledger's sum. (The reference inserted or overwrote stock rows directly, ignored "0" on
 * create but not on update, and summed as JS floats — its bug B5.)
 */
import { MONEY, unitsOf, type Money, type Quantity } from '../../shared/decimal.js';
import { badRequest, forbidden } from '../../shared/errors.js';
import type { Db, OperationContext } from '../context.js';
import { postStockMoves, setStockLevel } from '../stock/ledger.js';
import type { CatalogueCreate, CatalogueUpdate } from './catalogue-columns.js';
import type { CatalogueRecord, CatalogueResource } from './catalogue-resource.js';
import { isOwnWarehouse } from '../security/point-references.js';
import { WAREHOUSE_REFERENCE, checkReferences } from './references.js';

/** The stock fields of item and modifier bodies. */
export interface StockFields {
  readonly stock_quantity?: Quantity | null;
  readonly warehouseId?: string | null;
}

/**
 * The business's only live warehouse — or, with `stockedItemId`, the only live warehouse holding a level of
 * that item — or undefined when there are none or several (then the caller must name one).
 */
async function soleWarehouse(db: Db, ctx: OperationContext, stockedItemId?: string): Promise<string | undefined> {
  let query = db.selectFrom('warehouses as w').select('w.id').distinct().where('w.business_id', '=', ctx.businessId).where('w.is_deleted', '=', 0);
  if (stockedItemId !== undefined) {
    query = query
      .innerJoin('stock_levels as l', (join) => join.onRef('l.business_id', '=', 'w.business_id').onRef('l.warehouse_id', '=', 'w.id'))
      .where('l.item_id', '=', stockedItemId);
  }
  const rows = await query.limit(2).execute();
  return rows.length === 1 ? rows[0]?.id : undefined;
}

/** The warehouse named in the body, checked; undefined when none is named. */
async function namedWarehouse(db: Db, ctx: OperationContext, body: StockFields): Promise<string | undefined> {
  if (body.warehouseId === null || body.warehouseId === undefined || body.warehouseId === '') return undefined;
  await checkReferences(db, ctx, [WAREHOUSE_REFERENCE], { warehouseId: body.warehouseId });
  return body.warehouseId;
}

const warehouseRequired = () => badRequest(['warehouseId is required when stock_quantity is given']);

/**
 * A cashier or till sets stock only in its own point's warehouses (issue 28 §1, app/security/point-references.ts) —
 * checked here, where the warehouse is known even when the body names none (the entry's or the business's only one).
 */
async function requireOwnWarehouse(db: Db, ctx: OperationContext, warehouseId: string): Promise<void> {
  if (ctx.actor.role !== 'EMPLOYEE' || (await isOwnWarehouse(db, ctx, warehouseId, ctx.actor.pointId))) return;
  throw forbidden('warehouseId must be a warehouse of your own point: a cashier or till moves stock only in its own point’s warehouses');
}

/** Where an opening stock goes: the named warehouse, else the business's only one; undefined for no stock. */
async function openingWarehouse(db: Db, ctx: OperationContext, body: StockFields): Promise<string | undefined> {
  const named = await namedWarehouse(db, ctx, body);
  if (!body.stock_quantity) return named;
  const warehouseId = named ?? (await soleWarehouse(db, ctx));
  if (!warehouseId) throw warehouseRequired();
  return warehouseId;
}

/** Item and modifier answers carry the stock total read after posting, so levels are updated at once. */
const READ_BACK = { applyNow: true } as const;

/** A level row created for the entry starts with its price and measurement, as the reference's stock row did. */
function initialOf(record: CatalogueRecord) {
  return { price: unitsOf(String(record.price), MONEY) as Money, measureId: String(record.measurement) };
}

/** Posts an opening adjustment of the entry's stock in one warehouse. */
async function adjust(db: Db, ctx: OperationContext, record: CatalogueRecord, warehouseId: string, delta: bigint, docType: string) {
  const move = { itemId: record.id, warehouseId, delta: delta as Quantity, initial: initialOf(record) };
  await postStockMoves(db, ctx, [move], { reason: 'adjustment', docType, docId: record.id }, READ_BACK);
}

/**
 * Sets the stock of the entry to `body.stock_quantity` in one warehouse: the named one, else the only warehouse
 * the entry is stocked in, else the business's only warehouse (the reference's fallbacks, made unambiguous).
 * The adjustment is computed against the level read under its row lock, so a sale posted meanwhile is not
 * overwritten.
 */
async function setStock(db: Db, ctx: OperationContext, record: CatalogueRecord, body: StockFields, docType: string): Promise<void> {
  const named = await namedWarehouse(db, ctx, body);
  if (body.stock_quantity === null || body.stock_quantity === undefined) return;
  const warehouseId = named ?? (await soleWarehouse(db, ctx, record.id)) ?? (await soleWarehouse(db, ctx));
  if (!warehouseId) throw warehouseRequired();
  await requireOwnWarehouse(db, ctx, warehouseId);
  const pair = { itemId: record.id, warehouseId, initial: initialOf(record) };
  await setStockLevel(db, ctx, pair, body.stock_quantity, { reason: 'adjustment', docType, docId: record.id }, READ_BACK);
}

/** Wraps a catalogue resource whose entries hold stock (items, modifiers) with the stock side of create/update. */
export function withStock<Create extends CatalogueCreate & StockFields, Update extends CatalogueUpdate & StockFields>(
  resource: CatalogueResource<Create, Update>,
  docType: 'item' | 'modifier',
) {
  async function create(db: Db, body: Create, ctx: OperationContext) {
    // Resolved before the insert so a missing warehouse is reported before anything is written.
    const warehouseId = await openingWarehouse(db, ctx, body);
    if (warehouseId && body.stock_quantity) await requireOwnWarehouse(db, ctx, warehouseId);
    const record = await resource.create(db, body, ctx);
    if (warehouseId && body.stock_quantity) await adjust(db, ctx, record, warehouseId, body.stock_quantity, docType);
    return record;
  }

  async function update(db: Db, id: string, body: Update, ctx: OperationContext) {
    const record = await resource.update(db, id, body, ctx);
    await setStock(db, ctx, record, body, docType);
    return record;
  }

  return { ...resource, create, update };
}
