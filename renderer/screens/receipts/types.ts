/**
 * What the receipts screen reads, typed from the catalogue's output schemas (shared/catalogue/outputs/): the wire
 * form, money and quantities as canonical decimal strings. Where the screen needs only a few fields of a record
 * (lookups for selects, the item catalogue), it names them with `Pick`, so tests can give just those.
 */
import type { OperationOutput, OperationRecord } from '../../../shared/catalogue/wire-types.js';

type ReceiptWire = OperationOutput<'ReceiptController_findOne'>;

export type ReceiptHeader = OperationRecord<'ReceiptController_findAll'>;

/** A line's fields the editor reads: a stored line's, or a refused one's as it was sent. */
export type ReceiptLineWire = Pick<
  ReceiptWire['items'][number],
  'itemId' | 'quantity' | 'price' | 'plannedQuantity' | 'measureId' | 'rounding' | 'newPrice' | 'warehouseId'
>;

/** What the editor opens: a stored receipt (ReceiptController_findOne), or a refused one rebuilt from its body. */
export type ReceiptDetail = Omit<ReceiptWire, 'items' | 'is_deleted' | 'dt_updated'> & { readonly items: readonly ReceiptLineWire[] };

/** Any record a select offers by name (a supplier, a warehouse, a unit of measurement). */
export type Named = Pick<OperationRecord<'WarehouseController_findAll'>, 'id' | 'name'>;

type PointWire = OperationRecord<'BusinessController_findAllPoints'>;
export type Point = Pick<PointWire, 'id' | 'name'> & Partial<Pick<PointWire, 'default_warehouse_id'>>;

export type Workplace = Pick<OperationRecord<'BusinessController_findAllWorkplaces'>, 'id' | 'automated_point_id'>;

type ItemWire = OperationRecord<'ItemModifierController_findAllItems'>;
/** An item as the picker and the barcode index read it. `measurement` is free text: a unit's name or id. */
export type CatalogueItem = Pick<ItemWire, 'id' | 'name' | 'price'> &
  Partial<Pick<ItemWire, 'search_name' | 'shtrix' | 'cost' | 'measurement' | 'is_deleted'>>;
