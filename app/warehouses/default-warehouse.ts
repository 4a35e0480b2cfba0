/**
 * The business's default warehouse (issue 13 §1.1): where a sale's stocked line takes its stock when neither the
 * line nor its point names a warehouse and the business has several. A business with warehouses always has one:
 * the first warehouse created becomes it, an owner or admin may make another the default (`is_default: true` on
 * create or update), and deleting the default gives the flag to the oldest other live warehouse (./warehouses.ts).
 * At most one live default per business is enforced by a partial unique index (migration 0014).
 *
 * Concurrency: each change of the flag first locks the business's row (`for no key update` on PostgreSQL, which
 * does not block the key-share locks of ordinary inserts; SQLite has one writer), so two warehouses created at
 * once in a new business cannot both become the default.
 */
import { forbidden } from '../../shared/errors.js';
import type { Db, OperationContext } from '../context.js';
import { onPostgres } from '../operation.js';

/** Who may choose the default: the business's managers, never a cashier's PIN token or a till. */
export function refuseDefaultChangeByStaff(ctx: OperationContext, isDefault: boolean | null | undefined): void {
  if (isDefault === undefined || isDefault === null) return;
  if (ctx.actor.role !== 'OWNER' && ctx.actor.role !== 'ADMIN') throw forbidden('is_default is set by an owner or admin');
}

/** Serialises changes of the business's default warehouse (PostgreSQL; SQLite has one writer). */
export async function lockDefaultWarehouse(db: Db, ctx: OperationContext): Promise<void> {
  if (!onPostgres(db)) return;
  await db.selectFrom('businesses').select('id').where('id', '=', ctx.businessId).forNoKeyUpdate().execute();
}

/** The live default warehouse's id, if the business has one. */
export async function currentDefault(db: Db, ctx: OperationContext): Promise<string | null> {
  const row = await db
    .selectFrom('warehouses')
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('is_default', '=', 1)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Takes the flag from every other warehouse of the business (before giving it to `keep`). */
export async function clearOtherDefaults(db: Db, ctx: OperationContext, keep: string): Promise<void> {
  await db
    .updateTable('warehouses')
    .set({ is_default: 0, dt_updated: ctx.now })
    .where('business_id', '=', ctx.businessId)
    .where('is_default', '=', 1)
    .where('id', '<>', keep)
    .execute();
}
