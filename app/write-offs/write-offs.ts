/**
 * Write-offs (stock going out): the reference's WriteOffController, with its stock bugs fixed, as a kind of stock
 * document (app/stock-documents/document.ts does the create / update / delete). A conducted write-off posts one
 * ledger entry per line out of exactly one warehouse (D1); edits, un-conducting and deleting post reversing
 * entries (D3); every id it names must exist in the caller's business; a retried create with the same guid changes
 * nothing. Behaviour and decisions: docs/api/stock-documents.md.
 */
import type { Selectable } from 'kysely';
import type { CreateCancellationDto, UpdateCancellationDto } from '../../shared/catalogue/write-off.js';
import type { WriteOffsTable } from '../../db/schema.js';
import { flag, jsonList } from '../../db/values.js';
import { stockDocumentHandlers } from '../stock-documents/document.js';
import type { DocumentPlan, StockDocumentKind } from '../stock-documents/kind.js';
import { documentLines, type DocumentItem, type DocumentLine, type DocumentLineRow } from '../stock-documents/lines.js';
import { listedOnCreate, listedOnUpdate, type ListedHeader } from '../stock-documents/listed-warehouses.js';
import { writeOffMoves } from '../stock-documents/moves.js';
import { restating } from '../stock-documents/posting.js';

type WriteOffRow = Selectable<WriteOffsTable>;

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

/** Each line out of its one warehouse, while conducted. */
function plan(lines: readonly DocumentLine[], header: ListedHeader): DocumentPlan<WriteOffRow> {
  const moves = writeOffMoves(lines, header.warehouses, header.conducted);
  return { ...header, problems: moves.ok ? [] : moves.problems, effect: { moves: moves.ok ? moves.moves : [] } };
}

export const writeOffKind: StockDocumentKind<
  WriteOffRow,
  DocumentItem,
  DocumentLine,
  DocumentLineRow,
  CreateCancellationDto,
  UpdateCancellationDto,
  DocumentPlan<WriteOffRow>
> = {
  table: 'write_offs',
  lines: documentLines('write_off_lines', 'cancellationId'),
  ledger: restating('write_off'),
  missing: 'Cancellation not found',
  beingWritten: 'A document with this guid is being written; retry',
  createAction: 'CREATE_CANCELLATION',
  wire: writeOffWire,
  conducted: (row) => flag(row.conducted),
  planCreate: (body, lines) => plan(lines, listedOnCreate(body)),
  planUpdate: (current, body, lines) => plan(lines, listedOnUpdate(current, body)),
};

export const writeOffHandlers = stockDocumentHandlers(
  writeOffKind,
  {
    create: 'WriteOffController_create',
    findAll: 'WriteOffController_findAll',
    findOne: 'WriteOffController_findOne',
    update: 'WriteOffController_update',
    remove: 'WriteOffController_remove',
  },
  {
    update: { type: 'SYSTEM', action: 'UPDATE_CANCELLATION' },
    remove: { type: 'SYSTEM', action: 'DELETE_CANCELLATION' },
  },
);
