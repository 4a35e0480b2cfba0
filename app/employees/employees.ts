/**
 * Employees (cashiers and staff who log in at a till with a PIN). Roles O and A only. The PIN arrives in the
 * reference's `password` field and is stored only as a salted hash (`pin_hash`); no response and no audit
 * entry ever carries either (the reference returned plaintext PINs, S3). `role_id` names a live employee role
 * or is "0" (no role, the reference's default); `workplace_id` names a live workplace or is null (the employee
 * may log in at any workplace). Deleting an employee revokes their access: the server re-checks every token's
 * employee, with at most a few seconds of caching.
 */
import type { CreateEmployeeDto, UpdateEmployeeDto } from '../../shared/catalogue/employee.js';
import type { Db, OperationContext } from '../context.js';
import { handler } from '../operation.js';
import { requireLive, type Reference } from '../business/references.js';
import { loadLive, simpleResource } from '../resources/simple-resource.js';
import { claimPin } from './pin-rules.js';
import { employeeWire, type PublicEmployeeRow } from './employee-wire.js';

/** The reference's `role_id` default: an employee with no role. */
export const NO_ROLE = '0';

type StoredCreate = CreateEmployeeDto & { pin_hash: string };
type StoredUpdate = UpdateEmployeeDto & { pin_hash?: string };

/** For a nullable column: absent leaves it alone, null clears it. */
const nullable = (value: string | null | undefined) => (value === undefined ? undefined : value);

export const employees = simpleResource<StoredCreate, StoredUpdate>({
  table: 'employees',
  label: 'Employee',
  // Column by column, so the plaintext `password` can never reach the row.
  toRow: (body) => ({
    full_name: body.full_name,
    guid: body.guid ?? null,
    role_id: body.role_id,
    pin_hash: body.pin_hash,
    employee_address: body.employee_address ?? null,
    workplace_id: body.workplace_id ?? null,
    telegram_id: body.telegram_id ?? null,
    phone_number: body.phone_number ?? null,
    notes: body.notes ?? null,
    email: body.email ?? null,
  }),
  toPatch: (body) => ({
    // Required columns: null means "leave as is", like an absent field.
    full_name: body.full_name ?? undefined,
    role_id: body.role_id ?? undefined,
    pin_hash: body.pin_hash,
    employee_address: nullable(body.employee_address),
    workplace_id: nullable(body.workplace_id),
    telegram_id: nullable(body.telegram_id),
    phone_number: nullable(body.phone_number),
    notes: nullable(body.notes),
    email: nullable(body.email),
  }),
  // A whitelist, so `pin_hash` is never part of a response (nor, therefore, of the audit entry).
  toWire: (row) => employeeWire(row as unknown as PublicEmployeeRow),
});

/** The references a body names (absent or null fields name nothing; role "0" is "no role"). */
function referencesOf(body: { role_id?: string | null; workplace_id?: string | null }): Reference[] {
  const references: Reference[] = [];
  if (typeof body.role_id === 'string' && body.role_id !== NO_ROLE) {
    references.push({ table: 'employee_roles', id: body.role_id, field: 'role_id', what: 'employee role' });
  }
  if (typeof body.workplace_id === 'string') {
    references.push({ table: 'workplaces', id: body.workplace_id, field: 'workplace_id', what: 'workplace' });
  }
  return references;
}

async function createEmployee(db: Db, body: CreateEmployeeDto, ctx: OperationContext) {
  await requireLive(db, ctx, ...referencesOf(body));
  const pinHash = await claimPin(db, ctx, body.password, body.workplace_id ?? null);
  return employees.create(db, { ...body, pin_hash: pinHash }, ctx);
}

async function updateEmployee(db: Db, id: string, body: UpdateEmployeeDto, ctx: OperationContext) {
  const current = await loadLive(db, 'employees', 'Employee', ctx, id);
  await requireLive(db, ctx, ...referencesOf(body));
  let pinHash: string | undefined;
  if (body.password) {
    // Checked against the colleagues of the workplace the employee will have after this update.
    const workplaceId = body.workplace_id !== undefined ? body.workplace_id : ((current.workplace_id as string | null) ?? null);
    pinHash = await claimPin(db, ctx, body.password, workplaceId, id);
  }
  return employees.update(db, id, { ...body, pin_hash: pinHash }, ctx);
}

export const employeeHandlers = [
  handler('EmployeeController_create', (db, { body }, ctx) => createEmployee(db, body, ctx)),
  handler('EmployeeController_findAll', (db, _input, ctx) => employees.findAll(db, ctx)),
  handler('EmployeeController_findOne', (db, { params }, ctx) => employees.findOne(db, params.id ?? '', ctx)),
  handler('EmployeeController_update', (db, { params, body }, ctx) => updateEmployee(db, params.id ?? '', body, ctx)),
  handler('EmployeeController_remove', (db, { params }, ctx) => employees.remove(db, params.id ?? '', ctx)),
];
