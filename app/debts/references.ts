/**
 * The records a debt entry points at must exist in the caller's business: a body naming someone else's (or an
 * unknown) client, employee or point is a 400 naming the field, before anything is written. The reference
 * checked none of them.
 */
import { badRequest } from '../../shared/errors.js';
import type { Db, OperationContext } from '../context.js';

/** The point id that means "the whole business, no particular point" (the reference's default "0"). */
export const BUSINESS_WIDE_POINT = '0';

export interface DebtReferences {
  readonly client_id: string;
  readonly employee_id: string;
  readonly id_automated_point: string;
}

async function liveClient(db: Db, ctx: OperationContext, id: string) {
  const row = await db
    .selectFrom('clients')
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/** Cashiers are employees; owners and admins are users of the business — either may record a debt. */
async function liveStaff(db: Db, ctx: OperationContext, id: string) {
  const employee = await db
    .selectFrom('employees')
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (employee) return true;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return user !== undefined;
}

async function livePoint(db: Db, ctx: OperationContext, id: string) {
  if (id === BUSINESS_WIDE_POINT) return true;
  const row = await db
    .selectFrom('points')
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/** Throws one 400 listing every reference that does not resolve. */
export async function checkDebtReferences(db: Db, ctx: OperationContext, body: DebtReferences): Promise<void> {
  const problems: string[] = [];
  if (!(await liveClient(db, ctx, body.client_id))) problems.push('client_id must be an existing client');
  if (!(await liveStaff(db, ctx, body.employee_id)))
    problems.push('employee_id must be an existing employee or user of the business');
  if (!(await livePoint(db, ctx, body.id_automated_point))) {
    problems.push(`id_automated_point must be an existing point or "${BUSINESS_WIDE_POINT}" for the whole business`);
  }
  if (problems.length > 0) throw badRequest(problems);
}
