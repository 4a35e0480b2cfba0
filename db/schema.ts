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
  /** The form look-alike logins share (0038, server/platform/login-skeleton.ts); NULL for a look-alike older than it. */
  login_skeleton: string | null;
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
  /** Where the point's sales take stock from unless a line names its own warehouse (0005). */
  default_warehouse_id?: string | null;
}

export interface WorkplacesTable extends TenantRow {
  name: string;
  guid: string | null;
  automated_point_id: string;
  /** Consecutive failed PIN logins at this workplace, and until when PIN login is locked (0003). */
  pin_failures: Generated<number | bigint>;
  pin_locked_until: string | null;
  /** The till's short code in its sales' numbers (1 → "A"), per business, never reused (0029); null only before 0029. */
  number?: number | bigint | null;
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
  /** The business's default warehouse (migration 0014): at most one live per business. */
  is_default: Generated<Flag>;
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
  /** How much the client may owe (money units); null: no limit (0027). */
  credit_limit?: Units | null;
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
/** A modifier group with the rules its picker enforces (0023; shared/orders/modifier-rules.ts). */
export interface ModifierGroupsTable extends CatalogueColumns {
  is_required: Generated<Flag>;
  min_choices: Generated<number>;
  max_choices: number | null;
  free_quantity: Generated<number>;
  default_modifier_id: string | null;
}
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
  /** Why a quantity was set by hand (migration 0018): STOCK_ADJUSTMENT_REASONS, or null. */
  adjustment_reason?: string | null;
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
  /** The item's price before this conducted line's newPrice replaced it (0019); restored on un-conduct. */
  previous_price?: Units | null;
  /** The price of the item's stock row in the line's warehouse before newPrice replaced it (0019). */
  previous_stock_price?: Units | null;
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
  /** How a repayment was paid: a payment method of the business, or null (0019). */
  payment_type_id?: string | null;
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
  /** 'CASH', 'CARD', 'DEBT' (the sale goes on the client's debt) or 'OTHER' (0005; defaults to 'OTHER'). */
  kind?: string;
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
/** A printer may belong to one point (0028; null: every point of the business). */
export interface PrintersTable extends DeviceColumns {
  automated_point_id: string | null;
}
export type PaymentDevicesTable = DeviceColumns;

/** An AI chat session; private to the user or employee who created it (`owner_id`) (0006). */
export interface AiChatSessionsTable extends TenantRow {
  owner_id: string;
  name: string;
}

/** A message of an AI chat session: `role` is 'user' (the person) or 'model' (the assistant's answer). */
export interface AiChatMessagesTable extends TenantRow {
  session_id: string;
  role: string;
  message: string;
}

/** A staff chat: 'CHAT' (direct) or 'GROUP'; `created_by` is a user or employee id (0006). */
export interface NaturalChatSessionsTable extends TenantRow {
  chat_type: string;
  name: string | null;
  created_by: string;
}

/** A member of a staff chat: `employee_id` holds a user's or an employee's id (the reference's wire name). */
export interface NaturalChatParticipantsTable extends TenantRow {
  session_id: string;
  employee_id: string;
}

/** A message of a staff chat, written by `employee_id` (a user or an employee). */
export interface NaturalChatMessagesTable extends TenantRow {
  session_id: string;
  employee_id: string;
  message: string;
}

/** A sale (the reference's D_Order); totals are recomputed by the server (0005). */
export interface OrdersTable extends TenantRow {
  guid: string | null;
  request_hash: string | null;
  order_id: string;
  order_name: string | null;
  total_discount: Units;
  total_tax: Units;
  total_paid: Units;
  total_change: Units | null;
  subtotal: Units;
  total_sum: Units;
  settlement_id: string | null;
  discount_percent: Units | null;
  discount_sum: Units | null;
  employee_id: string;
  client_id: string | null;
  payment_id: string | null;
  automated_point_id: string;
  workplace_id: string;
  barcode: string | null;
  delivery_fee: Units | null;
  dt_closed: string | null;
  is_voided: Flag;
  is_refunded: Flag;
  is_closed: Flag;
  /** The client whose debt the order's DEBT payments were posted to, and how much (hundredths). */
  debt_client_id: string | null;
  debt_posted: Units;
  /** The manager whose PIN approved the order's manual discount above the limit; null: nobody had to (0029). */
  discount_approved_by?: string | null;
}

/** Columns every row belonging to an order has: the order and its position. */
export interface OrderChildRow extends TenantRow {
  order_id: string;
  line_no: number | bigint;
}

export interface OrderLinesTable extends OrderChildRow {
  item_id: string;
  quantity: Units;
  price: Units;
  subtotal: Units;
  note: string | null;
  employee_id: string;
  discount_id: string | null;
  /** The warehouse the line's stock left from; null when the line moves no stock. */
  warehouse_id: string | null;
  is_voided: Flag;
  is_refunded: Flag;
  /** A stocked line recorded without a stock entry: its business had no warehouse (migration 0014). */
  moved_no_stock: Generated<Flag>;
  /** The line's modifiers as canonical JSON (0023, app/orders/line-modifiers.ts); null: none. */
  modifiers?: string | null;
}

export interface OrderDiscountsTable extends OrderChildRow {
  item_id: string | null;
  discount_value: Units | null;
  discount_percent: Units | null;
  discount_id: string | null;
}

export interface OrderTaxesTable extends OrderChildRow {
  item_id: string | null;
  tax_id: string;
  tax_percent: Units | null;
  tax_value: Units | null;
  fee_percent: Units | null;
  fee_value: Units | null;
}

export interface OrderDeliveriesTable extends TenantRow {
  order_id: string;
  customer_name: string;
  contact_phone: string;
  shipping_address: string;
  city: string;
  postal_code: string;
  country: string;
  courier_name: string | null;
  tracking_number: string | null;
  delivery_status: string;
  delivery_type: string;
  estimated_arrival: string | null;
  actual_delivery: string | null;
}

export interface OrderPaymentsTable extends OrderChildRow {
  employee_id: string;
  workplace_id: string;
  payment_type_id: string;
  paid_sum: Units;
  settlement_id: string | null;
  tip_amount: Units | null;
  discount_id: string | null;
  payment_data: string | null;
  payment_device_id: string | null;
  payment_batch_id: string | null;
  card_number: string | null;
  card_expire_date: string | null;
  card_type: string | null;
  note: string | null;
  label: string | null;
  is_refunded: Flag;
  /** The method was of the DEBT kind when the payment was written. */
  is_debt: Flag;
}

/** A refund of some or all of a closed sale's lines (migration 0025, docs/selling/refunds.md). */
export interface OrderRefundsTable extends TenantRow {
  guid: string | null;
  request_hash: string | null;
  refund_number: string;
  /** The refunded order's id, and its number as printed. */
  order_id: string;
  order_number: string;
  automated_point_id: string;
  workplace_id: string;
  /** The shift the refund was made in. */
  settlement_id: string | null;
  employee_id: string;
  manager_id: string;
  reason: string | null;
  total_sum: Units;
}

/** A sale line taken back by a refund. */
export interface OrderRefundLinesTable extends TenantRow {
  refund_id: string;
  order_id: string;
  line_no: number | bigint;
  order_line_id: string;
  item_id: string;
  warehouse_id: string | null;
  quantity: Units;
  price: Units;
  amount: Units;
}

/** Money a refund paid back by one method (a DEBT method: off the client's debt). */
export interface OrderRefundPaymentsTable extends TenantRow {
  refund_id: string;
  order_id: string;
  line_no: number | bigint;
  payment_type_id: string;
  amount: Units;
  is_debt: Flag;
  client_id: string | null;
  settlement_id: string | null;
}

/** Who voided an open order, and who approved it. */
export interface OrderVoidsTable extends TenantRow {
  order_id: string;
  employee_id: string;
  manager_id: string;
  workplace_id: string | null;
  settlement_id: string | null;
  reason: string | null;
}

/** A shift (the reference's S_Settlments); at most one open per business (0005). */
export interface SettlementsTable extends TenantRow {
  name: string;
  dt_closed: string | null;
  is_closed: Flag;
  /** The workplace (till) the shift belongs to (migration 0014); null: a shift of no till. */
  workplace_id: string | null;
  /** Cash counted into the drawer at opening (migration 0024); null: not given. */
  opening_cash: Units | null;
  /** Cash counted out at closing (the Z report), and what the shift's documents said should be there then. */
  counted_cash: Units | null;
  expected_cash: Units | null;
  /**
   * Every count made when closing the shift, as a JSON list in the order they arrived (migration 0033;
   * app/settlements/shift-counts.ts); null: none recorded. `counted_cash` is the first of them.
   */
  cash_counts: string | null;
}

/** Cash put into (`IN`) or taken out of (`OUT`) a till's drawer during a shift, with why (migration 0024). */
export interface SettlementCashMovesTable extends TenantRow {
  settlement_id: string;
  workplace_id: string | null;
  employee_id: string;
  kind: 'IN' | 'OUT';
  amount: Units;
  reason: string;
}

/** What a shift took per payment method, recorded when it closed. */
export interface SettlementTotalsTable extends TenantRow {
  settlement_id: string;
  payment_method_id: string;
  name: string;
  paid_sum: Units;
  tip_amount: Units;
  refunded_sum: Units;
  payment_count: number | bigint;
}

/** The change log terminals pull (migration 0007, db/change-capture.ts). */
/** PostgreSQL (migration 0032): the capture consumer's durable progress, one row; `version` is the head pulls serve. */
export interface SyncCaptureTable {
  id: number;
  version: bigint;
  last_commit_lsn: string | null;
  dt_updated: string;
}

export interface SyncClockTable {
  business_id: string;
  version: bigint;
}

export interface SyncPendingTable {
  seq: Generated<bigint>;
  business_id: string;
  scope: string;
  tbl: string;
  row_id: string;
  /** The row's post-image as JSON text, column names as stored. */
  row: string;
  /** JSON array of the columns an update changed; null for an insert. */
  fields: string | null;
}

/** One version's change-log entries in one scope (0012). */
export interface SyncLogTable {
  business_id: string;
  version: bigint;
  scope: string;
  /** The entries in capture order: `{"v":…,"t":…,"row":…,"fields":…}` objects separated by commas. */
  entries: string;
  entry_count: number | bigint;
}

/** A one-time enrollment code for a workplace; only its keyed digest is stored (0008). */
export interface EnrollmentCodesTable {
  business_id: string;
  id: string;
  workplace_id: string;
  code_digest: string;
  expires_at: string;
  used_at: string | null;
  terminal_id: string | null;
  created_by: string;
  dt_created: string;
}

/** An enrolled terminal (one install), bound to a workplace; revoked terminals keep their row (0008). */
export interface TerminalsTable {
  business_id: string;
  id: string;
  workplace_id: string;
  name: string | null;
  enrollment_code_id: string;
  enrolled_by: string;
  enrolled_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
  dt_created: string;
  dt_updated: string;
  /** The install the credential is bound to (0034); null until one is named. */
  install_id: string | null;
}

/** The database's generation (0034, one row): a new one after every restore. */
export interface SyncGenerationTable {
  id: number;
  generation: string;
  since: string;
  reason: string;
  previous: string | null;
  fingerprint: string | null;
}

/** Something that went wrong at a till or was found about it, recorded once (0034). */
export interface TerminalIncidentsTable {
  business_id: string;
  terminal_id: string;
  id: string;
  kind: string;
  /** JSON text. */
  detail: string;
  occurred_at: string;
  received_at: string;
}

/**
 * A sale number of a business, held once by the order that has it (0036; app/orders/sale-number-claim.ts). Never
 * removed: a deleted sale keeps its number. Not mirrored.
 */
export interface SaleNumbersTable {
  business_id: string;
  /** The sale number, as the order's `order_id` carries it ("B-17", "B-17.K7Q", "B-17/2"). */
  number: string;
  /** The id of the order holding it. */
  order_id: string;
}

/** The last health report of a terminal (0020; docs/fleet-health.md). */
export interface TerminalHealthTable {
  business_id: string;
  terminal_id: string;
  seen_at: string;
  reported_at: string | null;
  protocol_version: number | bigint;
  app_version: string | null;
  os: string | null;
  outbox_depth: bigint | null;
  oldest_unsent_age_seconds: bigint | null;
  needs_attention: bigint | null;
  last_sync_error: string | null;
  last_sync_error_at: string | null;
  printer_status: string | null;
  printer_detail: string | null;
  /** The service generation the till last synced under (0034). */
  generation: string | null;
  /** How far the till's OS clock was off when it reported, seconds (positive: ahead); null while right (0035). */
  clock_skew_seconds: bigint | null;
}

/** One local database (epoch) of a terminal, with the last pushed operation applied for it (0008). */
export interface SyncClientsTable {
  business_id: string;
  terminal_id: string;
  epoch: string;
  last_applied_seq: Generated<bigint>;
  last_applied_version: bigint | null;
  app_version: string | null;
  schema_version: number | bigint | null;
  dt_created: string;
  dt_updated: string;
}

/** The stored outcome of one pushed operation; `version` is null only until its transaction is stamped (0008). */
export interface SyncMutationsTable {
  business_id: string;
  terminal_id: string;
  epoch: string;
  seq: bigint;
  mutation_id: string;
  name: string;
  op_version: number | bigint;
  args: string;
  args_digest: string;
  occurred_at: string | null;
  received_at: string;
  status: string;
  result: string | null;
  version: bigint | null;
  /**
   * `terminal:epoch:seq` of the operation with this mutation id that ran, when this row only answers a later sending
   * of it under another queue (0037); null for the operation that ran.
   */
  duplicate_of: string | null;
}

/** An operation a revoked terminal pushed: refused, never applied, kept for the back office (0009). */
export interface RefusedOperationsTable {
  business_id: string;
  terminal_id: string;
  mutation_id: string;
  epoch: string;
  seq: bigint;
  name: string;
  employee_id: string;
  occurred_at: string;
  payload: string;
  reason: string;
  received_at: string;
}

/** Per-field versions of descriptive records (migration 0017, app/field-versions.ts): an HLC stamp per field set. */
export interface FieldVersionsTable {
  business_id: string;
  tbl: string;
  row_id: string;
  field: string;
  version: string;
}

/** One fixed window of a request rate limit (server/rate-limit.ts); times in ms since the epoch (migration 0030). */
export interface RateLimitWindowsTable {
  key: string;
  started_at: bigint;
  ends_at: bigint;
  hits: bigint;
}

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
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_discounts: OrderDiscountsTable;
  order_taxes: OrderTaxesTable;
  order_deliveries: OrderDeliveriesTable;
  order_payments: OrderPaymentsTable;
  settlements: SettlementsTable;
  settlement_totals: SettlementTotalsTable;
  settlement_cash_moves: SettlementCashMovesTable;
  order_refunds: OrderRefundsTable;
  order_refund_lines: OrderRefundLinesTable;
  order_refund_payments: OrderRefundPaymentsTable;
  order_voids: OrderVoidsTable;
  ai_chat_sessions: AiChatSessionsTable;
  ai_chat_messages: AiChatMessagesTable;
  natural_chat_sessions: NaturalChatSessionsTable;
  natural_chat_participants: NaturalChatParticipantsTable;
  natural_chat_messages: NaturalChatMessagesTable;
  sync_clock: SyncClockTable;
  sync_capture: SyncCaptureTable;
  sync_pending: SyncPendingTable;
  sync_log: SyncLogTable;
  enrollment_codes: EnrollmentCodesTable;
  terminals: TerminalsTable;
  terminal_health: TerminalHealthTable;
  sync_generation: SyncGenerationTable;
  terminal_incidents: TerminalIncidentsTable;
  sale_numbers: SaleNumbersTable;
  rate_limit_windows: RateLimitWindowsTable;
  sync_clients: SyncClientsTable;
  sync_mutations: SyncMutationsTable;
  refused_operations: RefusedOperationsTable;
  field_versions: FieldVersionsTable;
}
