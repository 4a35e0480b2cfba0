/**
 * The stock ledger. Every change of stock is an appended `stock_moves` row; `stock_levels.quantity` is the
 * running sum per (item, warehouse), updated in the same transaction with an atomic increment (never a
 * read-modify-write, so concurrent postings cannot lose each other — the reference's D2). Documents post
 * moves when conducted and post reversing moves when edited, un-conducted or deleted; nothing is overwritten.
 */
import { sql } from 'kysely';
import type { Quantity } from '../../shared/decimal.js';
import type { Db, OperationContext } from '../context.js';

export interface StockMove {
  readonly itemId: string;
  readonly warehouseId: string;
  /** Signed change in thousandths: + stock in, − stock out. */
  readonly delta: Quantity;
}

export interface MoveSource {
  /** Why: 'receipt', 'receipt_reversal', 'adjustment', 'sale', … */
  readonly reason: string;
  readonly docType?: string;
  readonly docId?: string;
}

/** Sums moves per (warehouse, item), drops the ones that cancel out, and sorts them (a fixed lock order). */
export function netMoves(moves: readonly StockMove[]): StockMove[] {
  const byPair = new Map<string, StockMove>();
  for (const move of moves) {
    const key = `${move.warehouseId}\u0000${move.itemId}`;
    const previous = byPair.get(key);
    byPair.set(key, { ...move, delta: ((previous?.delta ?? 0n) + move.delta) as Quantity });
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
export async function postStockMoves(db: Db, ctx: OperationContext, moves: readonly StockMove[], source: MoveSource): Promise<void> {
  const net = netMoves(moves);
  if (net.length === 0) return;
  await db
    .insertInto('stock_moves')
    .values(
      net.map((move) => ({
        business_id: ctx.businessId,
        id: ctx.newId(),
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
  await db
    .insertInto('stock_levels')
    .values(
      net.map((move) => ({
        business_id: ctx.businessId,
        id: ctx.newId(),
        item_id: move.itemId,
        warehouse_id: move.warehouseId,
        quantity: move.delta,
        price: 0n,
        measure_id: '',
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
    .map((row) => ({ itemId: row.item_id, warehouseId: row.warehouse_id, level: BigInt(row.level), ledger: BigInt(row.ledger ?? 0) }))
    .filter((row) => row.level !== row.ledger);
}
