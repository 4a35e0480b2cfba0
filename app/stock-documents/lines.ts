/**
 * The lines of write-offs and movements: one table shape (`document_id` names the header), one store. Lines are
 * written once per version of the document: an edit soft-deletes the old ones (kept as history) and inserts anew.
 */
import type { Selectable } from 'kysely';
import { formatMoney, formatQuantity, type Money, type Quantity } from '../../shared/decimal.js';
import type { StockDocumentLinesTable } from '../../db/schema.js';
import { flag, units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { insertLater } from '../write.js';

export type LineTable = 'write_off_lines' | 'movement_lines' | 'inventory_lines';
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

/** A request's line items (validated by the catalogue schema) in the operations' terms. */
export function linesFromItems(
  items: readonly {
    itemId: string;
    quantity: bigint;
    price: bigint;
    measureId: string;
    multiple?: bigint | null | undefined;
    plannedQuantity?: bigint | null | undefined;
    warehouseId?: string | null | undefined;
  }[],
): DocumentLine[] {
  return items.map((item) => ({
    itemId: item.itemId,
    quantity: item.quantity as Quantity,
    price: item.price as Money,
    measureId: item.measureId,
    multiple: (item.multiple ?? null) as Quantity | null,
    plannedQuantity: (item.plannedQuantity ?? null) as Quantity | null,
    warehouseId: item.warehouseId ?? null,
  }));
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

export async function loadDocumentLines(db: Db, ctx: OperationContext, table: LineTable, documentId: string) {
  return db
    .selectFrom(table)
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('document_id', '=', documentId)
    .where('is_deleted', '=', 0)
    .orderBy('line_no')
    .execute();
}

/** Writes the lines in one multi-row INSERT (deferred on PostgreSQL: never read back in the operation). */
export async function insertDocumentLines(
  db: Db,
  ctx: OperationContext,
  table: LineTable,
  documentId: string,
  lines: readonly DocumentLine[],
): Promise<DocumentLineRow[]> {
  const rows: DocumentLineRow[] = lines.map((line, index) => ({
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
  }));
  await insertLater(db, ctx, table, rows);
  return rows;
}

/** Soft-deletes a document's live lines: replaced lines stay readable as history. */
export async function retireDocumentLines(db: Db, ctx: OperationContext, table: LineTable, documentId: string) {
  await db
    .updateTable(table)
    .set({ is_deleted: 1, dt_updated: ctx.now })
    .where('business_id', '=', ctx.businessId)
    .where('document_id', '=', documentId)
    .where('is_deleted', '=', 0)
    .execute();
}
