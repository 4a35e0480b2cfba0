/**
 * Goods receipts (stock coming in): the reference's ReceiptController, with its stock bugs fixed. A conducted
 * receipt posts one ledger entry per line into exactly one warehouse (D1); edits, un-conducting and deleting
 * post reversing entries (D3); the server computes the totals and refuses ones that disagree; every id a
 * receipt names must exist in the caller's business; a retried create with the same guid changes nothing.
 * Behaviour and decisions: docs/api/receipts-and-stock.md.
 */
import type { Money, Quantity } from '../../shared/decimal.js';
import { badRequest, conflict } from '../../shared/errors.js';
import type { CreateReceiptDto, ReceiptItemDto, UpdateReceiptDto } from '../../shared/catalogue/receipt.js';
import { flag, jsonList } from '../../db/values.js';
import { writeAudit } from '../audit.js';
import type { Db, OperationContext } from '../context.js';
import { handler } from '../operation.js';
import { conductPlan, receiptTotals, totalProblems, type ReceiptLine } from './receipt-lines.js';
import { postReceiptEffect } from './receipt-posting.js';
import { receiptReferenceProblems } from './receipt-references.js';
import { lineUnitProblems } from './receipt-units.js';
import { applyNewPrices, pricesToReplace, rememberReplacedPrices, restoreReplacedPrices } from './receipt-prices.js';
import {
  insertHeader,
  insertLines,
  lineFromRow,
  lineWire,
  loadLines,
  loadReceipt,
  loadReceiptByGuid,
  lockReceipt,
  receiptWire,
  retireLines,
  type ReceiptLineRow,
  type ReceiptRow,
} from './receipt-store.js';

function linesFromDto(items: readonly ReceiptItemDto[]): ReceiptLine[] {
  return items.map((item) => ({
    itemId: item.itemId,
    quantity: item.quantity as Quantity,
    price: item.price as Money,
    plannedQuantity: item.plannedQuantity as Quantity,
    measureId: item.measureId,
    rounding: (item.rounding ?? null) as Money | null,
    newPrice: (item.newPrice ?? null) as Money | null,
    warehouseId: item.warehouseId ?? null,
  }));
}

const failIfAny = (problems: readonly string[]) => {
  if (problems.length > 0) throw badRequest([...problems]);
};

/** The stored receipt with its live lines. */
async function withLines(db: Db, ctx: OperationContext, row: ReceiptRow) {
  return { ...receiptWire(row), items: (await loadLines(db, ctx, row.id)).map(lineWire) };
}

async function create(db: Db, body: CreateReceiptDto, ctx: OperationContext) {
  const lines = linesFromDto(body.items);
  const conducted = body.conducted ?? false;
  const totals = receiptTotals(lines);
  const plan = conductPlan(lines, body.warehouseId, conducted);
  failIfAny([...totalProblems(body, totals), ...plan.problems]);
  const header: ReceiptRow = {
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
  if (!(await insertHeader(db, header))) {
    const existing = await loadReceiptByGuid(db, ctx, body.guid ?? '');
    // Unreachable unless the conflicting row vanished (hard deletes do not exist); never post without a header.
    if (!existing) throw conflict('A receipt with this guid is being written; retry');
    return withLines(db, ctx, existing);
  }
  failIfAny([
    ...(await receiptReferenceProblems(db, ctx, { ...body, warehouseIds: body.warehouseId }, lines)),
    ...(await lineUnitProblems(db, ctx, lines)),
  ]);
  const warehouses = plan.moves.map((move) => move.warehouseId);
  const replaced = conducted ? await pricesToReplace(db, ctx, lines, warehouses) : [];
  const lineRows = await insertLines(db, ctx, header.id, lines, replaced);
  if (conducted) {
    await postReceiptEffect(db, ctx, header.id, plan.moves, false);
    await applyNewPrices(db, ctx, plan.prices, lines, warehouses);
  }
  const wire = receiptWire(header);
  // Audited here rather than by executeOperation, so that an idempotent retry records nothing. The entry holds
  // the header, as the reference's log does; the lines are in receipt_lines.
  await writeAudit(db, ctx, { type: 'SYSTEM', action: 'CREATE_RECEIPT', record: wire });
  return { ...wire, items: lineRows.map(lineWire) };
}

async function findAll(db: Db, ctx: OperationContext) {
  const rows = await db
    .selectFrom('receipts')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('is_deleted', '=', 0)
    .orderBy('dt_created')
    .orderBy('id')
    .execute();
  return rows.map(receiptWire);
}

async function findOne(db: Db, id: string, ctx: OperationContext) {
  return withLines(db, ctx, await loadReceipt(db, ctx, id));
}

/** The warehouse each stored line went into: its own, else the receipt's single warehouse (undefined: none). */
function storedWarehouses(rows: readonly ReceiptLineRow[], headerWarehouses: readonly string[]): (string | undefined)[] {
  const distinct = [...new Set(headerWarehouses)];
  return rows.map((row) => row.warehouse_id ?? (distinct.length === 1 ? distinct[0] : undefined));
}

const given = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

async function update(db: Db, id: string, body: UpdateReceiptDto, ctx: OperationContext) {
  const current = await lockReceipt(db, ctx, id);
  const newItems = given(body.items);
  const storedRows = await loadLines(db, ctx, id);
  const lines = newItems ? linesFromDto(newItems) : storedRows.map(lineFromRow);
  const wasConducted = flag(current.conducted);
  const conducted = given(body.conducted) ?? wasConducted;
  const warehouseIds = given(body.warehouseId);
  const totals = receiptTotals(lines);
  const plan = conductPlan(lines, warehouseIds ?? jsonList(current.warehouse_ids), conducted);
  failIfAny([...totalProblems(body, totals), ...plan.problems]);
  // Stored lines were checked when written; they are checked again when a draft is conducted.
  const checkedLines = newItems || (conducted && !wasConducted) ? lines : [];
  const header = {
    warehouseIds,
    organizationId: given(body.organizationId),
    employeeId: given(body.employeeId),
    clientId: given(body.clientId),
  };
  failIfAny([...(await receiptReferenceProblems(db, ctx, header, checkedLines)), ...(await lineUnitProblems(db, ctx, checkedLines))]);

  // Prices the receipt set are taken back when it stops standing for them (un-conducted, lines or warehouses
  // replaced), then set again from what it stands for now — reading the restored prices as the ones replaced.
  const repriced = newItems !== undefined || warehouseIds !== undefined;
  if (wasConducted && (!conducted || repriced)) {
    await restoreReplacedPrices(db, ctx, storedRows, storedWarehouses(storedRows, jsonList(current.warehouse_ids)));
  }
  const applyPrices = conducted && (!wasConducted || repriced);
  const warehouses = plan.moves.map((move) => move.warehouseId);
  const replaced = applyPrices ? await pricesToReplace(db, ctx, lines, warehouses) : [];
  await postReceiptEffect(db, ctx, id, plan.moves);
  if (newItems) {
    await retireLines(db, ctx, id);
    await insertLines(db, ctx, id, lines, replaced);
  } else if (applyPrices) await rememberReplacedPrices(db, ctx, storedRows, replaced);
  if (applyPrices) await applyNewPrices(db, ctx, plan.prices, lines, warehouses);
  const changes = {
    name: given(body.name) ?? current.name,
    description: body.description === undefined ? current.description : body.description,
    warehouse_ids: warehouseIds ? JSON.stringify(warehouseIds) : current.warehouse_ids,
    organization_id: header.organizationId ?? current.organization_id,
    employee_id: header.employeeId ?? current.employee_id,
    client_id: header.clientId ?? current.client_id,
    note: body.note === undefined ? current.note : body.note,
    conducted: conducted ? 1 : 0,
    total: totals.total,
    total_planned: totals.totalPlanned,
    total_diff: totals.totalDiff,
    dt_updated: ctx.now,
  };
  await db.updateTable('receipts').set(changes).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
  return receiptWire({ ...current, ...changes });
}

async function remove(db: Db, id: string, ctx: OperationContext) {
  const current = await lockReceipt(db, ctx, id);
  if (flag(current.conducted)) {
    const storedRows = await loadLines(db, ctx, id);
    await restoreReplacedPrices(db, ctx, storedRows, storedWarehouses(storedRows, jsonList(current.warehouse_ids)));
  }
  // Whatever the receipt posted goes back out of stock; the reference left it in (D3).
  await postReceiptEffect(db, ctx, id, []);
  await retireLines(db, ctx, id);
  const changes = { is_deleted: 1, dt_updated: ctx.now };
  await db.updateTable('receipts').set(changes).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
  return receiptWire({ ...current, ...changes });
}

export const receiptHandlers = [
  handler('ReceiptController_create', (db, { body }, ctx) => create(db, body, ctx), { audit: false }),
  handler('ReceiptController_findAll', (db, _input, ctx) => findAll(db, ctx)),
  handler('ReceiptController_findOne', (db, { params }, ctx) => findOne(db, params.id ?? '', ctx)),
  handler('ReceiptController_update', (db, { params, body }, ctx) => update(db, params.id ?? '', body, ctx), {
    audit: { type: 'SYSTEM', action: 'UPDATE_RECEIPT' },
  }),
  handler('ReceiptController_remove', (db, { params }, ctx) => remove(db, params.id ?? '', ctx), {
    audit: { type: 'SYSTEM', action: 'DELETE_RECEIPT' },
  }),
];
