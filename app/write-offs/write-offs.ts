/**
 * Write-offs (stock going out): the reference's WriteOffController, with its stock bugs fixed. A conducted
 * write-off posts one ledger entry per line out of exactly one warehouse (D1); edits, un-conducting and deleting
 * post reversing entries (D3); every id it names must exist in the caller's business; a retried create with the
 * same guid changes nothing. Behaviour and decisions: docs/api/stock-documents.md.
 */
import type { Selectable } from 'kysely';
import type { CreateCancellationDto, UpdateCancellationDto } from '../../shared/catalogue/write-off.js';
import type { WriteOffsTable } from '../../db/schema.js';
import { flag, jsonList } from '../../db/values.js';
import { writeAudit } from '../audit.js';
import type { Db, OperationContext } from '../context.js';
import { lifeCycleHandlers } from '../resources/life-cycle-handlers.js';
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
import { writeOffMoves } from '../stock-documents/moves.js';
import { postDocumentEffect } from '../stock-documents/posting.js';
import { failIfAny, given, warehouseFields } from '../stock-documents/problems.js';
import { documentReferenceProblems } from '../stock-documents/references.js';

type WriteOffRow = Selectable<WriteOffsTable>;
const LINES = 'write_off_lines';
const SPEC = { lines: LINES, table: 'write_offs', missing: 'Cancellation not found' } as const;
const doc = (id: string) => ({ docType: 'write_off', docId: id });

/** The header as the wire shows it (the reference's D_Cancellation row). */
function writeOffWire(row: WriteOffRow) {
  return {
    id: row.id,
    guid: row.guid ?? null,
    name: row.name,
    description: row.description ?? null,
    warehouseId: jsonList(row.warehouse_ids),
    organizationId: row.organization_id,
    employeeId: row.employee_id,
    note: row.note ?? null,
    conducted: flag(row.conducted),
    is_deleted: flag(row.is_deleted),
    dt_created: row.dt_created,
    dt_updated: row.dt_updated,
  };
}

async function withLines(db: Db, ctx: OperationContext, row: WriteOffRow) {
  const lines = await loadDocumentLines(db, ctx, LINES, row.id);
  return { ...writeOffWire(row), items: lines.map((line) => documentLineWire(line, 'cancellationId')) };
}

async function create(db: Db, body: CreateCancellationDto, ctx: OperationContext) {
  const lines = linesFromItems(body.items);
  const conducted = body.conducted ?? false;
  const plan = writeOffMoves(lines, body.warehouseId, conducted);
  if (!plan.ok) failIfAny(plan.problems);
  const header: WriteOffRow = {
    business_id: ctx.businessId,
    id: ctx.newId(),
    guid: body.guid ?? null,
    name: body.name,
    description: body.description ?? null,
    warehouse_ids: JSON.stringify(body.warehouseId),
    organization_id: body.organizationId,
    employee_id: body.employeeId,
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
  if (plan.ok) await postDocumentEffect(db, ctx, doc(header.id), plan.moves, false);
  const wire = writeOffWire(header);
  // Audited here rather than by executeOperation, so that an idempotent retry records nothing.
  await writeAudit(db, ctx, { type: 'SYSTEM', action: 'CREATE_CANCELLATION', record: wire });
  return { ...wire, items: lineRows.map((line) => documentLineWire(line, 'cancellationId')) };
}

async function update(db: Db, id: string, body: UpdateCancellationDto, ctx: OperationContext) {
  const current = await lockHeader(db, ctx, SPEC, id);
  const newItems = given(body.items);
  const lines: DocumentLine[] = newItems
    ? linesFromItems(newItems)
    : (await loadDocumentLines(db, ctx, LINES, id)).map(lineFromRow);
  const wasConducted = flag(current.conducted);
  const conducted = given(body.conducted) ?? wasConducted;
  const warehouseIds = given(body.warehouseId);
  const plan = writeOffMoves(lines, warehouseIds ?? jsonList(current.warehouse_ids), conducted);
  if (!plan.ok) failIfAny(plan.problems);
  // Stored lines were checked when written; they are checked again when a draft is conducted.
  const checkedLines = newItems || (conducted && !wasConducted) ? lines : [];
  const header = {
    warehouses: warehouseFields(warehouseIds ?? []),
    organizationId: given(body.organizationId),
    employeeId: given(body.employeeId),
  };
  failIfAny(await documentReferenceProblems(db, ctx, header, checkedLines));
  await postDocumentEffect(db, ctx, doc(id), plan.ok ? plan.moves : []);
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
    note: body.note === undefined ? current.note : body.note,
    conducted: conducted ? (1 as const) : (0 as const),
    dt_updated: ctx.now,
  };
  await updateHeader(db, ctx, SPEC, id, changes);
  return writeOffWire({ ...current, ...changes });
}

async function remove(db: Db, id: string, ctx: OperationContext) {
  return writeOffWire(await removeDocument(db, ctx, SPEC, id, () => postDocumentEffect(db, ctx, doc(id), [])));
}

/** Create writes its own audit entry (after the guid check, so a retry logs nothing). */
export const writeOffHandlers = lifeCycleHandlers(
  {
    create,
    findAll: async (db, ctx) => (await listHeaders(db, ctx, SPEC)).map(writeOffWire),
    findOne: async (db, id, ctx) => withLines(db, ctx, await loadHeader(db, ctx, SPEC, id)),
    update,
    remove,
  },
  {
    create: 'WriteOffController_create',
    findAll: 'WriteOffController_findAll',
    findOne: 'WriteOffController_findOne',
    update: 'WriteOffController_update',
    remove: 'WriteOffController_remove',
  },
  {
    create: false,
    update: { type: 'SYSTEM', action: 'UPDATE_CANCELLATION' },
    remove: { type: 'SYSTEM', action: 'DELETE_CANCELLATION' },
  },
);
