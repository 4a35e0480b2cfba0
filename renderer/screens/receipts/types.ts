/**
 * What the receipts screen reads, as the terminal core answers it (wire form: money and quantities are canonical
 * decimal strings). Only the fields the screen uses are named; the core may send more.
 */
export interface ReceiptHeader {
  readonly id: string;
  readonly guid: string | null;
  readonly name: string;
  readonly description: string | null;
  readonly warehouseId: readonly string[];
  readonly organizationId: string;
  readonly total: string;
  readonly totalPlanned: string;
  readonly totalDiff: string;
  readonly employeeId: string;
  readonly clientId: string;
  readonly note: string | null;
  readonly conducted: boolean;
  readonly is_deleted?: boolean;
  readonly dt_created: string;
  readonly dt_updated?: string;
}

export interface ReceiptLineWire {
  readonly id?: string;
  readonly itemId: string;
  readonly quantity: string;
  readonly price: string;
  readonly plannedQuantity: string;
  readonly measureId: string;
  readonly rounding: string | null;
  readonly newPrice: string | null;
  readonly warehouseId: string | null;
}

export interface ReceiptDetail extends ReceiptHeader {
  readonly items: readonly ReceiptLineWire[];
}

export interface Named {
  readonly id: string;
  readonly name: string;
}

export interface Point extends Named {
  readonly default_warehouse_id?: string | null;
}

export interface Workplace {
  readonly id: string;
  readonly automated_point_id: string | null;
}

export interface CatalogueItem {
  readonly id: string;
  readonly name: string;
  readonly search_name?: string | null;
  readonly shtrix?: string | null;
  readonly price: string;
  readonly cost?: string | null;
  /** Free text on items: a measurement's name (e.g. "pcs") or id. */
  readonly measurement?: string | null;
  readonly is_deleted?: boolean;
}
