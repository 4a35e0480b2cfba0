/** How an employee looks on the wire, to every operation: a whitelist of public fields, never the PIN or its hash. */
import type { Selectable } from 'kysely';
import type { EmployeesTable } from '../../db/schema.js';
import { flag } from '../../db/values.js';

export const EMPLOYEE_PUBLIC_COLUMNS = [
  'id',
  'full_name',
  'guid',
  'role_id',
  'employee_address',
  'workplace_id',
  'telegram_id',
  'phone_number',
  'notes',
  'email',
  'is_deleted',
  'dt_created',
  'dt_updated',
] as const;

export type PublicEmployeeRow = Pick<Selectable<EmployeesTable>, (typeof EMPLOYEE_PUBLIC_COLUMNS)[number]>;

export function employeeWire(row: PublicEmployeeRow) {
  return {
    id: row.id,
    full_name: row.full_name,
    guid: row.guid ?? null,
    role_id: row.role_id,
    employee_address: row.employee_address ?? null,
    workplace_id: row.workplace_id ?? null,
    telegram_id: row.telegram_id ?? null,
    phone_number: row.phone_number ?? null,
    notes: row.notes ?? null,
    email: row.email ?? null,
    is_deleted: flag(row.is_deleted),
    dt_created: row.dt_created,
    dt_updated: row.dt_updated,
  };
}
