/**
 * Who approved a refund or a void. At a till a manager types their PIN (renderer/components/ManagerApproval.tsx,
 * checked by the terminal core) and the operation records that manager's employee id; here the id is checked to
 * be a manager of the business — an employee whose role grants `MANAGER`, the same right the till's inbox asks
 * for. An owner or admin calling the service approves it themselves. A refund pushed from a till was approved
 * there at the time: a manager removed or demoted since does not undo it (a warning for a removed one), but an id
 * the business never had is refused.
 */
import { badRequest } from '../../../shared/errors.js';
import { jsonList } from '../../../db/values.js';
import type { Db, OperationContext } from '../../context.js';
import { warn } from '../../warnings.js';

/** The role right that makes an employee a manager (main/terminal/inbox.ts asks for the same). */
export const MANAGER_RESOURCE = 'MANAGER';

export async function approvingManager(db: Db, ctx: OperationContext, managerId: string | null | undefined): Promise<string> {
  const selfApproving = ctx.actor.kind === 'user' && (ctx.actor.role === 'OWNER' || ctx.actor.role === 'ADMIN');
  if (managerId === null || managerId === undefined || managerId === '') {
    if (selfApproving) return ctx.actor.id;
    throw badRequest(['manager_id is required: a manager must approve it with their PIN']);
  }
  if (selfApproving && managerId === ctx.actor.id) return managerId;
  const employee = await db
    .selectFrom('employees as e')
    .leftJoin('employee_roles as r', (join) => join.onRef('r.business_id', '=', 'e.business_id').onRef('r.id', '=', 'e.role_id'))
    .select(['e.id', 'e.is_deleted', 'r.access_resources', 'r.is_deleted as role_deleted'])
    .where('e.business_id', '=', ctx.businessId)
    .where('e.id', '=', managerId)
    .executeTakeFirst();
  const approvedAtTill = ctx.queued !== undefined && ctx.side === 'server';
  if (!employee) throw badRequest(['manager_id must be an employee of the business']);
  if (Number(employee.is_deleted) !== 0) {
    if (!approvedAtTill) throw badRequest(['manager_id must be an employee on staff']);
    warn(ctx, { code: 'EMPLOYEE_INACTIVE', employeeId: managerId });
    return managerId;
  }
  const isManager = Number(employee.role_deleted ?? 1) === 0 && jsonList(employee.access_resources).includes(MANAGER_RESOURCE);
  if (!isManager && !approvedAtTill) throw badRequest(['manager_id must be a manager: an employee whose role grants MANAGER']);
  return managerId;
}
