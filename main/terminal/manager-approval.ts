/**
 * A manager's approval at the till (a sale on account over the credit limit, a refund, a void, a big discount):
 * the manager types their PIN on the cashier's screen and the terminal core — never the renderer — checks it,
 * offline included. Who is a manager is the inbox's rule (main/terminal/inbox.ts): an employee whose live role
 * grants `MANAGER`. The PIN is checked as a PIN login is (pin-login.ts), under the same per-till lockout; a PIN
 * that is not a manager's (a cashier's own) is refused with 403 and stays counted as a failed attempt, so it can
 * never be used to clear the count of guesses at a manager's PIN.
 */
import { forbidden } from '../../shared/errors.js';
import { jsonList } from '../../db/values.js';
import { MANAGER_RESOURCE } from './inbox.js';
import { pinLogin, type LoggedInEmployee } from './pin-login.js';
import type { TerminalStore } from './store.js';

export interface ManagerApprovalResult {
  readonly managerId: string;
  readonly managerName: string;
}

/** Does this role (live) grant the MANAGER right? */
export async function grantsManager(store: TerminalStore, roleId: string | null): Promise<boolean> {
  if (roleId === null) return false;
  const role = await store.db
    .selectFrom('employee_roles')
    .select('access_resources')
    .where('id', '=', roleId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return role !== undefined && jsonList(role.access_resources).includes(MANAGER_RESOURCE);
}

/** The manager whose PIN this is; 401 wrong PIN, 403 not a manager's, 409 shared PIN, 429 locked. */
export async function approveAsManager(store: TerminalStore, pin: string, now: Date = new Date(store.clock.now())): Promise<ManagerApprovalResult> {
  const manager: LoggedInEmployee = await pinLogin(store, pin, now, async (employee) => {
    if (!(await grantsManager(store, employee.role_id ?? null))) throw forbidden('This PIN is not a manager’s: a manager must approve');
  });
  return { managerId: manager.id, managerName: manager.full_name ?? '' };
}
