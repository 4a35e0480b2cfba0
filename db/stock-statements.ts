/**
 * The SQL of the stock ledger's hot statements (app/stock decides what moves and when): the level upsert, one
 * INSERT of every (item, warehouse) level an operation changes, an existing row only receiving the delta; and
 * PostgreSQL's one-statement edit of a stock row.
 */
import { sql, type CompiledQuery, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, StockLevelsTable } from './schema.js';
import { insertQuery } from './insert-statements.js';

/** An existing level row only receives the delta: its price and measure stay (the reference's D4). */
const LEVEL_INCREMENT = `on conflict ("business_id", "item_id", "warehouse_id") do update set
  "quantity" = "stock_levels"."quantity" + excluded."quantity", "dt_updated" = excluded."dt_updated"`;

const LEVEL_RETURNING = 'returning "item_id", "warehouse_id", "quantity"';

/**
 * Adds each row's quantity to its level, creating the rows that do not exist yet (as given). With `returning`,
 * the statement answers the levels it leaves (item_id, warehouse_id, quantity).
 */
export function levelUpsertQuery(db: Pick<Kysely<Database>, 'getExecutor'>, rows: readonly Insertable<StockLevelsTable>[], returning: boolean): CompiledQuery {
  return insertQuery(db, 'stock_levels', rows, returning ? `${LEVEL_INCREMENT} ${LEVEL_RETURNING}` : LEVEL_INCREMENT);
}

/** The adjustment entry a stock row's edit records: why, and who, when. */
export interface RowAdjustment {
  readonly businessId: string;
  readonly rowId: string;
  readonly moveId: string;
  readonly reason: string;
  readonly docType: string;
  readonly actorId: string;
  readonly now: string;
  readonly adjustmentReason: string | null;
}

/**
 * PostgreSQL: a live stock row's edit in ONE statement. `old` locks the row and reads its quantity as last
 * committed (READ COMMITTED re-reads a row after waiting for its lock), `moved` appends the adjustment entry of
 * `delta` (when not zero), and the UPDATE sets `changes` and the quantity. Data-modifying CTEs always run to
 * completion, referenced or not. The delta is `target − current`, or `change` as given when the caller knows it
 * (an edit replayed against the value the user saw). Answers the row's id, or nothing when there is no live row.
 */
export function setStockRowStatement(
  db: Kysely<Database>,
  changes: Updateable<StockLevelsTable>,
  quantity: { readonly target: bigint } | { readonly change: bigint },
  adjustment: RowAdjustment,
): CompiledQuery<{ id: string }> {
  const assignments = sql.join(Object.entries(changes).map(([column, value]) => sql`${sql.ref(column)} = ${value}`));
  const delta = 'change' in quantity ? sql`cast(${quantity.change} as bigint)` : sql`cast(${quantity.target} as bigint) - quantity`;
  const { businessId } = adjustment;
  return sql<{ id: string }>`
    with old as (
      select id, item_id, warehouse_id, quantity, ${delta} as delta from stock_levels
       where business_id = ${businessId} and id = ${adjustment.rowId} and is_deleted = 0
         for update),
    moved as (
      insert into stock_moves (business_id, id, item_id, warehouse_id, delta, reason, doc_type, doc_id, actor_id, dt_created, adjustment_reason)
      select ${businessId}, ${adjustment.moveId}, item_id, warehouse_id, delta,
             ${adjustment.reason}, ${adjustment.docType}, id, ${adjustment.actorId}, ${adjustment.now}, cast(${adjustment.adjustmentReason} as text)
        from old where delta <> 0)
    update stock_levels l set ${assignments}, quantity = old.quantity + old.delta
      from old where l.business_id = ${businessId} and l.id = old.id
    returning l.id`.compile(db);
}
