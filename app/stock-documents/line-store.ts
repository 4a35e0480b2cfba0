/**
 * Reading and writing a stock document's lines, whatever its kind: the kind's line shape names the table and
 * builds the rows. Lines are written once per version of the document: an edit soft-deletes the old ones (kept
 * as history) and inserts anew.
 */
import type { Kysely } from 'kysely';
import type { Db, OperationContext } from '../context.js';
import { insertLater } from '../write.js';
import type { LinePlace } from './kind.js';

/** Only the common columns are read or written here; table and column come from a kind, never from input. */
type LooseDb = Kysely<Record<string, { business_id: string; is_deleted: number; dt_updated: string; line_no: number } & Record<string, string>>>;
const loose = (db: Db) => db as unknown as LooseDb;


/** The live lines of a document, in their order. */
export async function loadLines<StoredLine>(
  db: Db,
  ctx: OperationContext,
  shape: LinePlace,
  documentId: string,
): Promise<StoredLine[]> {
  const rows = await loose(db)
    .selectFrom(shape.table)
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where(shape.documentColumn, '=', documentId)
    .where('is_deleted', '=', 0)
    .orderBy('line_no')
    .execute();
  return rows as unknown as StoredLine[];
}

/**
 * Writes the lines in one multi-row INSERT. Not read back within the operation: on PostgreSQL they travel with
 * the operation's last statement.
 */
export async function insertLines(db: Db, ctx: OperationContext, shape: LinePlace, rows: readonly object[]): Promise<void> {
  await insertLater(db, ctx, shape.table, rows as never[]);
}

/** Soft-deletes a document's live lines: replaced lines stay readable as history. */
export async function retireLines(db: Db, ctx: OperationContext, shape: LinePlace, documentId: string): Promise<void> {
  await loose(db)
    .updateTable(shape.table)
    .set({ is_deleted: 1, dt_updated: ctx.now } as never)
    .where('business_id', '=', ctx.businessId)
    .where(shape.documentColumn, '=', documentId)
    .where('is_deleted', '=', 0)
    .execute();
}
