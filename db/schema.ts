/**
 * Table types for kysely. Money and quantities are BIGINT scaled integers (see shared/decimal.ts) and read back
 * as bigint on both engines; flags are 0/1 integers (bigint from SQLite, number from PostgreSQL — read them
 * with `flag()` from ./values.ts); timestamps are ISO-8601 text; lists are JSON text.
 */
import type { Generated } from 'kysely';

export type Flag = number | bigint;
export type Units = bigint;

/** Columns every tenant-owned row carries. */
export interface TenantRow {
  business_id: string;
  id: string;
  is_deleted: Flag;
  dt_created: string;
  dt_updated: string;
}

export interface BusinessesTable {
  id: string;
  name: string;
  address: string | null;
  phone_number: string | null;
  email: string | null;
  is_deleted: Flag;
  dt_created: string;
  dt_updated: string;
}

export interface UsersTable {
  id: string;
  business_id: string;
  login: string;
  login_key: string;
  password_hash: string;
  full_name: string | null;
  role: string;
  time_zone: string;
  public_name: string | null;
  language: string;
  details: string | null;
  second_verification: Flag;
  second_verification_hash: string | null;
  is_deleted: Flag;
  dt_created: string;
  dt_updated: string;
}

export interface PointsTable extends TenantRow {
  name: string;
  guid: string | null;
}

export interface WorkplacesTable extends TenantRow {
  name: string;
  guid: string | null;
  automated_point_id: string;
  /** Consecutive failed PIN logins at this workplace, and until when PIN login is locked (0003). */
  pin_failures: Generated<number | bigint>;
  pin_locked_until: string | null;
}

/** A password login of a user with second verification on, waiting for the second password (0003). */
export interface PendingLoginsTable {
  id: string;
  business_id: string;
  user_id: string;
  expires_at: string;
  attempts: Generated<number | bigint>;
  used: Generated<Flag>;
  dt_created: string;
}

export interface EmployeeRolesTable extends TenantRow {
  name: string;
  access_resources: string;
}

export interface EmployeesTable extends TenantRow {
  full_name: string;
  guid: string | null;
  role_id: string;
  pin_hash: string;
  employee_address: string | null;
  workplace_id: string | null;
  telegram_id: string | null;
  phone_number: string | null;
  notes: string | null;
  email: string | null;
}

export interface WarehousesTable extends TenantRow {
  name: string;
  location: string | null;
}

export interface MeasurementsTable extends TenantRow {
  name: string;
}

export interface SuppliersTable extends TenantRow {
  name: string;
  description: string | null;
  contact_person: string | null;
  phone_number: string | null;
  email: string | null;
  address: string | null;
}

export interface ClientsTable extends TenantRow {
  full_name: string;
  phone_number: string | null;
  email: string | null;
  address: string | null;
  birthday: string | null;
}

/** Shared by items, item groups, modifiers and modifier groups. */
export interface CatalogueColumns extends TenantRow {
  name: string;
  description: string | null;
  search_name: string | null;
  measurement: string;
  price: Units;
  cost: Units | null;
  shtrix: string | null;
  color: string | null;
  type: string;
  id_automated_point: string | null;
  tax_id: string | null;
  discount_id: string | null;
  pictures: string;
  is_menu: Flag;
  is_service: Flag;
  allow_pickup: Flag;
  allow_delivery: Flag;
}

export type ItemGroupsTable = CatalogueColumns;
export type ModifierGroupsTable = CatalogueColumns;
export interface ItemsTable extends CatalogueColumns {
  group_id: string | null;
}
export interface ModifiersTable extends CatalogueColumns {
  group_id: string | null;
  item_id: string | null;
}

export interface StockLevelsTable extends TenantRow {
  item_id: string;
  warehouse_id: string;
  quantity: Units;
  price: Units;
  measure_id: string;
  date_from: string;
  mon: Units;
  tue: Units;
  wed: Units;
  thu: Units;
  fri: Units;
  sat: Units;
  sun: Units;
}

export interface StockMovesTable {
  business_id: string;
  id: string;
  item_id: string;
  warehouse_id: string;
  delta: Units;
  /** Why stock moved: 'receipt', 'receipt_reversal', 'adjustment', … */
  reason: string;
  doc_type: string | null;
  doc_id: string | null;
  actor_id: string | null;
  dt_created: string;
}

export interface ReceiptsTable extends TenantRow {
  guid: string | null;
  name: string;
  description: string | null;
  warehouse_ids: string;
  organization_id: string;
  total: Units;
  total_planned: Units;
  total_diff: Units;
  employee_id: string;
  client_id: string;
  note: string | null;
  conducted: Flag;
}

export interface ReceiptLinesTable extends TenantRow {
  receipt_id: string;
  line_no: number | bigint;
  item_id: string;
  quantity: Units;
  price: Units;
  planned_quantity: Units;
  measure_id: string;
  rounding: Units | null;
  new_price: Units | null;
  warehouse_id: string | null;
}

/** Header columns common to inventories, write-offs and movements (migration 0004). */
export interface StockDocumentHeader extends TenantRow {
  guid: string | null;
  name: string;
  description: string | null;
  organization_id: string;
  employee_id: string;
  note: string | null;
}

export interface WriteOffsTable extends StockDocumentHeader {
  warehouse_ids: string;
  conducted: Flag;
}

export interface InventoriesTable extends StockDocumentHeader {
  warehouse_ids: string;
  total: Units;
  total_planned: Units;
  total_diff: Units;
  client_id: string;
  conducted: Flag;
}

export interface MovementsTable extends StockDocumentHeader {
  warehouse_id: string;
  to_warehouse_id: string;
}

/** A line of an inventory, a write-off or a movement (`document_id` names its header). */
export interface StockDocumentLinesTable extends TenantRow {
  document_id: string;
  line_no: number | bigint;
  item_id: string;
  quantity: Units;
  price: Units;
  measure_id: string;
  multiple: Units | null;
  /** Inventories only: the quantity the books expected. */
  planned_quantity: Units | null;
  warehouse_id: string | null;
}

export interface ClientDebtsTable extends TenantRow {
  client_id: string;
  debt_amount: Units;
  employee_id: string;
  id_automated_point: string;
}

export interface ClientDebtTxnsTable extends TenantRow {
  client_id: string;
  debt_id: string;
  amount: Units;
  /** 'transaction' (a credit sale or repayment), 'opening' (createDebt), 'adjustment' (updateDebt) or 'write_off' (removeDebt). */
  kind: string;
  employee_id: string;
  id_automated_point: string;
  signature_url: string | null;
}

export interface AuditLogTable extends TenantRow {
  user_id: string | null;
  type: string;
  action: string;
  details: string | null;
  /** The actor who posted the entry through /logs/create; null (the default, hence Generated) when the system wrote it. */
  posted_by: Generated<string | null>;
}

export interface PaymentMethodsTable extends TenantRow {
  name: string;
  guid: string | null;
}

/** Key/value settings; key_name is unique among a business's live rows. */
export interface BaseConfigTable extends TenantRow {
  key_name: string;
  key_value: string;
}

/** Percentages in hundredths of a point, values in hundredths (money). */
export interface TaxFeesTable extends TenantRow {
  guid: string | null;
  name: string;
  tax_percent: Units | null;
  tax_value: Units | null;
  fee_percent: Units | null;
  fee_value: Units | null;
  id_automated_point: string | null;
}

export interface DiscountsTable extends TenantRow {
  guid: string | null;
  name: string;
  discount_percent: Units | null;
  discount_value: Units | null;
  id_automated_point: string | null;
}

/** Printers and payment devices share these columns. */
export interface DeviceColumns extends TenantRow {
  name: string;
  guid: string | null;
  ip_address: string | null;
  port: string | null;
  provider: string | null;
  mac_address: string | null;
  type: string | null;
}
export type PrintersTable = DeviceColumns;
export type PaymentDevicesTable = DeviceColumns;

export interface Database {
  businesses: BusinessesTable;
  users: UsersTable;
  pending_logins: PendingLoginsTable;
  points: PointsTable;
  workplaces: WorkplacesTable;
  employee_roles: EmployeeRolesTable;
  employees: EmployeesTable;
  warehouses: WarehousesTable;
  measurements: MeasurementsTable;
  suppliers: SuppliersTable;
  clients: ClientsTable;
  item_groups: ItemGroupsTable;
  modifier_groups: ModifierGroupsTable;
  items: ItemsTable;
  modifiers: ModifiersTable;
  stock_levels: StockLevelsTable;
  stock_moves: StockMovesTable;
  receipts: ReceiptsTable;
  receipt_lines: ReceiptLinesTable;
  write_offs: WriteOffsTable;
  write_off_lines: StockDocumentLinesTable;
  movements: MovementsTable;
  movement_lines: StockDocumentLinesTable;
  inventories: InventoriesTable;
  inventory_lines: StockDocumentLinesTable;
  client_debts: ClientDebtsTable;
  client_debt_txns: ClientDebtTxnsTable;
  audit_log: AuditLogTable;
  payment_methods: PaymentMethodsTable;
  base_config: BaseConfigTable;
  tax_fees: TaxFeesTable;
  discounts: DiscountsTable;
  printers: PrintersTable;
  payment_devices: PaymentDevicesTable;
}
