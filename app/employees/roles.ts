/**
 * Employee roles: a name and a list of access resources (stored and returned; nothing enforces them yet, as in
 * the reference). The full pattern with GET by id (404 `Role not found`). Deleting a role is a soft delete, as in
 * the reference (issue 13 §1.5): employees keep naming it, and a deleted role grants nothing (the PIN login shows
 * it deleted with no resources; the terminal's manager check reads only live roles).
 */
import type { CreateEmployeeRoleDto, UpdateEmployeeRoleDto } from '../../shared/catalogue/employee-role.js';
import { jsonList } from '../../db/values.js';
import { handler } from '../operation.js';
import { commonWire, simpleResource } from '../resources/simple-resource.js';

export const employeeRoles = simpleResource<CreateEmployeeRoleDto, UpdateEmployeeRoleDto>({
  table: 'employee_roles',
  label: 'Role',
  toRow: (body) => ({ name: body.name, access_resources: JSON.stringify(body.access_resources) }),
  toPatch: (body) => ({
    name: body.name ?? undefined,
    // null and absent both leave the list alone; an empty list clears it.
    access_resources: body.access_resources ? JSON.stringify(body.access_resources) : undefined,
  }),
  toWire: (row) => ({ ...commonWire(row), name: row.name, access_resources: jsonList(String(row.access_resources)) }),
});

export const employeeRoleHandlers = [
  handler('EmployeeRoleController_create', (db, { body }, ctx) => employeeRoles.create(db, body, ctx)),
  handler('EmployeeRoleController_findAll', (db, _input, ctx) => employeeRoles.findAll(db, ctx)),
  handler('EmployeeRoleController_findOne', (db, { params }, ctx) => employeeRoles.findOne(db, params.id ?? '', ctx)),
  handler('EmployeeRoleController_update', (db, { params, body }, ctx) => employeeRoles.update(db, params.id ?? '', body, ctx)),
  handler('EmployeeRoleController_remove', (db, { params }, ctx) => employeeRoles.remove(db, params.id ?? '', ctx)),
];
