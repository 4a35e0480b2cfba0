/**
 * Low and negative stock through `POST /get` (QueryController_execute, the public reporting query): the stock
 * levels (S_Stock_List) at or below a threshold, with their items' and warehouses' names, below zero first. The
 * SQL is the same on both engines (no date or engine-specific function). The threshold is checked here as a
 * decimal and written into the query as a literal of digits only; a warehouse id is checked to be an id.
 */
import { formatQuantity, parseDecimal, QUANTITY } from '../../../shared/decimal.js';

/** More rows than this are not shown (and the page says so): the service's row cap is 10,000. */
export const STOCK_ROWS = 1000;

/** A threshold as typed (already in the service's form, "2.5"), or null when it is not a quantity. */
export function stockThreshold(text: string): string | null {
  const parsed = parseDecimal(text.trim(), QUANTITY);
  return parsed.ok ? formatQuantity(parsed.units) : null;
}

const ID = /^[A-Za-z0-9-]{1,64}$/;

export function lowStockQuery(threshold: string, warehouseId: string | null): string {
  const literal = stockThreshold(threshold);
  if (literal === null) throw new Error(`not a quantity: ${threshold}`);
  if (warehouseId !== null && !ID.test(warehouseId)) throw new Error(`not an id: ${warehouseId}`);
  const warehouse = warehouseId === null ? '' : ` and s."warehouseId" = '${warehouseId}'`;
  return (
    'select s.id, s."warehouseId" as warehouse_id, w.name as warehouse, s."itemId" as item_id, i.name as item, ' +
    'i.shtrix as barcode, i.measurement as unit, s.stock_quantity as quantity ' +
    'from "S_Stock_List" s join "S_Item" i on i.id = s."itemId" join "S_Warehouse" w on w.id = s."warehouseId" ' +
    `where s.is_deleted = false and i.is_deleted = false and w.is_deleted = false and i.is_service = false and s.stock_quantity <= ${literal}${warehouse} ` +
    `order by s.stock_quantity, i.name, w.name limit ${STOCK_ROWS + 1}`
  );
}
