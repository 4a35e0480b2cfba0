/**
 * Employee roles: a name and a list of access resources (stored and returned; nothing enforces them yet, as in
 * the reference). The full pattern with GET by id (404 `Role not found`). A role cannot be deleted while live
 * employees hold it.
 */
import type { CreateEmployeeRoleDto, UpdateEmployeeRoleDto } from '../../shared/catalogue/employee-role.js';
import { jsonList } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { handler } from '../operation.js';
import { refuseWhileReferenced } from '../business/references.js';
import { commonWire, loadLive, simpleResource } from '../resources/simple-resource.js';

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

async function removeRole(db: Db, id: string, ctx: OperationContext) {
  await loadLive(db, 'employee_roles', 'Role', ctx, id);
  await refuseWhileReferenced(db, ctx, {
    table: 'employees',
    column: 'role_id',
    id,
    message: 'Role is held by live employees; give them another role first',
  });
  return employeeRoles.remove(db, id, ctx);
}

export const employeeRoleHandlers = [
  handler('EmployeeRoleController_create', (db, { body }, ctx) => employeeRoles.create(db, body, ctx)),
  handler('EmployeeRoleController_findAll', (db, _input, ctx) => employeeRoles.findAll(db, ctx)),
  handler('EmployeeRoleController_findOne', (db, { params }, ctx) => employeeRoles.findOne(db, params.id ?? '', ctx)),
  handler('EmployeeRoleController_update', (db, { params, body }, ctx) => employeeRoles.update(db, params.id ?? '', body, ctx)),
  handler('EmployeeRoleController_remove', (db, { params }, ctx) => removeRole(db, params.id ?? '', ctx)),
];
