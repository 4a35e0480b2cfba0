/**
 * The lists that show the newest first — orders, shifts (settlements), clients, client debts and their entries:
 * the business's live rows, by creation time then id (ids break ties, so the order is total and pages of equal
 * times never swap). One query, so every such list filters and orders alike; a caller adds its own filters.
 */
import type { SelectQueryBuilder, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Db, OperationContext } from '../context.js';

type NewestFirstTable = 'orders' | 'settlements' | 'clients' | 'client_debts' | 'client_debt_txns';

/** The live rows of `table` in the caller's business, newest first; `.where(…)` narrows, `.limit(1)` takes the newest. */
export function liveRowsNewestFirst<T extends NewestFirstTable>(
  db: Db,
  ctx: OperationContext,
  table: T,
): SelectQueryBuilder<Database, T, Selectable<Database[T]>> {
  // One table of the union stands for all of them: they share the columns this query names.
  const query = db
    .selectFrom(table as 'orders')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('is_deleted', '=', 0)
    .orderBy('dt_created', 'desc')
    .orderBy('id', 'desc');
  return query as unknown as SelectQueryBuilder<Database, T, Selectable<Database[T]>>;
}
