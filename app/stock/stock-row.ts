/**
 * The write of a stock row's update (StockQuantityController_update), run as one of the operation's last
 * statements: a stock row is a hot row (every posting of its pair updates it), and on PostgreSQL it stays locked
 * from this write until COMMIT. An absolute quantity becomes an 'adjustment' ledger entry of (target − current),
 * where `current` is read under the row's lock, so postings committed meanwhile are counted, never overwritten.
 * Replayed from a terminal's queue with a basis (the quantity the user saw), the entry is (target − seen) instead,
 * so sales that reached the service after the user looked are not undone by the edit. The entry carries the
 * adjustment's reason when the body gave one (`adjustment_reason`, migration 0018).
 */
import { sql, type Updateable } from 'kysely';
import type { Quantity } from '../../shared/decimal.js';
import type { StockLevelsTable } from '../../db/schema.js';
import { units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { onPostgres } from '../operation.js';
import { executeCarrying } from '../write.js';
import { shapedQuery } from '../../db/shaped-query.js';

export type StockRowChanges = Updateable<StockLevelsTable> & { readonly dt_updated: string };

const ADJUSTMENT = { reason: 'adjustment', docType: 'stock_list' } as const;

/**
 * Applies `changes` (and `target`, if given) to the live row `id`; false when there is no such row. On
 * PostgreSQL lock, read, ledger entry and update travel as ONE statement, so the row is locked for a single
 * round trip before COMMIT; SQLite has one writer and runs them as three cheap local statements.
 */
export async function setStockRow(
  db: Db,
  ctx: OperationContext,
  id: string,
  changes: StockRowChanges,
  target: Quantity | undefined,
  adjustmentReason: string | null = null,
): Promise<boolean> {
  if (target === undefined) {
    const update = db
      .updateTable('stock_levels')
      .set(changes)
      .where('business_id', '=', ctx.businessId)
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .compile();
    const result = await executeCarrying(db, ctx, update);
    return (result?.numAffectedRows ?? 0n) > 0n;
  }
  return onPostgres(db)
    ? setLockedPostgres(db, ctx, id, changes, target, adjustmentReason)
    : setSqlite(db, ctx, id, changes, target, adjustmentReason);
}

/**
 * One statement: `old` locks the row and reads its quantity as last committed (READ COMMITTED re-reads a row
 * after waiting for its lock), `moved` appends the adjustment, and the UPDATE sets the row. Data-modifying CTEs
 * always run to completion, referenced or not.
 */
async function setLockedPostgres(
  db: Db,
  ctx: OperationContext,
  id: string,
  changes: StockRowChanges,
  target: Quantity,
  adjustmentReason: string | null,
) {
  const assignments = sql.join(Object.entries(changes).map(([column, value]) => sql`${sql.ref(column)} = ${value}`));
  // The move: target − current, or target − what the user saw when a basis is given.
  const delta = ctx.basis ? sql`cast(${target - ctx.basis.value} as bigint)` : sql`cast(${target} as bigint) - quantity`;
  const statement = sql<{ id: string }>`
    with old as (
      select id, item_id, warehouse_id, quantity, ${delta} as delta from stock_levels
       where business_id = ${ctx.businessId} and id = ${id} and is_deleted = 0
         for update),
    moved as (
      insert into stock_moves (business_id, id, item_id, warehouse_id, delta, reason, doc_type, doc_id, actor_id, dt_created, adjustment_reason)
      select ${ctx.businessId}, ${ctx.newId()}, item_id, warehouse_id, delta,
             ${ADJUSTMENT.reason}, ${ADJUSTMENT.docType}, id, ${ctx.actor.id}, ${ctx.now}, cast(${adjustmentReason} as text)
        from old where delta <> 0)
    update stock_levels l set ${assignments}, quantity = old.quantity + old.delta
      from old where l.business_id = ${ctx.businessId} and l.id = old.id
    returning l.id`.compile(db);
  return ((await executeCarrying(db, ctx, statement))?.rows.length ?? 0) > 0;
}

// SQLite's three statements are built once per shape (db/shaped-query.ts): a stock edit is a hot write.
async function setSqlite(
  db: Db,
  ctx: OperationContext,
  id: string,
  changes: StockRowChanges,
  target: Quantity,
  adjustmentReason: string | null,
) {
  const key = { businessId: ctx.businessId, id };
  const read = shapedQuery(db, 'stock-row-read', key, (v) =>
    db.selectFrom('stock_levels').select(['item_id', 'warehouse_id', 'quantity']).where('business_id', '=', v.businessId).where('id', '=', v.id).where('is_deleted', '=', 0),
  );
  const row = (await db.executeQuery(read)).rows[0];
  if (!row) return false;
  const current = units(row.quantity);
  const delta = target - (ctx.basis ? ctx.basis.value : current);
  if (delta !== 0n) {
    const move = {
      business_id: ctx.businessId,
      id: ctx.newId(),
      item_id: row.item_id,
      warehouse_id: row.warehouse_id,
      delta,
      reason: ADJUSTMENT.reason,
      doc_type: ADJUSTMENT.docType,
      doc_id: id,
      actor_id: ctx.actor.id,
      dt_created: ctx.now,
      adjustment_reason: adjustmentReason,
    };
    await db.executeQuery(shapedQuery(db, 'stock-row-move', move, (v) => db.insertInto('stock_moves').values(v)));
  }
  // The columns an edit sets vary with its body: each set of columns is a shape.
  const assigned = { ...changes, quantity: current + delta };
  const columns = Object.keys(assigned).sort();
  const values: Record<string, unknown> = { ...Object.fromEntries(columns.map((column) => [`set_${column}`, assigned[column as keyof typeof assigned]])), ...key };
  await db.executeQuery(
    shapedQuery(db, `stock-row-update:${columns.join(',')}`, values, (v) =>
      db
        .updateTable('stock_levels')
        .set(Object.fromEntries(columns.map((column) => [column, v[`set_${column}`]])) as Updateable<StockLevelsTable>)
        .where('business_id', '=', v.businessId as string)
        .where('id', '=', v.id as string),
    ),
  );
  return true;
}
