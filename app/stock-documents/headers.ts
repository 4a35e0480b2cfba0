/**
 * Loading, locking and idempotent inserting of inventory, write-off and movement headers. The tables share their key
 * and bookkeeping columns, so one implementation serves both; each caller names its table and 404 message.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import { conflict, notFound } from '../../shared/errors.js';
import type { Database, StockDocumentHeader } from '../../db/schema.js';
import type { Db, OperationContext } from '../context.js';
import { insertRows } from '../../db/insert-statements.js';
import { retireDocumentLines, type LineTable } from './lines.js';

export type HeaderTable = 'write_offs' | 'movements' | 'inventories';
/** Only the common columns are touched here; the table is one of a fixed pair, never input. */
type LooseDb = Kysely<Record<string, StockDocumentHeader>>;

export interface HeaderSpec<T extends HeaderTable> {
  readonly table: T;
  /** The reference's 404 message. */
  readonly missing: string;
}

/** A live header of the caller's business, or 404. */
export async function loadHeader<T extends HeaderTable>(db: Db, ctx: OperationContext, spec: HeaderSpec<T>, id: string) {
  const row = await (db as unknown as LooseDb)
    .selectFrom(spec.table as string)
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound(spec.missing);
  return row as unknown as Selectable<Database[T]>;
}

/**
 * Loads a live header for a change, locking its row first (PostgreSQL): two concurrent edits of one document
 * then run one after the other, and the second reads the ledger as the first left it — otherwise both would
 * reverse the same posting. Throws 404 before anything is written (the reference's movement update had none).
 */
export async function lockHeader<T extends HeaderTable>(db: Db, ctx: OperationContext, spec: HeaderSpec<T>, id: string) {
  const row = await (db as unknown as LooseDb)
    .updateTable(spec.table as string)
    .set({ dt_updated: ctx.now })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound(spec.missing);
  return row as unknown as Selectable<Database[T]>;
}

export async function listHeaders<T extends HeaderTable>(db: Db, ctx: OperationContext, spec: HeaderSpec<T>) {
  const rows = await (db as unknown as LooseDb)
    .selectFrom(spec.table as string)
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('is_deleted', '=', 0)
    .orderBy('dt_created')
    .orderBy('id')
    .execute();
  return rows as unknown as Selectable<Database[T]>[];
}

export async function updateHeader<T extends HeaderTable>(
  db: Db,
  ctx: OperationContext,
  spec: HeaderSpec<T>,
  id: string,
  changes: Partial<StockDocumentHeader>,
): Promise<void> {
  await (db as unknown as LooseDb)
    .updateTable(spec.table as string)
    .set(changes)
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .execute();
}

const GUID_RETRY = 'on conflict ("business_id", "guid") where "guid" is not null do nothing returning "id"';

/**
 * Inserts the header, or with a guid already used in the business returns the stored header instead (the
 * partial unique index decides, so two concurrent retries cannot both insert): `created: false` then.
 */
export async function insertHeaderOnce<T extends HeaderTable>(
  db: Db,
  ctx: OperationContext,
  spec: HeaderSpec<T>,
  row: Insertable<Database[T]> & Selectable<Database[T]> & { guid: string | null },
): Promise<{ created: boolean; row: Selectable<Database[T]> }> {
  if (row.guid === null) {
    await insertRows(db, spec.table, [row]);
    return { created: true, row };
  }
  if ((await insertRows(db, spec.table, [row], GUID_RETRY)).length > 0) return { created: true, row };
  const stored = await (db as unknown as LooseDb)
    .selectFrom(spec.table as string)
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('guid', '=', row.guid)
    .executeTakeFirst();
  // Unreachable unless the conflicting row vanished (there are no hard deletes); never post without a header.
  if (!stored) throw conflict('A document with this guid is being written; retry');
  return { created: false, row: stored as unknown as Selectable<Database[T]> };
}

/**
 * Deletes a document: locks its header (404 first), lets `reverse` take back whatever it posted (the reference
 * never did, D3), soft-deletes its lines and header. Returns the deleted header.
 */
export async function removeDocument<T extends HeaderTable>(
  db: Db,
  ctx: OperationContext,
  spec: HeaderSpec<T> & { readonly lines: LineTable },
  id: string,
  reverse: () => Promise<void>,
): Promise<Selectable<Database[T]>> {
  const current = await lockHeader(db, ctx, spec, id);
  await reverse();
  await retireDocumentLines(db, ctx, spec.lines, id);
  const changes = { is_deleted: 1 as const, dt_updated: ctx.now };
  await updateHeader(db, ctx, spec, id, changes);
  return { ...current, ...changes };
}
