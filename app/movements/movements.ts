/**
 * Movements (stock going from one warehouse to another): the reference's MovementController, with its stock bugs
 * fixed, as a kind of stock document (app/stock-documents/document.ts does the create / update / delete). A
 * movement always stands for its lines (no conducted flag): −quantity at `warehouseId` and +quantity at
 * `toWarehouseId`, posted in the operation's one transaction, so an item's total over warehouses never changes.
 * An edit re-posts the difference, a delete reverses it (D3); updating an unknown id is a 404 before anything is
 * written (the reference wrote first). Behaviour and decisions: docs/api/stock-documents.md.
 */
import type { Selectable } from 'kysely';
import type { CreateMovementDto, UpdateMovementDto } from '../../shared/catalogue/movement.js';
import type { MovementsTable } from '../../db/schema.js';
import { flag } from '../../db/values.js';
import { stockDocumentHandlers } from '../stock-documents/document.js';
import type { DocumentPlan, StockDocumentKind } from '../stock-documents/kind.js';
import { documentLines, type DocumentItem, type DocumentLine, type DocumentLineRow } from '../stock-documents/lines.js';
import { movementMoves } from '../stock-documents/moves.js';
import { restating } from '../stock-documents/posting.js';
import { given } from '../stock-documents/problems.js';

type MovementRow = Selectable<MovementsTable>;

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

/**
 * Every line out of `from` and into `to`. `given` holds the warehouses the write names, checked as references
 * (an update names only those it changes).
 */
function plan(
  lines: readonly DocumentLine[],
  from: string,
  to: string,
  given: { warehouseId?: string | undefined; toWarehouseId?: string | undefined },
): DocumentPlan<MovementRow> {
  const moves = movementMoves(lines, from, to);
  const named = (['warehouseId', 'toWarehouseId'] as const).flatMap((field) => {
    const id = given[field];
    return id === undefined ? [] : [{ field, id }];
  });
  return {
    problems: moves.ok ? [] : moves.problems,
    effect: { moves: moves.ok ? moves.moves : [] },
    conducted: true,
    columns: { warehouse_id: from, to_warehouse_id: to },
    references: { warehouses: named },
    moved: named.length > 0,
  };
}

export const movementKind: StockDocumentKind<
  MovementRow,
  DocumentItem,
  DocumentLine,
  DocumentLineRow,
  CreateMovementDto,
  UpdateMovementDto,
  DocumentPlan<MovementRow>
> = {
  table: 'movements',
  lines: documentLines('movement_lines', 'movementId'),
  ledger: restating('movement'),
  missing: 'Movement not found',
  beingWritten: 'A document with this guid is being written; retry',
  createAction: 'CREATE_MOVEMENT',
  wire: movementWire,
  conducted: () => true,
  planCreate: (body, lines) => plan(lines, body.warehouseId, body.toWarehouseId, body),
  planUpdate: (current, body, lines) => {
    const from = given(body.warehouseId);
    const to = given(body.toWarehouseId);
    return plan(lines, from ?? current.warehouse_id, to ?? current.to_warehouse_id, { warehouseId: from, toWarehouseId: to });
  },
};

export const movementHandlers = stockDocumentHandlers(movementKind, {
  create: 'MovementController_create',
  findAll: 'MovementController_findAll',
  findOne: 'MovementController_findOne',
  update: 'MovementController_update',
  remove: 'MovementController_remove',
});
