/**
 * Loading, locking, listing and idempotent inserting of stock-document headers (receipts, inventories, write-offs,
 * movements). The tables share their key and bookkeeping columns, so one implementation serves them all; each
 * kind names its table and its messages (./kind.ts).
 */
import type { Kysely } from 'kysely';
import { conflict, notFound } from '../../shared/errors.js';
import type { StockDocumentHeader } from '../../db/schema.js';
import type { Db, OperationContext } from '../context.js';
import { insertRows } from '../../db/insert-statements.js';
import type { HeaderTable } from './kind.js';

/** Only the common columns are touched here; the table is one of a fixed few, never input. */
type LooseDb = Kysely<Record<string, StockDocumentHeader>>;
const loose = (db: Db) => db as unknown as LooseDb;

export interface HeaderSpec {
  readonly table: HeaderTable;
  /** The reference's 404 message. */
  readonly missing: string;
  /** The 409 of a guid whose header vanished meanwhile. */
  readonly beingWritten: string;
}

/** A live header of the caller's business, or 404. */
export async function loadHeader<Row>(db: Db, ctx: OperationContext, spec: HeaderSpec, id: string): Promise<Row> {
  const row = await loose(db)
    .selectFrom(spec.table)
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound(spec.missing);
  return row as Row;
}

/**
 * Loads a live header for a change, locking its row first (PostgreSQL; SQLite has one writer anyway): two
 * concurrent edits of one document then run one after the other, and the second reads the ledger as the first
 * left it — otherwise both would reverse the same posting. The touch of `dt_updated` is what takes the lock.
 * Throws 404 before anything is written (the reference's movement update had none).
 */
export async function lockHeader<Row>(db: Db, ctx: OperationContext, spec: HeaderSpec, id: string): Promise<Row> {
  const row = await loose(db)
    .updateTable(spec.table)
    .set({ dt_updated: ctx.now })
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound(spec.missing);
  return row as Row;
}

/** The live headers of the business, oldest first (the reference's order). */
export async function listHeaders<Row>(db: Db, ctx: OperationContext, spec: HeaderSpec): Promise<Row[]> {
  const rows = await loose(db)
    .selectFrom(spec.table)
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('is_deleted', '=', 0)
    .orderBy('dt_created')
    .orderBy('id')
    .execute();
  return rows as Row[];
}

export async function updateHeader(db: Db, ctx: OperationContext, spec: HeaderSpec, id: string, changes: object): Promise<void> {
  await loose(db)
    .updateTable(spec.table)
    .set(changes as Partial<StockDocumentHeader>)
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .execute();
}

const GUID_RETRY = 'on conflict ("business_id", "guid") where "guid" is not null do nothing returning "id"';

/**
 * Inserts the header, or with a guid already used in the business returns the stored header instead (the
 * partial unique index decides, so two concurrent retries cannot both insert): `created: false` then.
 */
export async function insertHeaderOnce<Row extends { readonly guid: string | null }>(
  db: Db,
  ctx: OperationContext,
  spec: HeaderSpec,
  row: Row,
): Promise<{ created: boolean; row: Row }> {
  const insert = (suffix?: string) => insertRows(db, spec.table, [row as never], suffix);
  if (row.guid === null) {
    await insert();
    return { created: true, row };
  }
  if ((await insert(GUID_RETRY)).length > 0) return { created: true, row };
  const stored = await loose(db)
    .selectFrom(spec.table)
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('guid', '=', row.guid)
    .executeTakeFirst();
  // Unreachable unless the conflicting row vanished (there are no hard deletes); never post without a header.
  if (!stored) throw conflict(spec.beingWritten);
  return { created: false, row: stored as unknown as Row };
}
