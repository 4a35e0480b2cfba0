/**
 * A receipt names items, measures, warehouses, a point (`organizationId`), the person who received the goods
 * (`employeeId`: an employee or a user of the business) and the counterparty (`clientId`: a supplier or a
 * client). The reference never checked them; we refuse a write that names anything the business does not have,
 * with one message line per field, in one query whatever the number of lines.
 */
import type { Db, OperationContext } from '../context.js';
import { existingReferences } from '../stock/references.js';
import type { ReceiptLine } from './receipt-lines.js';

/** Header references to check: only those present (an update checks just the fields it changes). */
export interface HeaderReferences {
  readonly warehouseIds?: readonly string[] | undefined;
  readonly organizationId?: string | undefined;
  readonly employeeId?: string | undefined;
  readonly clientId?: string | undefined;
}

const listOf = (value: string | undefined) => (value === undefined ? [] : [value]);

export async function receiptReferenceProblems(
  db: Db,
  ctx: OperationContext,
  header: HeaderReferences,
  lines: readonly ReceiptLine[],
): Promise<string[]> {
  const headerWarehouses = header.warehouseIds ?? [];
  const found = await existingReferences(db, ctx, {
    items: lines.map((line) => line.itemId),
    measurements: lines.map((line) => line.measureId),
    warehouses: [...headerWarehouses, ...lines.flatMap((line) => listOf(line.warehouseId ?? undefined))],
    points: listOf(header.organizationId),
    employees: listOf(header.employeeId),
    users: listOf(header.employeeId),
    suppliers: listOf(header.clientId),
    clients: listOf(header.clientId),
  });
  const problems: string[] = [];
  headerWarehouses.forEach((id, index) => {
    if (!found.warehouses.has(id)) problems.push(`warehouseId.${index} must be an existing warehouse`);
  });
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
