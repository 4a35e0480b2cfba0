/**
 * The rights of the employee signed in at the till (shared/rights.ts), read from the role mirrored here, so the
 * screens can hide or lock what the role does not grant. The screens only show; the local run and the service
 * decide (a refusal there says RIGHT_MISSING).
 */
import { RIGHTS, rightsOf, type Right } from '../../shared/rights.js';
import type { TerminalStore } from './store.js';

/** The rights a live role grants, in the vocabulary's order; none for a missing or deleted role. */
export async function employeeRights(store: TerminalStore, roleId: string | null | undefined): Promise<Right[]> {
  if (roleId === null || roleId === undefined) return [];
  const role = await store.db
    .selectFrom('employee_roles')
    .select('access_resources')
    .where('id', '=', roleId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!role) return [];
  const granted = rightsOf(role.access_resources);
  return RIGHTS.filter((right) => granted.has(right));
}
