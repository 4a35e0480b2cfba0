/**
 * Reading and writing receipts and their lines, and the one place where our column names meet the reference's
 * wire names (`warehouse_ids` ↔ `warehouseId`, `organization_id` ↔ `organizationId`, …).
 */
import { type Selectable } from 'kysely';
import { formatMoney, formatQuantity, type Money, type Quantity } from '../../shared/decimal.js';
import { notFound } from '../../shared/errors.js';
import type { ReceiptLinesTable, ReceiptsTable } from '../../db/schema.js';
import { flag, jsonList, units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { insertRows } from '../../db/insert-statements.js';
import { insertLater } from '../write.js';
import type { ReceiptLine } from './receipt-lines.js';
import type { ReplacedPrices } from './receipt-prices.js';

export type ReceiptRow = Selectable<ReceiptsTable>;
export type ReceiptLineRow = Selectable<ReceiptLinesTable>;

/** The header as the wire shows it (the reference's D_Receipt row). */
export function receiptWire(row: ReceiptRow) {
  return {
    id: row.id,
    guid: row.guid ?? null,
    name: row.name,
    description: row.description ?? null,
    warehouseId: jsonList(row.warehouse_ids),
    organizationId: row.organization_id,
    total: formatMoney(units(row.total)),
    totalPlanned: formatMoney(units(row.total_planned)),
    totalDiff: formatMoney(units(row.total_diff)),
    employeeId: row.employee_id,
    clientId: row.client_id,
    note: row.note ?? null,
    conducted: flag(row.conducted),
    is_deleted: flag(row.is_deleted),
    dt_created: row.dt_created,
    dt_updated: row.dt_updated,
  };
}

/** A line as the wire shows it (the reference's T_Receipt row, plus our optional `warehouseId`). */
export function lineWire(row: ReceiptLineRow) {
  return {
    id: row.id,
    receiptId: row.receipt_id,
    itemId: row.item_id,
    quantity: formatQuantity(units(row.quantity)),
    price: formatMoney(units(row.price)),
    plannedQuantity: formatQuantity(units(row.planned_quantity)),
    measureId: row.measure_id,
    rounding: row.rounding === null ? null : formatMoney(units(row.rounding)),
    newPrice: row.new_price === null ? null : formatMoney(units(row.new_price)),
    warehouseId: row.warehouse_id ?? null,
    is_deleted: flag(row.is_deleted),
    dt_created: row.dt_created,
    dt_updated: row.dt_updated,
  };
}

/** A stored line in the operations' terms. */
export function lineFromRow(row: ReceiptLineRow): ReceiptLine {
  return {
    itemId: row.item_id,
    quantity: units(row.quantity) as Quantity,
    price: units(row.price) as Money,
    plannedQuantity: units(row.planned_quantity) as Quantity,
    measureId: row.measure_id,
    rounding: row.rounding === null ? null : (units(row.rounding) as Money),
    newPrice: row.new_price === null ? null : (units(row.new_price) as Money),
    warehouseId: row.warehouse_id ?? null,
  };
}

/** A live receipt of the caller's business, or 404 with the reference's message. */
export async function loadReceipt(db: Db, ctx: OperationContext, id: string): Promise<ReceiptRow> {
  const row = await db
    .selectFrom('receipts')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound('Receipt not found');
  return row;
}

/**
 * Loads a live receipt for a change, locking its row first (PostgreSQL; SQLite has one writer anyway): two
 * concurrent edits of one receipt then run one after the other, and the second reads the ledger as the first
 * left it — otherwise both would reverse the same posting. The touch of `dt_updated` is what takes the lock.
 */
export async function lockReceipt(db: Db, ctx: OperationContext, id: string): Promise<ReceiptRow> {
  const row = await db
    .updateTable('receipts')
    .set({ dt_updated: ctx.now })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Receipt not found');
  return row;
}

export async function loadReceiptByGuid(db: Db, ctx: OperationContext, guid: string): Promise<ReceiptRow | undefined> {
  return db
    .selectFrom('receipts')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('guid', '=', guid)
    .executeTakeFirst();
}

/** The live lines of a receipt, in their order. */
export async function loadLines(db: Db, ctx: OperationContext, receiptId: string): Promise<ReceiptLineRow[]> {
  return db
    .selectFrom('receipt_lines')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('receipt_id', '=', receiptId)
    .where('is_deleted', '=', 0)
    .orderBy('line_no')
    .execute();
}

/**
 * Inserts the header; with a guid, a header that already has it is left alone and `false` comes back (the
 * partial unique index decides, so two concurrent retries cannot both insert).
 */
export async function insertHeader(db: Db, row: ReceiptRow): Promise<boolean> {
  if (row.guid === null) {
    await insertRows(db, 'receipts', [row]);
    return true;
  }
  const inserted = await insertRows(db, 'receipts', [row], GUID_RETRY);
  return inserted.length > 0;
}

const GUID_RETRY = 'on conflict ("business_id", "guid") where "guid" is not null do nothing returning "id"';

/**
 * Writes the lines in one multi-row INSERT and returns the stored rows. `replaced[i]`: the prices line i's
 * newPrice replaced when it was conducted (receipt-prices.ts), kept so un-conducting can restore them.
 */
export async function insertLines(
  db: Db,
  ctx: OperationContext,
  receiptId: string,
  lines: readonly ReceiptLine[],
  replaced: readonly (ReplacedPrices | undefined)[] = [],
): Promise<ReceiptLineRow[]> {
  const rows: ReceiptLineRow[] = lines.map((line, index) => ({
    business_id: ctx.businessId,
    id: ctx.newId(),
    receipt_id: receiptId,
    line_no: index,
    item_id: line.itemId,
    quantity: line.quantity,
    price: line.price,
    planned_quantity: line.plannedQuantity,
    measure_id: line.measureId,
    rounding: line.rounding,
    new_price: line.newPrice,
    warehouse_id: line.warehouseId,
    previous_price: replaced[index]?.price ?? null,
    previous_stock_price: replaced[index]?.stockPrice ?? null,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  }));
  // Not read back within the operation: on PostgreSQL they travel with the operation's last statement.
  await insertLater(db, ctx, 'receipt_lines', rows);
  return rows;
}

/** Soft-deletes a receipt's live lines: replaced lines stay readable as history. */
export async function retireLines(db: Db, ctx: OperationContext, receiptId: string): Promise<void> {
  await db
    .updateTable('receipt_lines')
    .set({ is_deleted: 1, dt_updated: ctx.now })
    .where('business_id', '=', ctx.businessId)
    .where('receipt_id', '=', receiptId)
    .where('is_deleted', '=', 0)
    .execute();
}
