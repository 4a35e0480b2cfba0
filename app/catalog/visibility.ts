/**
 * Which catalogue entries a caller sees. Owners and admins see the whole business. A cashier (EMPLOYEE token)
 * sees the entries of their own point plus the business-wide ones — `id_automated_point` null, '' or '0'. The
 * reference kept only exact point matches for items, which hid every default ('0') item from the tills (its
 * bug B1), and treated null differently per sub-resource; here all four sub-resources use this one rule.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { OperationContext } from '../context.js';

/** The stored values that mean "every point of the business". */
export const BUSINESS_WIDE_POINTS: readonly string[] = ['', '0'];

/** True when a point value names no particular point. */
export const isBusinessWide = (point: string | null | undefined): boolean => point == null || BUSINESS_WIDE_POINTS.includes(point);

/**
 * A filter on `column` (the point column, table-qualified when the query joins) for the caller, or undefined
 * when the caller sees everything. A cashier with no point in their token sees business-wide entries only.
 */
export function pointVisibility(ctx: OperationContext, column = 'id_automated_point'): Expression<SqlBool> | undefined {
  if (ctx.actor.role !== 'EMPLOYEE') return undefined;
  const points = ctx.actor.pointId ? [...BUSINESS_WIDE_POINTS, ctx.actor.pointId] : BUSINESS_WIDE_POINTS;
  const point = sql.ref(column);
  return sql<SqlBool>`(${point} is null or ${point} in (${sql.join(points)}))`;
}
