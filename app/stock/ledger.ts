/**
 * The stock ledger. Every change of stock is an appended `stock_moves` row; `stock_levels.quantity` is the
 * running sum per (item, warehouse), updated in the same transaction with an atomic increment (never a
 * read-modify-write, so concurrent postings cannot lose each other — the reference's D2). Documents post
 * moves when conducted and post reversing moves when edited, un-conducted or deleted; nothing is overwritten.
 *
 * Level rows are hot (every sale of an item touches the same row), so their updates run as the operation's last
 * statements (`atCommit`): on PostgreSQL a level row stays locked from its update until COMMIT, and the shorter
 * that window, the more writers per second one row admits. All of an operation's level changes are netted into
 * one upsert there. Nothing inside an operation may read a level it has just posted to.
 */
import { sql } from 'kysely';
import { formatDecimal, QUANTITY, type Money, type Quantity } from '../../shared/decimal.js';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { onPostgres } from '../../db/engine.js';
import { insertQuery } from '../../db/insert-statements.js';
import { atCommit, executeCarrying, insertLater } from '../write.js';
import { warn } from '../warnings.js';

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
  timing: LevelTiming = {},
): Promise<void> {
  await postStockEntries(db, ctx, [{ moves, source }], timing);
}

export interface LevelTiming {
  /**
   * Update the level rows now rather than at commit: for operations that read a level back after posting (the
   * catalogue's item answers carry the item's stock total). Costs a longer lock on PostgreSQL.
   */
  readonly applyNow?: boolean;
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
export async function postStockEntries(
  db: Db,
  ctx: OperationContext,
  batches: readonly StockBatch[],
  timing: LevelTiming = {},
): Promise<void> {
  const changes = await appendMoves(db, ctx, batches);
  if (changes.length === 0) return;
  if (timing.applyNow) await applyToLevels(db, ctx, changes);
  else await applyAtCommit(db, ctx, changes);
}

interface LevelChange {
  readonly move: StockMove;
  /** The id a level row created by this change takes. */
  readonly id: string;
}

/** Writes the batches' netted moves to the ledger; returns the net change per pair for the levels. */
async function appendMoves(db: Db, ctx: OperationContext, batches: readonly StockBatch[]): Promise<LevelChange[]> {
  const entries = batches.flatMap((batch) =>
    netMoves(batch.moves).map((move) => ({ move, source: batch.source, id: ctx.newId() })),
  );
  if (entries.length === 0) return [];
  // Nothing in the operation reads its new ledger rows back, so on PostgreSQL they ride with the level upsert.
  await insertLater(
    db,
    ctx,
    'stock_moves',
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
  );
  // A level row created now takes the id of a ledger row of its pair (one always exists when the net is not
  // zero): ids are unique per table, and this saves generating one per pair that usually exists already.
  const entryIds = new Map(entries.map((entry) => [pairKey(entry.move), entry.id]));
  return netMoves(batches.flatMap((batch) => batch.moves)).map((move) => ({
    move,
    id: entryIds.get(pairKey(move)) ?? ctx.newId(),
  }));
}

/** Level changes an operation has posted and not yet applied, netted per pair. */
const pendingLevels = new WeakMap<OperationContext, Map<string, LevelChange>>();

/** Queues level changes for the operation's single level upsert at commit (applied at once outside one). */
async function applyAtCommit(db: Db, ctx: OperationContext, changes: readonly LevelChange[]): Promise<void> {
  const queued = pendingLevels.get(ctx);
  const pending = queued ?? new Map<string, LevelChange>();
  for (const change of changes) {
    const key = pairKey(change.move);
    const previous = pending.get(key);
    if (!previous) pending.set(key, change);
    else {
      const delta = (previous.move.delta + change.move.delta) as Quantity;
      const initial = previous.move.initial ?? change.move.initial;
      pending.set(key, { id: previous.id, move: { ...previous.move, ...(initial ? { initial } : {}), delta } });
    }
  }
  if (queued) return;
  pendingLevels.set(ctx, pending);
  await atCommit(ctx, async () => {
    pendingLevels.delete(ctx);
    const net = [...pending.entries()]
      .filter(([, change]) => change.move.delta !== 0n)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, change]) => change);
    await applyToLevels(db, ctx, net);
  });
}

/**
 * Brings a pair's level to `target` with one adjustment entry of (target − current), as one of the operation's
 * last statements. The current level is read under the row's lock (`for update` on PostgreSQL; SQLite has one
 * writer), so postings committed in the meantime are counted, never overwritten. A pair with no level row is
 * at 0; a move of `target` then creates the row through the usual atomic upsert.
 */
export async function setStockLevel(
  db: Db,
  ctx: OperationContext,
  pair: Omit<StockMove, 'delta'>,
  target: Quantity,
  source: MoveSource,
  timing: LevelTiming = {},
): Promise<void> {
  const set = async () => {
    let read = db
      .selectFrom('stock_levels')
      .select('quantity')
      .where('business_id', '=', ctx.businessId)
      .where('item_id', '=', pair.itemId)
      .where('warehouse_id', '=', pair.warehouseId);
    if (onPostgres(db)) read = read.forUpdate();
    const row = await read.executeTakeFirst();
    const delta = (target - (row ? units(row.quantity) : 0n)) as Quantity;
    const changes = await appendMoves(db, ctx, [{ moves: [{ ...pair, delta }], source }]);
    await applyToLevels(db, ctx, changes);
  };
  if (timing.applyNow) await set();
  else await atCommit(ctx, set);
}

/** Adds the (netted, sorted) moves to their level rows with an atomic increment, creating missing rows. */
async function applyToLevels(db: Db, ctx: OperationContext, net: readonly LevelChange[]): Promise<void> {
  if (net.length === 0) return;
  const upsert = insertQuery(
    db,
    'stock_levels',
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
    // A queued operation learns the levels it leaves (in the same statement) to warn of any below zero.
    ctx.queued ? `${LEVEL_INCREMENT} ${LEVEL_RETURNING}` : LEVEL_INCREMENT,
  );
  const result = await executeCarrying(db, ctx, upsert);
  if (!ctx.queued) return;
  for (const row of (result?.rows ?? []) as { item_id: string; warehouse_id: string; quantity: bigint | number | string }[]) {
    const quantity = units(row.quantity);
    // Only a level this operation lowered: a receipt into a pair that was already negative broke no rule.
    const lowered = net.some(({ move }) => move.itemId === row.item_id && move.warehouseId === row.warehouse_id && move.delta < 0n);
    if (quantity < 0n && lowered) {
      warn(ctx, { code: 'STOCK_BELOW_ZERO', itemId: row.item_id, warehouseId: row.warehouse_id, quantity: formatDecimal(quantity, QUANTITY) });
    }
  }
}

const LEVEL_RETURNING = 'returning "item_id", "warehouse_id", "quantity"';

/** An existing level row only receives the delta: its price and measure stay (the reference's D4). */
const LEVEL_INCREMENT = `on conflict ("business_id", "item_id", "warehouse_id") do update set
  "quantity" = "stock_levels"."quantity" + excluded."quantity", "dt_updated" = excluded."dt_updated"`;

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

/**
 * Pairs whose level differs from the sum of their ledger, for a business — the conservation invariant (I5).
 * Empty when the books balance. Used by tests and the fault harness.
 */
export async function stockLedgerMismatches(db: Db, businessId: string) {
  // One pass over the business's ledger, grouped (the ledger has no index by pair: migration 0013).
  const rows = await sql<{ item_id: string; warehouse_id: string; level: bigint | string; ledger: bigint | string | null }>`
    select l.item_id, l.warehouse_id, l.quantity as level, m.ledger
      from stock_levels l
      left join (select item_id, warehouse_id, sum(delta) as ledger from stock_moves
                  where business_id = ${businessId} group by item_id, warehouse_id) m
        on m.item_id = l.item_id and m.warehouse_id = l.warehouse_id
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
