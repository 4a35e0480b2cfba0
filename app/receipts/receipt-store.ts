/**
 * A receipt's rows and the one place where our column names meet the reference's wire names (`warehouse_ids` ↔
 * `warehouseId`, `organization_id` ↔ `organizationId`, …): the receipt kind's header wire and line shape. Reading
 * and writing them is the stock documents' (app/stock-documents/headers.ts, line-store.ts).
 */
import { type Selectable } from 'kysely';
import type { ReceiptItemDto } from '../../shared/catalogue/receipt.js';
import { formatMoney, formatQuantity, type Money, type Quantity } from '../../shared/decimal.js';
import type { ReceiptLinesTable, ReceiptsTable } from '../../db/schema.js';
import { flag, jsonList, units } from '../../db/values.js';
import type { OperationContext } from '../context.js';
import type { LineShape } from '../stock-documents/kind.js';
import type { ReceiptLine, ReplacedPrices } from './receipt-lines.js';

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

/** A request's line in the operations' terms. */
export function lineFromItem(item: ReceiptItemDto): ReceiptLine {
  return {
    itemId: item.itemId,
    quantity: item.quantity as Quantity,
    price: item.price as Money,
    plannedQuantity: item.plannedQuantity as Quantity,
    measureId: item.measureId,
    rounding: (item.rounding ?? null) as Money | null,
    newPrice: (item.newPrice ?? null) as Money | null,
    warehouseId: item.warehouseId ?? null,
  };
}

/**
 * The stored row of line `index`. `replaced`: the prices the line's newPrice replaced when it was conducted
 * (receipt-prices.ts), kept so un-conducting can restore them.
 */
function lineRow(ctx: OperationContext, receiptId: string, index: number, line: ReceiptLine, replaced: ReplacedPrices | undefined): ReceiptLineRow {
  return {
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
    previous_price: replaced?.price ?? null,
    previous_stock_price: replaced?.stockPrice ?? null,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
}

/** The receipt kind's lines (receipt_lines, `receipt_id` names the receipt). */
export const receiptLines: LineShape<ReceiptItemDto, ReceiptLine, ReceiptLineRow, ReplacedPrices> = {
  table: 'receipt_lines',
  documentColumn: 'receipt_id',
  fromItem: lineFromItem,
  fromRow: lineFromRow,
  row: lineRow,
  wire: lineWire,
};
