/**
 * The stock ledger. Every change of stock is an appended `stock_moves` row; `stock_levels.quantity` is the
 * running sum per (item, warehouse), updated in the same transaction with an atomic increment (never a
 * read-modify-write, so concurrent postings cannot lose each other — the reference's D2). Documents post
 * moves when conducted and post reversing moves when edited, un-conducted or deleted; nothing is overwritten.
 */
import { sql } from 'kysely';
import type { Money, Quantity } from '../../shared/decimal.js';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';

export interface StockMove {
  readonly itemId: string;
  readonly warehouseId: string;
  /** Signed change in thousandths: + stock in, − stock out. */
  readonly delta: Quantity;
  /**
   * Price and measure for the level row this move creates when the pair has never moved. Never applied to an
   * existing row: documents must not overwrite the stock row's price and measure (the reference's D4).
   */
  readonly initial?: { readonly price: Money; readonly measureId: string };
}

export interface MoveSource {
  /** Why: 'receipt', 'receipt_reversal', 'adjustment', 'sale', … */
  readonly reason: string;
  readonly docType?: string;
  readonly docId?: string;
}

const pairKey = (move: StockMove) => `${move.warehouseId}\u0000${move.itemId}`;

/** Sums moves per (warehouse, item), drops the ones that cancel out, and sorts them (a fixed lock order). */
export function netMoves(moves: readonly StockMove[]): StockMove[] {
  const byPair = new Map<string, StockMove>();
  for (const move of moves) {
    const key = pairKey(move);
    const previous = byPair.get(key);
    const initial = previous?.initial ?? move.initial;
    byPair.set(key, { ...move, ...(initial ? { initial } : {}), delta: ((previous?.delta ?? 0n) + move.delta) as Quantity });
  }
  return [...byPair.entries()]
    .filter(([, move]) => move.delta !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, move]) => move);
}

/**
 * Appends the moves to the ledger and applies them to the levels, creating a level row for a pair seen for
 * the first time. Two statements for the whole batch, whatever its size. Must run inside the caller's
 * transaction.
 */
export async function postStockMoves(
  db: Db,
  ctx: OperationContext,
  moves: readonly StockMove[],
  source: MoveSource,
): Promise<void> {
  await postStockEntries(db, ctx, [{ moves, source }]);
}

/** One group of moves with a common reason, e.g. the reversal of a document's old lines. */
export interface StockBatch {
  readonly moves: readonly StockMove[];
  readonly source: MoveSource;
}

/**
 * Appends several batches at once (e.g. a reversal and a re-posting): each batch's moves are netted and written
 * to the ledger under their own reason, and the levels receive the net of all batches in ONE upsert whose rows
 * are sorted by pair — every transaction locks level rows in the same order, so concurrent postings on
 * PostgreSQL cannot deadlock each other. Must run inside the caller's transaction.
 */
export async function postStockEntries(db: Db, ctx: OperationContext, batches: readonly StockBatch[]): Promise<void> {
  const entries = batches.flatMap((batch) =>
    netMoves(batch.moves).map((move) => ({ move, source: batch.source, id: ctx.newId() })),
  );
  if (entries.length === 0) return;
  await db
    .insertInto('stock_moves')
    .values(
      entries.map(({ move, source, id }) => ({
        business_id: ctx.businessId,
        id,
        item_id: move.itemId,
        warehouse_id: move.warehouseId,
        delta: move.delta,
        reason: source.reason,
        doc_type: source.docType ?? null,
        doc_id: source.docId ?? null,
        actor_id: ctx.actor.id,
        dt_created: ctx.now,
      })),
    )
    .execute();
  // A level row created now takes the id of a ledger row of its pair (one always exists when the net is not
  // zero): ids are unique per table, and this saves generating one per pair that usually exists already.
  const entryIds = new Map(entries.map((entry) => [pairKey(entry.move), entry.id]));
  const net = netMoves(batches.flatMap((batch) => batch.moves));
  await applyToLevels(
    db,
    ctx,
    net.map((move) => ({ move, id: entryIds.get(pairKey(move)) ?? ctx.newId() })),
  );
}

/** Adds the (netted, sorted) moves to their level rows with an atomic increment, creating missing rows. */
async function applyToLevels(db: Db, ctx: OperationContext, net: readonly { move: StockMove; id: string }[]): Promise<void> {
  if (net.length === 0) return;
  await db
    .insertInto('stock_levels')
    .values(
      net.map(({ move, id }) => ({
        business_id: ctx.businessId,
        id,
        item_id: move.itemId,
        warehouse_id: move.warehouseId,
        quantity: move.delta,
        price: move.initial?.price ?? 0n,
        measure_id: move.initial?.measureId ?? '',
        date_from: ctx.now,
        mon: 0n,
        tue: 0n,
        wed: 0n,
        thu: 0n,
        fri: 0n,
        sat: 0n,
        sun: 0n,
        is_deleted: 0,
        dt_created: ctx.now,
        dt_updated: ctx.now,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(['business_id', 'item_id', 'warehouse_id']).doUpdateSet({
        quantity: sql`stock_levels.quantity + excluded.quantity`,
        dt_updated: sql`excluded.dt_updated`,
      }),
    )
    .execute();
}

/**
 * What a document has posted so far and not reversed: the net of its ledger entries per pair. Reversals are
 * computed from this rather than from the document's current lines, so they undo exactly what was posted.
 */
export async function postedByDocument(db: Db, ctx: OperationContext, docType: string, docId: string): Promise<StockMove[]> {
  const rows = await db
    .selectFrom('stock_moves')
    .select(['item_id', 'warehouse_id', (eb) => eb.fn.sum<bigint | string>('delta').as('delta')])
    .where('business_id', '=', ctx.businessId)
    .where('doc_id', '=', docId)
    .where('doc_type', '=', docType)
    .groupBy(['item_id', 'warehouse_id'])
    .execute();
  // SUM(bigint) is numeric (text) on PostgreSQL and an integer on SQLite; both convert exactly.
  return netMoves(
    rows.map((row) => ({ itemId: row.item_id, warehouseId: row.warehouse_id, delta: units(row.delta) as Quantity })),
  );
}

/** The current level of each pair asked for (0 when the pair has never moved). */
export async function stockLevels(db: Db, ctx: OperationContext, pairs: readonly { itemId: string; warehouseId: string }[]) {
  const result = new Map<string, bigint>();
  if (pairs.length === 0) return result;
  const rows = await db
    .selectFrom('stock_levels')
    .select(['item_id', 'warehouse_id', 'quantity'])
    .where('business_id', '=', ctx.businessId)
    .where('item_id', 'in', [...new Set(pairs.map((pair) => pair.itemId))])
    .execute();
  for (const row of rows) result.set(`${row.warehouse_id}\u0000${row.item_id}`, BigInt(row.quantity));
  return result;
}

/**
 * Pairs whose level differs from the sum of their ledger, for a business — the conservation invariant (I5).
 * Empty when the books balance. Used by tests and the fault harness.
 */
export async function stockLedgerMismatches(db: Db, businessId: string) {
  const rows = await sql<{ item_id: string; warehouse_id: string; level: bigint | string; ledger: bigint | string | null }>`
    select l.item_id, l.warehouse_id, l.quantity as level,
           (select coalesce(sum(m.delta), 0) from stock_moves m
             where m.business_id = l.business_id and m.item_id = l.item_id and m.warehouse_id = l.warehouse_id) as ledger
      from stock_levels l
     where l.business_id = ${businessId}`.execute(db);
  return rows.rows
    .map((row) => ({
      itemId: row.item_id,
      warehouseId: row.warehouse_id,
      level: BigInt(row.level),
      ledger: BigInt(row.ledger ?? 0),
    }))
    .filter((row) => row.level !== row.ledger);
}
