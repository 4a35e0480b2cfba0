/**
 * The lines of write-offs, movements and inventories: one table shape (`document_id` names the header), so one line
 * shape serves the three kinds; each names its table and the wire's name of the header id.
 */
import type { Selectable } from 'kysely';
import { formatMoney, formatQuantity, type Money, type Quantity } from '../../shared/decimal.js';
import type { StockDocumentLinesTable } from '../../db/schema.js';
import { flag, units } from '../../db/values.js';
import type { OperationContext } from '../context.js';
import type { LineShape } from './kind.js';

export type DocumentLineRow = Selectable<StockDocumentLinesTable>;

/** One line as the operations see it, whether it came from a request or from storage. */
export interface DocumentLine {
  readonly itemId: string;
  readonly quantity: Quantity;
  readonly price: Money;
  readonly measureId: string;
  readonly multiple: Quantity | null;
  /** Inventories only: the quantity the books expected (null elsewhere). */
  readonly plannedQuantity: Quantity | null;
  /** The line's own warehouse (write-offs and inventories), or null for the document's. */
  readonly warehouseId: string | null;
}

/** A request's line item (validated by the catalogue schema). */
export interface DocumentItem {
  readonly itemId: string;
  readonly quantity: bigint;
  readonly price: bigint;
  readonly measureId: string;
  readonly multiple?: bigint | null | undefined;
  readonly plannedQuantity?: bigint | null | undefined;
  readonly warehouseId?: string | null | undefined;
}

/** A request's line item in the operations' terms. */
export function lineFromItem(item: DocumentItem): DocumentLine {
  return {
    itemId: item.itemId,
    quantity: item.quantity as Quantity,
    price: item.price as Money,
    measureId: item.measureId,
    multiple: (item.multiple ?? null) as Quantity | null,
    plannedQuantity: (item.plannedQuantity ?? null) as Quantity | null,
    warehouseId: item.warehouseId ?? null,
  };
}

export function lineFromRow(row: DocumentLineRow): DocumentLine {
  return {
    itemId: row.item_id,
    quantity: units(row.quantity) as Quantity,
    price: units(row.price) as Money,
    measureId: row.measure_id,
    multiple: row.multiple === null ? null : (units(row.multiple) as Quantity),
    plannedQuantity: row.planned_quantity === null ? null : (units(row.planned_quantity) as Quantity),
    warehouseId: row.warehouse_id ?? null,
  };
}

const optionalQuantity = (value: DocumentLineRow['multiple']) => (value === null ? null : formatQuantity(units(value)));

/**
 * A line as the wire shows it; `documentField` is the reference's name of the header id (`cancellationId`, …).
 * Inventory lines (T_Inventory) carry `plannedQuantity` where the others (T_Cancellation, T_Movement) carry
 * `multiple`.
 */
export function documentLineWire(row: DocumentLineRow, documentField: string) {
  const counted = documentField === 'inventoryId';
  return {
    id: row.id,
    [documentField]: row.document_id,
    itemId: row.item_id,
    quantity: formatQuantity(units(row.quantity)),
    price: formatMoney(units(row.price)),
    ...(counted ? { plannedQuantity: optionalQuantity(row.planned_quantity) } : {}),
    measureId: row.measure_id,
    ...(counted ? {} : { multiple: optionalQuantity(row.multiple) }),
    warehouseId: row.warehouse_id ?? null,
    is_deleted: flag(row.is_deleted),
    dt_created: row.dt_created,
    dt_updated: row.dt_updated,
  };
}

function documentLineRow(ctx: OperationContext, documentId: string, index: number, line: DocumentLine): DocumentLineRow {
  return {
    business_id: ctx.businessId,
    id: ctx.newId(),
    document_id: documentId,
    line_no: index,
    item_id: line.itemId,
    quantity: line.quantity,
    price: line.price,
    measure_id: line.measureId,
    multiple: line.multiple,
    planned_quantity: line.plannedQuantity,
    warehouse_id: line.warehouseId,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
}

/** The line shape of a write-off, movement or inventory kept in `table`, its header id named `documentField`. */
export function documentLines(
  table: 'write_off_lines' | 'movement_lines' | 'inventory_lines',
  documentField: string,
): LineShape<DocumentItem, DocumentLine, DocumentLineRow, never> {
  return {
    table,
    documentColumn: 'document_id',
    fromItem: lineFromItem,
    fromRow: lineFromRow,
    row: documentLineRow,
    wire: (row) => documentLineWire(row, documentField),
  };
}
