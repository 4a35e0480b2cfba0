/**
 * Inventories (stock counts): the reference's InventoryController, with its stock bugs fixed. A conducted
 * inventory sets each counted (item, warehouse) — exactly one warehouse per line (D1) — to the counted quantity
 * by posting the difference as an adjustment, under the level row's lock (D2); edits re-count, un-conducting and
 * deleting reverse exactly what was posted (D3). Totals are the server's arithmetic, as for receipts; every id
 * must exist in the caller's business; a retried create with the same guid changes nothing.
 * Behaviour and decisions: docs/api/stock-documents.md.
 */
import type { Selectable } from 'kysely';
import { formatMoney, type Money, type Quantity } from '../../shared/decimal.js';
import type { CreateInventoryDto, UpdateInventoryDto } from '../../shared/catalogue/inventory.js';
import type { InventoriesTable } from '../../db/schema.js';
import { flag, jsonList, units } from '../../db/values.js';
import { writeAudit } from '../audit.js';
import type { Db, OperationContext } from '../context.js';
import { lifeCycleHandlers } from '../resources/life-cycle-handlers.js';
import { receiptTotals, totalProblems } from '../receipts/receipt-lines.js';
import { postInventoryCounts } from '../stock-documents/counting.js';
import {
  insertHeaderOnce,
  listHeaders,
  loadHeader,
  lockHeader,
  removeDocument,
  updateHeader,
} from '../stock-documents/headers.js';
import {
  documentLineWire,
  insertDocumentLines,
  lineFromRow,
  linesFromItems,
  loadDocumentLines,
  retireDocumentLines,
  type DocumentLine,
} from '../stock-documents/lines.js';
import { inventoryCounts } from '../stock-documents/moves.js';
import { failIfAny, given, warehouseFields } from '../stock-documents/problems.js';
import { documentReferenceProblems } from '../stock-documents/references.js';

type InventoryRow = Selectable<InventoriesTable>;
const LINES = 'inventory_lines';
const SPEC = { lines: LINES, table: 'inventories', missing: 'Inventory not found' } as const;
const doc = (id: string) => ({ docType: 'inventory', docId: id });

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

async function withLines(db: Db, ctx: OperationContext, row: InventoryRow) {
  const lines = await loadDocumentLines(db, ctx, LINES, row.id);
  return { ...inventoryWire(row), items: lines.map((line) => documentLineWire(line, 'inventoryId')) };
}

async function create(db: Db, body: CreateInventoryDto, ctx: OperationContext) {
  const lines = linesFromItems(body.items);
  const conducted = body.conducted ?? false;
  const totals = totalsOf(lines);
  const plan = inventoryCounts(lines, body.warehouseId, conducted);
  failIfAny([...totalProblems(body, totals), ...(plan.ok ? [] : plan.problems)]);
  const header: InventoryRow = {
    business_id: ctx.businessId,
    id: ctx.newId(),
    guid: body.guid ?? null,
    name: body.name,
    description: body.description ?? null,
    warehouse_ids: JSON.stringify(body.warehouseId),
    organization_id: body.organizationId,
    total: totals.total,
    total_planned: totals.totalPlanned,
    total_diff: totals.totalDiff,
    employee_id: body.employeeId,
    client_id: body.clientId,
    note: body.note ?? null,
    conducted: conducted ? 1 : 0,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
  // The header goes first so that a retry (same guid) is recognised before anything else is written or checked.
  const inserted = await insertHeaderOnce(db, ctx, SPEC, header);
  if (!inserted.created) return withLines(db, ctx, inserted.row);
  failIfAny(await documentReferenceProblems(db, ctx, { ...body, warehouses: warehouseFields(body.warehouseId) }, lines));
  const lineRows = await insertDocumentLines(db, ctx, LINES, header.id, lines);
  if (plan.ok && conducted) await postInventoryCounts(db, ctx, doc(header.id), plan.counts, false);
  const wire = inventoryWire(header);
  // Audited here rather than by executeOperation, so that an idempotent retry records nothing.
  await writeAudit(db, ctx, { type: 'SYSTEM', action: 'CREATE_INVENTORY', record: wire });
  return { ...wire, items: lineRows.map((line) => documentLineWire(line, 'inventoryId')) };
}

async function update(db: Db, id: string, body: UpdateInventoryDto, ctx: OperationContext) {
  const current = await lockHeader(db, ctx, SPEC, id);
  const newItems = given(body.items);
  const lines = newItems ? linesFromItems(newItems) : (await loadDocumentLines(db, ctx, LINES, id)).map(lineFromRow);
  const wasConducted = flag(current.conducted);
  const conducted = given(body.conducted) ?? wasConducted;
  const warehouseIds = given(body.warehouseId);
  const totals = totalsOf(lines);
  const plan = inventoryCounts(lines, warehouseIds ?? jsonList(current.warehouse_ids), conducted);
  failIfAny([...totalProblems(body, totals), ...(plan.ok ? [] : plan.problems)]);
  const recount = conducted !== wasConducted || (conducted && (newItems !== undefined || warehouseIds !== undefined));
  const header = {
    warehouses: warehouseFields(warehouseIds ?? []),
    organizationId: given(body.organizationId),
    employeeId: given(body.employeeId),
    clientId: given(body.clientId),
  };
  // Stored lines were checked when written; they are checked again when a draft is conducted.
  failIfAny(await documentReferenceProblems(db, ctx, header, newItems || (conducted && !wasConducted) ? lines : []));
  // An edit that changes neither the count nor the state posts nothing: re-counting would absorb every sale since.
  if (recount) await postInventoryCounts(db, ctx, doc(id), plan.ok ? plan.counts : []);
  if (newItems) {
    await retireDocumentLines(db, ctx, LINES, id);
    await insertDocumentLines(db, ctx, LINES, id, lines);
  }
  const changes = {
    name: given(body.name) ?? current.name,
    description: body.description === undefined ? current.description : body.description,
    warehouse_ids: warehouseIds ? JSON.stringify(warehouseIds) : current.warehouse_ids,
    organization_id: header.organizationId ?? current.organization_id,
    employee_id: header.employeeId ?? current.employee_id,
    client_id: header.clientId ?? current.client_id,
    note: body.note === undefined ? current.note : body.note,
    conducted: conducted ? (1 as const) : (0 as const),
    total: totals.total,
    total_planned: totals.totalPlanned,
    total_diff: totals.totalDiff,
    dt_updated: ctx.now,
  };
  await updateHeader(db, ctx, SPEC, id, changes);
  return inventoryWire({ ...current, ...changes });
}

async function remove(db: Db, id: string, ctx: OperationContext) {
  return inventoryWire(await removeDocument(db, ctx, SPEC, id, () => postInventoryCounts(db, ctx, doc(id), [])));
}

/** Create writes its own audit entry (after the guid check, so a retry logs nothing). */
export const inventoryHandlers = lifeCycleHandlers(
  {
    create,
    findAll: async (db, ctx) => (await listHeaders(db, ctx, SPEC)).map(inventoryWire),
    findOne: async (db, id, ctx) => withLines(db, ctx, await loadHeader(db, ctx, SPEC, id)),
    update,
    remove,
  },
  {
    create: 'InventoryController_create',
    findAll: 'InventoryController_findAll',
    findOne: 'InventoryController_findOne',
    update: 'InventoryController_update',
    remove: 'InventoryController_remove',
  },
  { create: false },
);
