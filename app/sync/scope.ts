/**
 * What an enrolled terminal receives (docs/sync.md, "Scopes"). A terminal belongs to one workplace, hence to the
 * workplace's point; the point's warehouses are its default warehouse (`points.default_warehouse_id`) or, while it
 * has none, every warehouse of the business. Change-log entries are scoped `biz`, `pt:<point>` or
 * `wh:<warehouse>` (db/change-capture.ts); a terminal gets `biz`, its point's and its warehouses'.
 *
 * The scope is read from the terminal's row on every request — never from the request — so moving a workplace to
 * another point, or setting the point's default warehouse, takes effect at once. `key` fingerprints it; cursors
 * and bootstrap page tokens carry the key, so one issued for another scope is recognised.
 */
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { ScopeRule } from '../../db/change-capture.js';
import type { Db } from '../context.js';

export interface TerminalScope {
  readonly businessId: string;
  readonly terminalId: string;
  readonly workplaceId: string;
  readonly pointId: string;
  /** The point's default warehouse, or null: then every warehouse of the business is in scope. */
  readonly warehouseId: string | null;
  readonly key: string;
}

/**
 * The row of a live (enrolled, not revoked) terminal of the business with what its scope is made of. Callers add
 * their own columns to read more in the same round trip (a pull reads the head version and its acknowledgement).
 */
export function terminalScopeQuery(db: Db, businessId: string, terminalId: string) {
  return db
    .selectFrom('terminals as t')
    .innerJoin('workplaces as w', (join) => join.onRef('w.business_id', '=', 't.business_id').onRef('w.id', '=', 't.workplace_id'))
    .leftJoin('points as p', (join) => join.onRef('p.business_id', '=', 'w.business_id').onRef('p.id', '=', 'w.automated_point_id'))
    .select(['t.workplace_id', 'w.automated_point_id', 'p.default_warehouse_id'])
    .where('t.business_id', '=', businessId)
    .where('t.id', '=', terminalId)
    .where('t.revoked_at', 'is', null);
}

/** The scope a terminalScopeQuery row describes. */
export function scopeOf(
  businessId: string,
  terminalId: string,
  row: { workplace_id: string; automated_point_id: string; default_warehouse_id?: string | null },
): TerminalScope {
  const warehouseId = row.default_warehouse_id ?? null;
  const key = createHash('sha256')
    .update(`pt:${row.automated_point_id}\nwh:${warehouseId ?? '*'}`)
    .digest('base64url')
    .slice(0, 12);
  return { businessId, terminalId, workplaceId: row.workplace_id, pointId: row.automated_point_id, warehouseId, key };
}

/** The scope of a live (enrolled, not revoked) terminal of the business, or null. */
export async function resolveTerminalScope(db: Db, businessId: string, terminalId: string): Promise<TerminalScope | null> {
  const row = await terminalScopeQuery(db, businessId, terminalId).executeTakeFirst();
  return row ? scopeOf(businessId, terminalId, row) : null;
}

/** The warehouses in scope, for telling the terminal (enrollment answer). */
export async function scopeWarehouses(db: Db, scope: TerminalScope): Promise<string[]> {
  if (scope.warehouseId !== null) return [scope.warehouseId];
  const rows = await db.selectFrom('warehouses').select('id').where('business_id', '=', scope.businessId).where('is_deleted', '=', 0).orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** A condition on `sync_log.scope` (column reference `column`) selecting the terminal’s records. */
export function changeScopeFilter(scope: TerminalScope, column: RawBuilder<unknown>): RawBuilder<unknown> {
  const point = `pt:${scope.pointId}`;
  if (scope.warehouseId !== null) return sql`${column} in ('biz', ${point}, ${`wh:${scope.warehouseId}`})`;
  return sql`(${column} in ('biz', ${point}) or ${column} like 'wh:%')`;
}

/**
 * A condition on a mirrored table's rows (alias `t`) selecting those in the terminal's scope, by the same rule
 * the change capture uses to scope the table's entries; null when every row of the business is in scope.
 */
export function rowScopeFilter(scope: TerminalScope, rule: ScopeRule): RawBuilder<unknown> | null {
  switch (rule.kind) {
    case 'business':
      return null;
    case 'column': {
      if (!/^[a-z_]+$/.test(rule.column)) throw new Error(`unexpected scope column ${rule.column}`);
      const column = sql.ref(`t.${rule.column}`);
      if (rule.prefix === 'pt') return sql`${column} = ${scope.pointId}`;
      return scope.warehouseId === null ? null : sql`${column} = ${scope.warehouseId}`;
    }
    case 'order-point':
      return sql`exists (select 1 from orders o where o.business_id = t.business_id and o.id = t.order_id and o.automated_point_id = ${scope.pointId})`;
  }
}
