/**
 * The SQL of the stock ledger's level upsert (app/stock/ledger.ts decides what moves and when): one INSERT of
 * every (item, warehouse) level an operation changes, an existing row only receiving the delta.
 */
import type { CompiledQuery, Insertable, Kysely } from 'kysely';
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
