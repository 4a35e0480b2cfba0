/**
 * The reporting views: what `POST /get` (and the AI chat's SQL) may read. Each view carries the reference's table
 * name and column names (§13 of the behaviour reference) over one of our tables, and is defined in code, not in
 * the database: the runner puts the views a query names in front of it as common table expressions filtered by
 * the caller's business, so the query's text can only ever see that business's rows.
 *
 * Adding a view is one entry below. A column that must never be read (a PIN or password hash, a lockout counter)
 * is simply not listed.
 */
import type { Database } from '../../db/schema.js';

/**
 * How a stored column is shown: `text` as stored; `money`/`percent` (hundredths) and `quantity` (thousandths)
 * as exact decimals; `flag` as a boolean where the engine has one; `timestamp` as a point in time where the
 * engine has a type for it.
 */
export type ColumnKind = 'text' | 'integer' | 'money' | 'percent' | 'quantity' | 'flag' | 'timestamp';

export interface ViewColumn {
  /** The stored column of `table`. */
  readonly column: string;
  readonly kind: ColumnKind;
}

export interface ReportingView {
  readonly table: keyof Database;
  /** Reference column name → stored column; in the order a `select *` returns them. */
  readonly columns: Readonly<Record<string, ViewColumn>>;
}

const text = (column: string): ViewColumn => ({ column, kind: 'text' });
const money = (column: string): ViewColumn => ({ column, kind: 'money' });
const percent = (column: string): ViewColumn => ({ column, kind: 'percent' });
const quantity = (column: string): ViewColumn => ({ column, kind: 'quantity' });
const flag = (column: string): ViewColumn => ({ column, kind: 'flag' });
const timestamp = (column: string): ViewColumn => ({ column, kind: 'timestamp' });
const integer = (column: string): ViewColumn => ({ column, kind: 'integer' });

/** Same-named text columns. */
const texts = (...names: string[]) => Object.fromEntries(names.map((name) => [name, text(name)]));

/** Every view starts with the id and ends with the soft-delete flag and the timestamps (deleted rows included). */
function view(table: keyof Database, columns: Record<string, ViewColumn>): ReportingView {
  return {
    table,
    columns: {
      id: text('id'),
      ...columns,
      is_deleted: flag('is_deleted'),
      dt_created: timestamp('dt_created'),
      dt_updated: timestamp('dt_updated'),
    },
  };
}

const catalogueColumns = {
  ...texts('name', 'description', 'search_name', 'measurement'),
  price: money('price'),
  cost: money('cost'),
  ...texts('shtrix', 'color', 'type', 'id_automated_point', 'tax_id', 'discount_id', 'pictures'),
  is_menu: flag('is_menu'),
  is_service: flag('is_service'),
  allow_pickup: flag('allow_pickup'),
  allow_delivery: flag('allow_delivery'),
};

const stockDocumentLine = (headerColumn: string) => ({
  [headerColumn]: text('document_id'),
  itemId: text('item_id'),
  quantity: quantity('quantity'),
  price: money('price'),
  measureId: text('measure_id'),
  warehouseId: text('warehouse_id'),
  line_no: integer('line_no'),
});

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** By the reference's table name (the misspelt S_Settlments included: it is the reference's). */
export const REPORTING_VIEWS: Readonly<Record<string, ReportingView>> = {
  A_Automated_Point: view('points', texts('name', 'guid')),
  A_Workplace: view('workplaces', texts('name', 'guid', 'automated_point_id')),
  S_Employee: view(
    'employees',
    texts('full_name', 'guid', 'role_id', 'employee_address', 'workplace_id', 'telegram_id', 'phone_number', 'notes', 'email'),
  ),
  S_Employee_Role: view('employee_roles', texts('name', 'access_resources')),
  S_Item: view('items', { group_id: text('group_id'), ...catalogueColumns }),
  S_Item_Group: view('item_groups', catalogueColumns),
  S_ModifierGroup: view('modifier_groups', catalogueColumns),
  S_Modifier: view('modifiers', { group_id: text('group_id'), item_id: text('item_id'), ...catalogueColumns }),
  S_Measurement: view('measurements', texts('name')),
  S_Payment_Method: view('payment_methods', texts('name', 'guid')),
  S_Tax_Fee: view('tax_fees', {
    ...texts('guid', 'name'),
    tax_percent: percent('tax_percent'),
    tax_value: money('tax_value'),
    fee_percent: percent('fee_percent'),
    fee_value: money('fee_value'),
    id_automated_point: text('id_automated_point'),
  }),
  S_Discount: view('discounts', {
    ...texts('guid', 'name'),
    discount_percent: percent('discount_percent'),
    discount_value: money('discount_value'),
    id_automated_point: text('id_automated_point'),
  }),
  // Ours: `is_default`, the business's default warehouse (issue 13 §1.1).
  S_Warehouse: view('warehouses', { ...texts('name', 'location'), is_default: flag('is_default') }),
  S_Supplier: view('suppliers', texts('name', 'description', 'contact_person', 'phone_number', 'email', 'address')),
  S_Clients: view('clients', texts('full_name', 'phone_number', 'email', 'address', 'birthday')),
  S_Client_Debt: view('client_debts', {
    client_id: text('client_id'),
    debt_amount: money('debt_amount'),
    ...texts('employee_id', 'id_automated_point'),
  }),
  S_Client_Debt_Transaction: view('client_debt_txns', {
    client_id: text('client_id'),
    debt_amount: money('amount'),
    ...texts('employee_id', 'id_automated_point', 'signature_url', 'debt_id', 'kind'),
  }),
  S_Stock_List: view('stock_levels', {
    itemId: text('item_id'),
    stock_quantity: quantity('quantity'),
    price: money('price'),
    measureId: text('measure_id'),
    dateFrom: text('date_from'),
    warehouseId: text('warehouse_id'),
    ...Object.fromEntries(WEEKDAYS.map((day) => [day, quantity(day)])),
  }),
  S_Base_Config: view('base_config', texts('key_name', 'key_value')),
  S_Logs: view('audit_log', texts('user_id', 'type', 'action', 'details', 'posted_by')),
  S_Printer: view('printers', texts('name', 'ip_address', 'port', 'provider', 'mac_address', 'guid', 'type')),
  S_Payment_Devices: view('payment_devices', texts('name', 'guid', 'ip_address', 'mac_address', 'port', 'provider', 'type')),
  D_Receipt: view('receipts', {
    ...texts('guid', 'name', 'description'),
    warehouseId: text('warehouse_ids'),
    organizationId: text('organization_id'),
    total: money('total'),
    totalPlanned: money('total_planned'),
    totalDiff: money('total_diff'),
    employeeId: text('employee_id'),
    clientId: text('client_id'),
    note: text('note'),
    conducted: flag('conducted'),
  }),
  T_Receipt: view('receipt_lines', {
    receiptId: text('receipt_id'),
    itemId: text('item_id'),
    quantity: quantity('quantity'),
    price: money('price'),
    plannedQuantity: quantity('planned_quantity'),
    measureId: text('measure_id'),
    rounding: money('rounding'),
    newPrice: money('new_price'),
    warehouseId: text('warehouse_id'),
    line_no: integer('line_no'),
  }),
  D_Cancellation: view('write_offs', {
    ...texts('guid', 'name', 'description'),
    warehouseId: text('warehouse_ids'),
    organizationId: text('organization_id'),
    employeeId: text('employee_id'),
    note: text('note'),
    conducted: flag('conducted'),
  }),
  T_Cancellation: view('write_off_lines', { ...stockDocumentLine('cancellationId'), multiple: quantity('multiple') }),
  D_Movement: view('movements', {
    ...texts('guid', 'name', 'description'),
    warehouseId: text('warehouse_id'),
    toWarehouseId: text('to_warehouse_id'),
    organizationId: text('organization_id'),
    employeeId: text('employee_id'),
    note: text('note'),
  }),
  T_Movement: view('movement_lines', { ...stockDocumentLine('movementId'), multiple: quantity('multiple') }),
  D_Inventory: view('inventories', {
    ...texts('guid', 'name', 'description'),
    warehouseId: text('warehouse_ids'),
    organizationId: text('organization_id'),
    total: money('total'),
    totalPlanned: money('total_planned'),
    totalDiff: money('total_diff'),
    employeeId: text('employee_id'),
    clientId: text('client_id'),
    note: text('note'),
    conducted: flag('conducted'),
  }),
  T_Inventory: view('inventory_lines', { ...stockDocumentLine('inventoryId'), plannedQuantity: quantity('planned_quantity') }),
  D_Order: view('orders', {
    ...texts('guid', 'order_id', 'order_name'),
    total_discount: money('total_discount'),
    total_tax: money('total_tax'),
    total_paid: money('total_paid'),
    total_change: money('total_change'),
    subtotal: money('subtotal'),
    total_sum: money('total_sum'),
    settlement_id: text('settlement_id'),
    discount_percent: percent('discount_percent'),
    discount_sum: money('discount_sum'),
    ...texts('employee_id', 'client_id', 'payment_id', 'automated_point_id', 'workplace_id', 'barcode'),
    delivery_fee: money('delivery_fee'),
    dt_closed: timestamp('dt_closed'),
    is_voided: flag('is_voided'),
    is_refunded: flag('is_refunded'),
    is_closed: flag('is_closed'),
  }),
  T_Order_Item: view('order_lines', {
    ...texts('order_id', 'item_id'),
    quantity: quantity('quantity'),
    price: money('price'),
    subtotal: money('subtotal'),
    ...texts('note', 'employee_id', 'discount_id', 'warehouse_id'),
    is_voided: flag('is_voided'),
    is_refunded: flag('is_refunded'),
    line_no: integer('line_no'),
    // Ours: a stocked line sold while its business had no warehouse, so it moved no stock (issue 13 §1.1).
    moved_no_stock: flag('moved_no_stock'),
  }),
  T_Order_Discount: view('order_discounts', {
    ...texts('order_id', 'item_id'),
    discount_value: money('discount_value'),
    discount_percent: percent('discount_percent'),
    discount_id: text('discount_id'),
  }),
  T_Order_Item_Tax: view('order_taxes', {
    ...texts('order_id', 'item_id', 'tax_id'),
    tax_percent: percent('tax_percent'),
    tax_value: money('tax_value'),
    fee_percent: percent('fee_percent'),
    fee_value: money('fee_value'),
  }),
  T_Order_Delivery: view(
    'order_deliveries',
    texts(
      'order_id',
      'customer_name',
      'contact_phone',
      'shipping_address',
      'city',
      'postal_code',
      'country',
      'courier_name',
      'tracking_number',
      'delivery_status',
      'delivery_type',
      'estimated_arrival',
      'actual_delivery',
    ),
  ),
  T_Order_Payment: view('order_payments', {
    ...texts('employee_id', 'order_id', 'workplace_id', 'payment_type_id'),
    paid_sum: money('paid_sum'),
    settlement_id: text('settlement_id'),
    tip_amount: money('tip_amount'),
    ...texts(
      'discount_id',
      'payment_data',
      'payment_device_id',
      'payment_batch_id',
      'card_number',
      'card_expire_date',
      'card_type',
      'note',
      'label',
    ),
    is_refunded: flag('is_refunded'),
  }),
  S_Settlments: view('settlements', {
    name: text('name'),
    dt_closed: timestamp('dt_closed'),
    is_closed: flag('is_closed'),
    // Ours: the workplace (till) the shift belongs to (issue 13 §1.6).
    workplace_id: text('workplace_id'),
  }),
};

export const REPORTING_VIEW_NAMES: readonly string[] = Object.keys(REPORTING_VIEWS);
