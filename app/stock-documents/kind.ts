/**
 * A kind of stock document (goods receipt, write-off, movement, inventory count): what differs from one kind to
 * another, and only that. The one create / update / delete path (./document.ts) reads a kind and does the rest —
 * the guid check, the reference checks, the lines, the ledger, the header and the audit entry — so a rule of the
 * skeleton (a retry changes nothing, a 404 before any write, reversals from the ledger) is written once.
 */
import type { Selectable } from 'kysely';
import type { Quantity } from '../../shared/decimal.js';
import type { StockDocumentHeader } from '../../db/schema.js';
import type { StockMove } from '../stock/ledger.js';
import type { Db, OperationContext } from '../context.js';
import type { RestatingLedger } from './posting.js';
import type { LineReferences } from './references.js';

export type HeaderTable = 'receipts' | 'write_offs' | 'movements' | 'inventories';
export type LineTable = 'receipt_lines' | 'write_off_lines' | 'movement_lines' | 'inventory_lines';

/** The body fields every stock document's create has (the reference's DTOs), and the update's versions of them. */
export interface CreateBody<Item> {
  readonly guid?: string | null | undefined;
  readonly name: string;
  readonly description?: string | null | undefined;
  readonly organizationId: string;
  readonly employeeId: string;
  readonly note?: string | null | undefined;
  readonly items: readonly Item[];
}
export interface UpdateBody<Item> {
  readonly name?: string | null | undefined;
  readonly description?: string | null | undefined;
  readonly organizationId?: string | null | undefined;
  readonly employeeId?: string | null | undefined;
  readonly note?: string | null | undefined;
  readonly items?: readonly Item[] | null | undefined;
}

/** A counted quantity for one (item, warehouse): the level a conducted inventory sets. */
export interface StockCount {
  readonly pair: Omit<StockMove, 'delta'>;
  readonly counted: Quantity;
}

/** What a document in a given state stands for in stock: moves to post, or counts to set (an inventory). */
export type StockEffect = { readonly moves: readonly StockMove[] } | { readonly counts: readonly StockCount[] };

/**
 * What the document will stand for after a create or an update, worked out from its lines and header before
 * anything is written (pure: the kinds' rules are unit-tested without a database).
 */
export interface DocumentPlan<Row> {
  /** Refusals, one message line each (totals that disagree, a line with no single warehouse, …). */
  readonly problems: readonly string[];
  readonly effect: StockEffect;
  /** Whether the document stands for its lines (a movement always does). */
  readonly conducted: boolean;
  /** The kind's own header columns after the write (warehouses, totals, counterparty, conducted flag). */
  readonly columns: Partial<Row>;
  /** The header references the write names, to check: warehouses (with their field names) and the counterparty. */
  readonly references: {
    readonly warehouses: readonly { readonly field: string; readonly id: string }[];
    readonly clientId?: string | undefined;
  };
  /** An update changes the header's warehouses. */
  readonly moved: boolean;
}

/** One write of a document, as the hooks of a kind see it. */
export interface DocumentWrite<Row, Line, StoredLine, Plan> {
  readonly documentId: string;
  /** The header before an update or a delete (undefined on create). */
  readonly current: Row | undefined;
  readonly wasConducted: boolean;
  readonly plan: Plan;
  /** The lines the document has after the write. */
  readonly lines: readonly Line[];
  /** The write replaces the lines (always on create). */
  readonly newLines: boolean;
  /** The stored live lines before the write (read once, on first use). */
  storedLines(): Promise<readonly StoredLine[]>;
}

/** Where a kind keeps its lines. */
export interface LinePlace {
  readonly table: LineTable;
  /** The column naming the line's header. */
  readonly documentColumn: 'receipt_id' | 'document_id';
}

/** The lines of a kind: their table, their shape in the operations, in storage and on the wire. */
export interface LineShape<Item, Line extends LineReferences, StoredLine, Extra> extends LinePlace {
  fromItem(item: Item): Line;
  fromRow(row: StoredLine): Line;
  /** The row to insert for line `index`; `extra` is what the kind's `beforeWrite` worked out for that line. */
  row(ctx: OperationContext, documentId: string, index: number, line: Line, extra: Extra | undefined): StoredLine;
  wire(row: StoredLine): unknown;
}

export interface StockDocumentKind<
  Row extends Selectable<StockDocumentHeader>,
  Item,
  Line extends LineReferences,
  StoredLine,
  Create extends CreateBody<Item>,
  Update extends UpdateBody<Item>,
  Plan extends DocumentPlan<Row>,
  Extra = never,
> {
  readonly table: HeaderTable;
  readonly lines: LineShape<Item, Line, StoredLine, Extra>;
  readonly ledger: RestatingLedger;
  /** The reference's 404 message ("Receipt not found"). */
  readonly missing: string;
  /** The 409 of a create whose guid's header vanished meanwhile (unreachable: there are no hard deletes). */
  readonly beingWritten: string;
  /** The audit action of a create (logged by the create itself, so that an idempotent retry logs nothing). */
  readonly createAction: string;
  /** The header as the wire shows it. */
  wire(row: Row): Record<string, unknown>;
  /** Whether a stored header stands for its lines. */
  conducted(row: Row): boolean;
  planCreate(body: Create, lines: readonly Line[]): Plan;
  planUpdate(current: Row, body: Update, lines: readonly Line[]): Plan;
  /** Refusals beyond the shared reference checks, for the lines being checked (a receipt's units). */
  lineProblems?(db: Db, ctx: OperationContext, lines: readonly Line[]): Promise<string[]>;
  /** Whether an update re-posts (default: always; an inventory re-counts only when its count or state changes). */
  reposts?(write: DocumentWrite<Row, Line, StoredLine, Plan>): boolean;
  /** Work before the lines and the ledger are written (a receipt reads the prices it will replace), per line. */
  beforeWrite?(db: Db, ctx: OperationContext, write: DocumentWrite<Row, Line, StoredLine, Plan>): Promise<readonly (Extra | undefined)[]>;
  /** Work after the lines and the ledger are written (a receipt sets its selling prices). */
  afterWrite?(db: Db, ctx: OperationContext, write: DocumentWrite<Row, Line, StoredLine, Plan>, extras: readonly (Extra | undefined)[]): Promise<void>;
  /** Work before a delete reverses the document's stock (a receipt restores the prices it set). */
  beforeRemove?(db: Db, ctx: OperationContext, current: Row, storedLines: () => Promise<readonly StoredLine[]>): Promise<void>;
}

