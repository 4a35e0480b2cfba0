/**
 * The warnings the sync records (docs/sync.md, "Facts and warnings"): one Log entry of type WARNING per rule a
 * till's operation broke and was applied anyway, `details` holding the operation, the till, the employee and the
 * warning itself (app/sync/warning-log.ts). Read through `LogController_findAll?type=WARNING`; this turns an entry
 * into a row, and lists the ids of items and clients it names so their names can be read in one query.
 */
export interface LogEntry {
  readonly id: string;
  readonly action: string;
  readonly details: string | null;
  readonly dt_created: string;
}

export interface WarningRow {
  readonly id: string;
  readonly code: string;
  /** When it happened at the till (the operation's time), else when it reached the office. */
  readonly at: string;
  readonly workplaceId: string | null;
  readonly employeeId: string | null;
  readonly itemId: string | null;
  readonly warehouseId: string | null;
  readonly clientId: string | null;
  readonly quantity: string | null;
  readonly balance: string | null;
  readonly limit: string | null;
}

const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function warningRow(entry: LogEntry): WarningRow {
  let details: Record<string, unknown> = {};
  try {
    const parsed: unknown = entry.details ? JSON.parse(entry.details) : {};
    if (parsed && typeof parsed === 'object') details = parsed as Record<string, unknown>;
  } catch {
    // A hand-written entry of type WARNING (LogController_create) need not hold JSON: shown with what it has.
  }
  const warning = (details.warning && typeof details.warning === 'object' ? details.warning : {}) as Record<string, unknown>;
  return {
    id: entry.id,
    code: textOf(warning.code) ?? entry.action,
    at: textOf(details.occurredAt) ?? entry.dt_created,
    workplaceId: textOf(details.workplaceId),
    employeeId: textOf(details.employeeId),
    itemId: textOf(warning.itemId),
    warehouseId: textOf(warning.warehouseId),
    clientId: textOf(warning.clientId),
    quantity: textOf(warning.quantity),
    balance: textOf(warning.balance),
    limit: textOf(warning.limit),
  };
}

const ID = /^[A-Za-z0-9-]{1,64}$/;

/** The `/get` query for the names of the items and clients the rows name (ids checked, at most 500 of each). */
export function namesQuery(rows: readonly WarningRow[]): string | null {
  const ids = (pick: (row: WarningRow) => string | null) => [...new Set(rows.map(pick).filter((id): id is string => id !== null && ID.test(id)))].slice(0, 500);
  const items = ids((row) => row.itemId);
  const clients = ids((row) => row.clientId);
  const list = (values: string[]) => values.map((value) => `'${value}'`).join(', ');
  const parts = [
    items.length ? `select id, name from "S_Item" where id in (${list(items)})` : '',
    clients.length ? `select id, full_name as name from "S_Clients" where id in (${list(clients)})` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' union all ') : null;
}
