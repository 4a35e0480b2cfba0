/**
 * The records a debt entry points at must exist in the caller's business: a body naming someone else's (or an
 * unknown) client, employee or point is a 400 naming the field, before anything is written. The reference
 * checked none of them.
 */
import { badRequest } from '../../shared/errors.js';
import type { Db, OperationContext } from '../context.js';
import { existingReferences } from '../stock/references.js';

/** The point id that means "the whole business, no particular point" (the reference's default "0"). */
export const BUSINESS_WIDE_POINT = '0';

export interface DebtReferences {
  readonly client_id: string;
  readonly employee_id: string;
  readonly id_automated_point: string;
}

/**
 * The point a debt entry is recorded against. An employee acts at a till, and the till's point is where the entry
 * happened: the reference's business-wide "0" from a till (a manager allowed at every till sent it) takes the
 * till's point, so no till's entry is ever stored against "0". Owners and admins in the back office may still
 * record a business-wide entry.
 */
export function withTillPoint<T extends DebtReferences>(ctx: OperationContext, body: T): T {
  if (body.id_automated_point !== BUSINESS_WIDE_POINT || ctx.actor.kind !== 'employee') return body;
  // An employee with no till behind them has no point to stand for "0": the business has no point "0".
  if (!ctx.actor.pointId) throw badRequest(['id_automated_point must be an existing point']);
  return { ...body, id_automated_point: ctx.actor.pointId };
}

/** Throws one 400 listing every reference that does not resolve. One query for all of them (a UNION ALL). */
export async function checkDebtReferences(db: Db, ctx: OperationContext, body: DebtReferences): Promise<void> {
  const staff = [body.employee_id];
  const businessWide = body.id_automated_point === BUSINESS_WIDE_POINT;
  const found = await existingReferences(db, ctx, {
    clients: [body.client_id],
    employees: staff,
    users: staff,
    points: businessWide ? [] : [body.id_automated_point],
  });
  const problems: string[] = [];
  if (!found.clients.has(body.client_id)) problems.push('client_id must be an existing client');
  // Cashiers are employees; owners and admins are users of the business — either may record a debt.
  if (!found.employees.has(body.employee_id) && !found.users.has(body.employee_id))
    problems.push('employee_id must be an existing employee or user of the business');
  if (!businessWide && !found.points.has(body.id_automated_point)) {
    problems.push(`id_automated_point must be an existing point or "${BUSINESS_WIDE_POINT}" for the whole business`);
  }
  if (problems.length > 0) throw badRequest(problems);
}
