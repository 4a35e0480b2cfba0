/**
 * Inventories (stock counts): the reference's InventoryController, with its stock bugs fixed, as a kind of stock
 * document (app/stock-documents/document.ts does the create / update / delete). A conducted inventory sets each
 * counted (item, warehouse) — exactly one warehouse per line (D1) — to the counted quantity by posting the
 * difference as an adjustment, under the level row's lock (D2); edits re-count, un-conducting and deleting reverse
 * exactly what was posted (D3). Totals are the server's arithmetic, as for receipts; every id must exist in the
 * caller's business; a retried create with the same guid changes nothing.
 * Behaviour and decisions: docs/api/stock-documents.md.
 */
import type { Selectable } from 'kysely';
import { formatMoney, type Money, type Quantity } from '../../shared/decimal.js';
import type { CreateInventoryDto, UpdateInventoryDto } from '../../shared/catalogue/inventory.js';
import type { InventoriesTable } from '../../db/schema.js';
import { flag, jsonList, units } from '../../db/values.js';
import { receiptTotals, totalProblems } from '../receipts/receipt-lines.js';
import { stockDocumentHandlers } from '../stock-documents/document.js';
import type { DocumentPlan, StockDocumentKind } from '../stock-documents/kind.js';
import { documentLines, type DocumentItem, type DocumentLine, type DocumentLineRow } from '../stock-documents/lines.js';
import { listedOnCreate, listedOnUpdate, type ListedHeader } from '../stock-documents/listed-warehouses.js';
import { inventoryCounts } from '../stock-documents/moves.js';
import { restating } from '../stock-documents/posting.js';
import { given } from '../stock-documents/problems.js';

type InventoryRow = Selectable<InventoriesTable>;

/** Totals as for receipts: price × counted quantity and price × planned quantity, each line rounded. */
const totalsOf = (lines: readonly DocumentLine[]) =>
  receiptTotals(
    lines.map((line) => ({
      ...line,
      plannedQuantity: line.plannedQuantity ?? (0n as Quantity),
      rounding: null,
      newPrice: null as Money | null,
    })),
  );

const formatTotal = (value: InventoryRow['total']) => formatMoney(units(value));

/** The header as the wire shows it (the reference's D_Inventory row). */
function inventoryWire(row: InventoryRow) {
  return {
    id: row.id,
    guid: row.guid ?? null,
    name: row.name,
    description: row.description ?? null,
    warehouseId: jsonList(row.warehouse_ids),
    organizationId: row.organization_id,
    total: formatTotal(row.total),
    totalPlanned: formatTotal(row.total_planned),
    totalDiff: formatTotal(row.total_diff),
    employeeId: row.employee_id,
    clientId: row.client_id,
    note: row.note ?? null,
    conducted: flag(row.conducted),
    is_deleted: flag(row.is_deleted),
    dt_created: row.dt_created,
    dt_updated: row.dt_updated,
  };
}

/** The counts a conducted inventory sets, its server-computed totals, and its counterparty (`clientId`). */
function plan(
  lines: readonly DocumentLine[],
  header: ListedHeader,
  body: { total?: Money | null; totalPlanned?: Money | null; totalDiff?: Money | null },
  client: { stored: string; named: string | undefined },
): DocumentPlan<InventoryRow> {
  const totals = totalsOf(lines);
  const counts = inventoryCounts(lines, header.warehouses, header.conducted);
  return {
    ...header,
    problems: [...totalProblems(body, totals), ...(counts.ok ? [] : counts.problems)],
    effect: { counts: counts.ok ? counts.counts : [] },
    columns: {
      ...header.columns,
      client_id: client.stored,
      total: totals.total,
      total_planned: totals.totalPlanned,
      total_diff: totals.totalDiff,
    },
    references: { ...header.references, clientId: client.named },
  };
}

export const inventoryKind: StockDocumentKind<
  InventoryRow,
  DocumentItem,
  DocumentLine,
  DocumentLineRow,
  CreateInventoryDto,
  UpdateInventoryDto,
  DocumentPlan<InventoryRow>
> = {
  table: 'inventories',
  lines: documentLines('inventory_lines', 'inventoryId'),
  ledger: restating('inventory'),
  missing: 'Inventory not found',
  beingWritten: 'A document with this guid is being written; retry',
  createAction: 'CREATE_INVENTORY',
  wire: inventoryWire,
  conducted: (row) => flag(row.conducted),
  planCreate: (body, lines) => plan(lines, listedOnCreate(body), body, { stored: body.clientId, named: body.clientId }),
  planUpdate: (current, body, lines) => {
    const clientId = given(body.clientId);
    return plan(lines, listedOnUpdate(current, body), body, { stored: clientId ?? current.client_id, named: clientId });
  },
  // An edit that changes neither the count nor the state posts nothing: re-counting would absorb every sale since.
  reposts: ({ plan: { conducted, moved }, wasConducted, newLines }) => conducted !== wasConducted || (conducted && (newLines || moved)),
};

export const inventoryHandlers = stockDocumentHandlers(inventoryKind, {
  create: 'InventoryController_create',
  findAll: 'InventoryController_findAll',
  findOne: 'InventoryController_findOne',
  update: 'InventoryController_update',
  remove: 'InventoryController_remove',
});
