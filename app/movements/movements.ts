/**
 * Movements (stock going from one warehouse to another): the reference's MovementController, with its stock bugs
 * fixed. A movement always stands for its lines (no conducted flag): −quantity at `warehouseId` and +quantity at
 * `toWarehouseId`, posted in the operation's one transaction, so an item's total over warehouses never changes.
 * An edit re-posts the difference, a delete reverses it (D3); updating an unknown id is a 404 before anything is
 * written. Behaviour and decisions: docs/api/stock-documents.md.
 */
import type { Selectable } from 'kysely';
import type { CreateMovementDto, UpdateMovementDto } from '../../shared/catalogue/movement.js';
import type { MovementsTable } from '../../db/schema.js';
import { flag } from '../../db/values.js';
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
} from '../stock-documents/lines.js';
import { movementMoves } from '../stock-documents/moves.js';
import { postDocumentEffect } from '../stock-documents/posting.js';
import { failIfAny, given } from '../stock-documents/problems.js';
import { documentReferenceProblems } from '../stock-documents/references.js';

type MovementRow = Selectable<MovementsTable>;
const LINES = 'movement_lines';
const SPEC = { lines: LINES, table: 'movements', missing: 'Movement not found' } as const;
const doc = (id: string) => ({ docType: 'movement', docId: id });

/** The header as the wire shows it (the reference's D_Movement row). */
function movementWire(row: MovementRow) {
  return {
    id: row.id,
    guid: row.guid ?? null,
    name: row.name,
    description: row.description ?? null,
    warehouseId: row.warehouse_id,
    toWarehouseId: row.to_warehouse_id,
    organizationId: row.organization_id,
    employeeId: row.employee_id,
    note: row.note ?? null,
    is_deleted: flag(row.is_deleted),
    dt_created: row.dt_created,
    dt_updated: row.dt_updated,
  };
}

async function withLines(db: Db, ctx: OperationContext, row: MovementRow) {
  const lines = await loadDocumentLines(db, ctx, LINES, row.id);
  return { ...movementWire(row), items: lines.map((line) => documentLineWire(line, 'movementId')) };
}

async function create(db: Db, body: CreateMovementDto, ctx: OperationContext) {
  const lines = linesFromItems(body.items);
  const plan = movementMoves(lines, body.warehouseId, body.toWarehouseId);
  if (!plan.ok) failIfAny(plan.problems);
  const header: MovementRow = {
    business_id: ctx.businessId,
    id: ctx.newId(),
    guid: body.guid ?? null,
    name: body.name,
    description: body.description ?? null,
    warehouse_id: body.warehouseId,
    to_warehouse_id: body.toWarehouseId,
    organization_id: body.organizationId,
    employee_id: body.employeeId,
    note: body.note ?? null,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
  // The header goes first so that a retry (same guid) is recognised before anything else is written or checked.
  const inserted = await insertHeaderOnce(db, ctx, SPEC, header);
  if (!inserted.created) return withLines(db, ctx, inserted.row);
  const warehouses = [
    { field: 'warehouseId', id: body.warehouseId },
    { field: 'toWarehouseId', id: body.toWarehouseId },
  ];
  failIfAny(await documentReferenceProblems(db, ctx, { ...body, warehouses }, lines));
  const lineRows = await insertDocumentLines(db, ctx, LINES, header.id, lines);
  if (plan.ok) await postDocumentEffect(db, ctx, doc(header.id), plan.moves, false);
  const wire = movementWire(header);
  // Audited here rather than by executeOperation, so that an idempotent retry records nothing.
  await writeAudit(db, ctx, { type: 'SYSTEM', action: 'CREATE_MOVEMENT', record: wire });
  return { ...wire, items: lineRows.map((line) => documentLineWire(line, 'movementId')) };
}

async function update(db: Db, id: string, body: UpdateMovementDto, ctx: OperationContext) {
  // The reference wrote before looking the movement up (D3); the 404 comes first here.
  const current = await lockHeader(db, ctx, SPEC, id);
  const newItems = given(body.items);
  const lines = newItems ? linesFromItems(newItems) : (await loadDocumentLines(db, ctx, LINES, id)).map(lineFromRow);
  const from = given(body.warehouseId);
  const to = given(body.toWarehouseId);
  const plan = movementMoves(lines, from ?? current.warehouse_id, to ?? current.to_warehouse_id);
  if (!plan.ok) failIfAny(plan.problems);
  const warehouses = [
    ...(from === undefined ? [] : [{ field: 'warehouseId', id: from }]),
    ...(to === undefined ? [] : [{ field: 'toWarehouseId', id: to }]),
  ];
  const header = { warehouses, organizationId: given(body.organizationId), employeeId: given(body.employeeId) };
  failIfAny(await documentReferenceProblems(db, ctx, header, newItems ? lines : []));
  // The movement always stands for its current lines and warehouses: post only what changed.
  await postDocumentEffect(db, ctx, doc(id), plan.ok ? plan.moves : []);
  if (newItems) {
    await retireDocumentLines(db, ctx, LINES, id);
    await insertDocumentLines(db, ctx, LINES, id, lines);
  }
  const changes = {
    name: given(body.name) ?? current.name,
    description: body.description === undefined ? current.description : body.description,
    warehouse_id: from ?? current.warehouse_id,
    to_warehouse_id: to ?? current.to_warehouse_id,
    organization_id: header.organizationId ?? current.organization_id,
    employee_id: header.employeeId ?? current.employee_id,
    note: body.note === undefined ? current.note : body.note,
    dt_updated: ctx.now,
  };
  await updateHeader(db, ctx, SPEC, id, changes);
  return movementWire({ ...current, ...changes });
}

async function remove(db: Db, id: string, ctx: OperationContext) {
  return movementWire(await removeDocument(db, ctx, SPEC, id, () => postDocumentEffect(db, ctx, doc(id), [])));
}

/** Create writes its own audit entry (after the guid check, so a retry logs nothing). */
export const movementHandlers = lifeCycleHandlers(
  {
    create,
    findAll: async (db, ctx) => (await listHeaders(db, ctx, SPEC)).map(movementWire),
    findOne: async (db, id, ctx) => withLines(db, ctx, await loadHeader(db, ctx, SPEC, id)),
    update,
    remove,
  },
  {
    create: 'MovementController_create',
    findAll: 'MovementController_findAll',
    findOne: 'MovementController_findOne',
    update: 'MovementController_update',
    remove: 'MovementController_remove',
  },
  { create: false },
);
