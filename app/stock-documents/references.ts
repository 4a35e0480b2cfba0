/**
 * Every id a stock document (receipt, inventory, write-off, movement) names must exist in the caller's business
 * (the reference never checked): one message line per offending field, all found with one batched query whatever
 * the number of lines.
 */
import type { Db, OperationContext } from '../context.js';
import { existingReferences } from '../stock/references.js';

export interface DocumentReferences {
  /** Header warehouses to check, each with the field name its message uses (`warehouseId.0`, `toWarehouseId`). */
  readonly warehouses?: readonly { readonly field: string; readonly id: string }[];
  readonly organizationId?: string | undefined;
  readonly employeeId?: string | undefined;
  /** Receipts and inventories: the counterparty, a supplier or a client. */
  readonly clientId?: string | undefined;
}

/** What a line names; every stock document's lines have these. */
export type LineReferences = { readonly itemId: string; readonly measureId: string; readonly warehouseId: string | null };

const listOf = (value: string | undefined) => (value === undefined ? [] : [value]);

export async function documentReferenceProblems(
  db: Db,
  ctx: OperationContext,
  header: DocumentReferences,
  lines: readonly LineReferences[],
): Promise<string[]> {
  const warehouses = header.warehouses ?? [];
  const found = await existingReferences(db, ctx, {
    items: lines.map((line) => line.itemId),
    measurements: lines.map((line) => line.measureId),
    warehouses: [...warehouses.map((w) => w.id), ...lines.flatMap((line) => listOf(line.warehouseId ?? undefined))],
    points: listOf(header.organizationId),
    employees: listOf(header.employeeId),
    users: listOf(header.employeeId),
    suppliers: listOf(header.clientId),
    clients: listOf(header.clientId),
  });
  const problems = warehouses.filter((w) => !found.warehouses.has(w.id)).map((w) => `${w.field} must be an existing warehouse`);
  if (header.organizationId !== undefined && !found.points.has(header.organizationId)) {
    problems.push('organizationId must be an existing point');
  }
  const employeeId = header.employeeId;
  if (employeeId !== undefined && !found.employees.has(employeeId) && !found.users.has(employeeId)) {
    problems.push('employeeId must be an existing employee or user');
  }
  const clientId = header.clientId;
  if (clientId !== undefined && !found.suppliers.has(clientId) && !found.clients.has(clientId)) {
    problems.push('clientId must be an existing supplier or client');
  }
  lines.forEach((line, index) => {
    if (!found.items.has(line.itemId)) problems.push(`items.${index}.itemId must be an existing item`);
    if (!found.measurements.has(line.measureId)) problems.push(`items.${index}.measureId must be an existing measurement`);
    if (line.warehouseId !== null && !found.warehouses.has(line.warehouseId)) {
      problems.push(`items.${index}.warehouseId must be an existing warehouse`);
    }
  });
  return problems;
}
