/**
 * A receipt names items, measures, warehouses, a point (`organizationId`), the person who received the goods
 * (`employeeId`: an employee or a user of the business) and the counterparty (`clientId`: a supplier or a
 * client). The checks are the stock documents' (app/stock-documents/references.ts); this only says which
 * header fields a receipt has.
 */
import type { Db, OperationContext } from '../context.js';
import { documentReferenceProblems } from '../stock-documents/references.js';
import type { ReceiptLine } from './receipt-lines.js';

/** Header references to check: only those present (an update checks just the fields it changes). */
export interface HeaderReferences {
  readonly warehouseIds?: readonly string[] | undefined;
  readonly organizationId?: string | undefined;
  readonly employeeId?: string | undefined;
  readonly clientId?: string | undefined;
}

export function receiptReferenceProblems(
  db: Db,
  ctx: OperationContext,
  header: HeaderReferences,
  lines: readonly ReceiptLine[],
): Promise<string[]> {
  const warehouses = (header.warehouseIds ?? []).map((id, index) => ({ field: `warehouseId.${index}`, id }));
  return documentReferenceProblems(
    db,
    ctx,
    { warehouses, organizationId: header.organizationId, employeeId: header.employeeId, clientId: header.clientId },
    lines,
  );
}
