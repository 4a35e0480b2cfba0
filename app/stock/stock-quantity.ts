/**
 * Stock rows (the reference's S_Stock_List, our `stock_levels`): one row per (item, warehouse) holding the
 * quantity — always the sum of that pair's ledger entries — and descriptive fields (price, measure, dateFrom,
 * mon…sun) that only these operations change. A quantity sent here is absolute: it becomes an 'adjustment'
 * ledger entry of (new − current), so history is kept and concurrent postings are never lost.
 * A create for a pair that already has a row sets that row (never a duplicate, never a 409). Rules:
 * docs/api/receipts-and-stock.md.
 */
import type { Selectable } from 'kysely';
import type { CreateStockListDto, UpdateStockListDto } from '../../shared/catalogue/stock-quantity.js';
import { formatMoney, formatQuantity, type Quantity } from '../../shared/decimal.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import type { StockLevelsTable } from '../../db/schema.js';
import { flag, units } from '../../db/values.js';
import { shapedQuery } from '../../db/shaped-query.js';
import type { Db, OperationContext } from '../context.js';
import { handler } from '../operation.js';
import { atCommit } from '../write.js';
import { postStockMoves } from './ledger.js';
import { setStockRow } from './stock-row.js';
import { existingReferences } from './references.js';

type StockRow = Selectable<StockLevelsTable>;
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const NOT_FOUND = 'Stock item not found';

export function stockWire(row: StockRow) {
  return {
    id: row.id,
    itemId: row.item_id,
    stock_quantity: formatQuantity(units(row.quantity)),
    price: formatMoney(units(row.price)),
    measureId: row.measure_id,
    dateFrom: row.date_from,
    warehouseId: row.warehouse_id,
    ...Object.fromEntries(WEEKDAYS.map((day) => [day, formatQuantity(units(row[day]))])),
    is_deleted: flag(row.is_deleted),
    dt_created: row.dt_created,
    dt_updated: row.dt_updated,
  };
}

/** Posts the adjustment that takes a row from `current` to `target` (nothing when they are equal). */
async function adjust(db: Db, ctx: OperationContext, row: StockRow, current: bigint, target: bigint) {
  const move = { itemId: row.item_id, warehouseId: row.warehouse_id, delta: (target - current) as Quantity };
  await postStockMoves(db, ctx, [move], { reason: 'adjustment', docType: 'stock_list', docId: row.id });
  return { ...row, quantity: target };
}

async function checkReferences(
  db: Db,
  ctx: OperationContext,
  refs: { itemId?: string; warehouseId?: string; measureId?: string },
) {
  const list = (value: string | undefined) => (value === undefined ? [] : [value]);
  const found = await existingReferences(db, ctx, {
    items: list(refs.itemId),
    warehouses: list(refs.warehouseId),
    measurements: list(refs.measureId),
  });
  const problems: string[] = [];
  if (refs.itemId !== undefined && !found.items.has(refs.itemId)) problems.push('itemId must be an existing item');
  if (refs.warehouseId !== undefined && !found.warehouses.has(refs.warehouseId))
    problems.push('warehouseId must be an existing warehouse');
  if (refs.measureId !== undefined && !found.measurements.has(refs.measureId))
    problems.push('measureId must be an existing measurement');
  if (problems.length > 0) throw badRequest(problems);
}

/** The descriptive columns a body sets (absent or null fields are left alone). */
function descriptive(body: UpdateStockListDto) {
  const changes: Partial<StockRow> = {};
  if (body.price !== undefined && body.price !== null) changes.price = body.price;
  if (body.measureId !== undefined && body.measureId !== null) changes.measure_id = body.measureId;
  if (body.dateFrom !== undefined && body.dateFrom !== null) changes.date_from = body.dateFrom;
  for (const day of WEEKDAYS) {
    const value = body[day];
    if (value !== undefined && value !== null) changes[day] = value;
  }
  return changes;
}

/**
 * Creates the row of a pair — or, when the pair already has one, makes it what the client means (issue 13 §1.3):
 * a live row (created here or by a document's posting) takes the sent values as an update would, with
 * `stock_quantity` an absolute edit posted as an adjustment against its current level; a deleted one is revived
 * with the values sent. Either way the answer is 201 with the row (the reference allowed duplicate rows, D2; we
 * answered 409, which clients of the reference do not expect).
 */
async function create(db: Db, body: CreateStockListDto, ctx: OperationContext) {
  await checkReferences(db, ctx, body);
  const fields = { ...Object.fromEntries(WEEKDAYS.map((day) => [day, 0n])), ...descriptive(body) } as Pick<
    StockRow,
    'price' | 'measure_id' | 'date_from' | (typeof WEEKDAYS)[number]
  >;
  const row: StockRow = {
    business_id: ctx.businessId,
    id: ctx.newId(),
    item_id: body.itemId,
    warehouse_id: body.warehouseId,
    quantity: 0n,
    ...fields,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
  // The unique pair index decides, so two concurrent creates cannot both insert.
  const inserted = await db
    .insertInto('stock_levels')
    .values(row)
    .onConflict((target) => target.columns(['business_id', 'item_id', 'warehouse_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return stockWire(await adjust(db, ctx, row, 0n, body.stock_quantity));
  // Reviving locks the deleted row and reads its quantity after any concurrent posting has committed.
  const revived = await db
    .updateTable('stock_levels')
    .set({ ...fields, is_deleted: 0, dt_updated: ctx.now })
    .where('business_id', '=', ctx.businessId)
    .where('item_id', '=', body.itemId)
    .where('warehouse_id', '=', body.warehouseId)
    .where('is_deleted', '=', 1)
    .returningAll()
    .executeTakeFirst();
  if (revived) return stockWire(await adjust(db, ctx, revived, units(revived.quantity), body.stock_quantity));
  return setExisting(db, ctx, body);
}

/**
 * A create for a pair whose row is live: the row's update, written at commit like `update` (the quantity read
 * under the row's lock, or against the basis a till's queued create carries), so the ledger stays conserved.
 */
async function setExisting(db: Db, ctx: OperationContext, body: CreateStockListDto) {
  const live = await db
    .selectFrom('stock_levels')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('item_id', '=', body.itemId)
    .where('warehouse_id', '=', body.warehouseId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  // Only when a concurrent create of the pair rolled back between our insert and this read.
  if (!live) throw conflict('A stock row for this item and warehouse is being written; retry');
  const changes = { ...descriptive(body), dt_updated: ctx.now };
  await atCommit(ctx, async () => {
    if (!(await setStockRow(db, ctx, live.id, changes, body.stock_quantity))) {
      throw conflict('A stock row for this item and warehouse was deleted meanwhile; retry');
    }
  });
  return stockWire({ ...live, ...changes, quantity: body.stock_quantity });
}

async function findAll(db: Db, ctx: OperationContext) {
  const rows = await db
    .selectFrom('stock_levels')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('is_deleted', '=', 0)
    .orderBy('dt_created')
    .orderBy('id')
    .execute();
  return rows.map(stockWire);
}

async function findOne(db: Db, id: string, ctx: OperationContext) {
  const row = await db
    .selectFrom('stock_levels')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return stockWire(row);
}

/**
 * Changes the descriptive fields, and sets the quantity through an adjustment entry. The row is written at
 * commit (`setStockRow`), where its quantity is read under the row's lock, so the adjustment counts postings
 * committed meanwhile. The answer is the row as read here with the changes applied.
 */
async function update(db: Db, id: string, body: UpdateStockListDto, ctx: OperationContext) {
  // Built once (db/shaped-query.ts): stock edits are frequent.
  const read = shapedQuery(db, 'stock-row-live', { businessId: ctx.businessId, id }, (v) =>
    db.selectFrom('stock_levels').selectAll().where('business_id', '=', v.businessId).where('id', '=', v.id).where('is_deleted', '=', 0),
  );
  const row = (await db.executeQuery(read)).rows[0];
  if (!row) throw notFound(NOT_FOUND);
  const target = body.stock_quantity ?? undefined;
  const adjustmentReason = body.adjustment_reason ?? null;
  // A reason explains a quantity set by hand: without one it would be stored nowhere, so it is refused.
  if (adjustmentReason !== null && target === undefined) throw badRequest(['adjustment_reason is only allowed with stock_quantity']);
  if (body.measureId !== undefined && body.measureId !== null) await checkReferences(db, ctx, { measureId: body.measureId });
  const changes = { ...descriptive(body), dt_updated: ctx.now };
  await atCommit(ctx, async () => {
    if (!(await setStockRow(db, ctx, id, changes, target, adjustmentReason))) throw notFound(NOT_FOUND);
  });
  return stockWire({ ...row, ...changes, ...(target === undefined ? {} : { quantity: target }) });
}

/** At most this many adjustments are listed: the screen shows the recent ones. */
const HISTORY_LIMIT = 100;

/**
 * The row's hand-set quantities (its adjustment entries, found by the ledger's document index), newest first,
 * each with its change, reason and who made it. Documents' postings are listed with their documents.
 */
async function history(db: Db, id: string, ctx: OperationContext) {
  const row = await db
    .selectFrom('stock_levels')
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  const moves = await db
    .selectFrom('stock_moves')
    .select(['id', 'delta', 'adjustment_reason', 'actor_id', 'dt_created'])
    .where('business_id', '=', ctx.businessId)
    .where('doc_id', '=', id)
    .where('doc_type', '=', 'stock_list')
    .orderBy('dt_created', 'desc')
    .orderBy('id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  return moves.map((move) => ({
    id: move.id,
    change: formatQuantity(units(move.delta)),
    adjustment_reason: move.adjustment_reason ?? null,
    actor_id: move.actor_id,
    dt_created: move.dt_created,
  }));
}

/** Soft-deletes the row. Stock stays as the ledger says: taking goods out is a write-off, not a deletion. */
async function remove(db: Db, id: string, ctx: OperationContext) {
  const row = await db
    .updateTable('stock_levels')
    .set({ is_deleted: 1, dt_updated: ctx.now })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound(NOT_FOUND);
  return stockWire(row);
}

export const stockQuantityHandlers = [
  handler('StockQuantityController_create', (db, { body }, ctx) => create(db, body, ctx), {
    audit: { type: 'SYSTEM', action: 'CREATE_STOCK_LIST' },
  }),
  handler('StockQuantityController_findAll', (db, _input, ctx) => findAll(db, ctx)),
  handler('StockQuantityController_findOne', (db, { params }, ctx) => findOne(db, params.id ?? '', ctx)),
  handler('StockQuantityController_update', (db, { params, body }, ctx) => update(db, params.id ?? '', body, ctx), {
    audit: { type: 'SYSTEM', action: 'UPDATE_STOCK_LIST' },
  }),
  handler('StockQuantityController_history', (db, { params }, ctx) => history(db, params.id ?? '', ctx)),
  handler('StockQuantityController_remove', (db, { params }, ctx) => remove(db, params.id ?? '', ctx), {
    audit: { type: 'SYSTEM', action: 'DELETE_STOCK_LIST' },
  }),
];
