/**
 * A conducted receipt's "new selling price" (`newPrice`), done and undone. Conducting gives the item that price
 * and its stock row in the line's warehouse too (the row's price is what the stock screens show); the prices it
 * replaced are kept on the line (`previous_price`, `previous_stock_price`, migration 0019). Un-conducting, deleting,
 * or replacing the lines of a conducted receipt puts each back — but only where the price is still the one the
 * receipt set: a price changed since (by hand, or by a later receipt) is newer and stays. The same handlers run on
 * the service and at a till, so both sides change and restore prices alike (docs/api/receipts-and-stock.md).
 */
import { sql } from 'kysely';
import type { Money } from '../../shared/decimal.js';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { atCommit } from '../write.js';
import type { ReceiptLine, ReplacedPrices } from './receipt-lines.js';
import type { ReceiptLineRow } from './receipt-store.js';


/** A price to set on a stock row: the line's item in the warehouse the line went into. */
interface StockPrice {
  readonly itemId: string;
  readonly warehouseId: string;
  readonly price: Money;
}

const byItemAndWarehouse = (itemId: string, warehouseId: string) => `${itemId}\u0000${warehouseId}`;

/**
 * The prices each line's newPrice will replace, read before anything changes them (index by line; undefined for
 * a line without newPrice). `warehouses[i]` is the warehouse line i goes into.
 */
export async function pricesToReplace(
  db: Db,
  ctx: OperationContext,
  lines: readonly ReceiptLine[],
  warehouses: readonly string[],
): Promise<(ReplacedPrices | undefined)[]> {
  const priced = lines.map((line, index) => ({ line, warehouseId: warehouses[index] ?? '' })).filter(({ line }) => line.newPrice !== null);
  if (priced.length === 0) return lines.map(() => undefined);
  const itemIds = [...new Set(priced.map(({ line }) => line.itemId))];
  const items = await db.selectFrom('items').select(['id', 'price']).where('business_id', '=', ctx.businessId).where('id', 'in', itemIds).execute();
  const rows = await db
    .selectFrom('stock_levels')
    .select(['item_id', 'warehouse_id', 'price'])
    .where('business_id', '=', ctx.businessId)
    .where('item_id', 'in', itemIds)
    .execute();
  const itemPrice = new Map(items.map((item) => [item.id, units(item.price) as Money]));
  const stockPrice = new Map(rows.map((row) => [byItemAndWarehouse(row.item_id, row.warehouse_id), units(row.price) as Money]));
  return lines.map((line, index) =>
    line.newPrice === null
      ? undefined
      : {
          price: itemPrice.get(line.itemId) ?? null,
          stockPrice: stockPrice.get(byItemAndWarehouse(line.itemId, warehouses[index] ?? '')) ?? null,
        },
  );
}

/**
 * Gives items their new selling price, and the stock rows the lines went into the same price. Ids are sorted so
 * concurrent receipts lock rows in the same order on PostgreSQL. Item and stock rows are hot (every receipt of an
 * item touches them), so the updates run among the operation's last statements (`atCommit`) — after the stock
 * posting, which creates a missing stock row first.
 */
export async function applyNewPrices(
  db: Db,
  ctx: OperationContext,
  prices: ReadonlyMap<string, Money>,
  lines: readonly ReceiptLine[],
  warehouses: readonly string[],
): Promise<void> {
  if (prices.size === 0) return;
  const stock = new Map<string, StockPrice>();
  lines.forEach((line, index) => {
    const warehouseId = warehouses[index];
    if (line.newPrice === null || warehouseId === undefined) return;
    stock.set(byItemAndWarehouse(line.itemId, warehouseId), { itemId: line.itemId, warehouseId, price: line.newPrice });
  });
  await atCommit(ctx, async () => {
    await setItemPrices(db, ctx, prices);
    for (const key of [...stock.keys()].sort()) {
      const target = stock.get(key);
      if (target) await setStockPrice(db, ctx, target, undefined);
    }
  });
}

async function setItemPrices(db: Db, ctx: OperationContext, prices: ReadonlyMap<string, Money>, onlyIf?: ReadonlyMap<string, Money>): Promise<void> {
  const ids = [...prices.keys()].sort();
  if (ids.length === 0) return;
  // The explicit cast tells PostgreSQL the parameters are BIGINT (it would otherwise infer text).
  const caseOf = (values: ReadonlyMap<string, Money>) =>
    sql<bigint>`case id ${sql.join(
      ids.map((id) => sql`when ${id} then cast(${values.get(id) ?? 0n} as bigint)`),
      sql` `,
    )} end`;
  let update = db
    .updateTable('items')
    .set({ price: caseOf(prices), dt_updated: ctx.now })
    .where('business_id', '=', ctx.businessId)
    .where('id', 'in', ids);
  if (onlyIf) update = update.where('price', '=', caseOf(onlyIf));
  await update.execute();
}

/** Sets one stock row's price; with `onlyIf`, only while the row still holds that price. */
async function setStockPrice(db: Db, ctx: OperationContext, target: StockPrice, onlyIf: Money | undefined): Promise<void> {
  let update = db
    .updateTable('stock_levels')
    .set({ price: target.price, dt_updated: ctx.now })
    .where('business_id', '=', ctx.businessId)
    .where('item_id', '=', target.itemId)
    .where('warehouse_id', '=', target.warehouseId);
  if (onlyIf !== undefined) update = update.where('price', '=', onlyIf);
  await update.execute();
}

/**
 * Takes back the prices a conducted receipt's stored lines set: each item and stock row goes back to the price
 * the line replaced, where it still holds the price the line set. Runs at once (not deferred), so prices read
 * afterwards in the same operation — a re-conduct of replaced lines — see the restored ones.
 */
export async function restoreReplacedPrices(
  db: Db,
  ctx: OperationContext,
  rows: readonly ReceiptLineRow[],
  warehouses: readonly (string | undefined)[],
): Promise<void> {
  const restore = new Map<string, Money>();
  const setBy = new Map<string, Money>();
  const stock = new Map<string, { target: StockPrice; setBy: Money }>();
  rows.forEach((row, index) => {
    if (row.new_price === null) return;
    const newPrice = units(row.new_price) as Money;
    if (row.previous_price !== null && row.previous_price !== undefined && !restore.has(row.item_id)) {
      restore.set(row.item_id, units(row.previous_price) as Money);
      setBy.set(row.item_id, newPrice);
    }
    const warehouseId = warehouses[index];
    if (warehouseId !== undefined && row.previous_stock_price !== null && row.previous_stock_price !== undefined) {
      const key = byItemAndWarehouse(row.item_id, warehouseId);
      if (!stock.has(key)) stock.set(key, { target: { itemId: row.item_id, warehouseId, price: units(row.previous_stock_price) as Money }, setBy: newPrice });
    }
  });
  await setItemPrices(db, ctx, restore, setBy);
  for (const key of [...stock.keys()].sort()) {
    const entry = stock.get(key);
    if (entry) await setStockPrice(db, ctx, entry.target, entry.setBy);
  }
}

/** Keeps on stored lines (a draft being conducted) the prices their newPrice replaces, for a later restore. */
export async function rememberReplacedPrices(
  db: Db,
  ctx: OperationContext,
  rows: readonly ReceiptLineRow[],
  replaced: readonly (ReplacedPrices | undefined)[],
): Promise<void> {
  for (const [index, row] of rows.entries()) {
    const prices = replaced[index];
    if (!prices) continue;
    await db
      .updateTable('receipt_lines')
      .set({ previous_price: prices.price, previous_stock_price: prices.stockPrice, dt_updated: ctx.now })
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', row.id)
      .execute();
  }
}
