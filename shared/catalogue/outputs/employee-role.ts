/** Output schemas of the employee-role operations: a role and the access resources it grants. */
import { many, resource, text } from './kit.js';

export const EmployeeRoleWire = resource({ name: text(), access_resources: many(text()) });

export const employeeRoleOutputs = {
  EmployeeRoleController_create: EmployeeRoleWire,
  EmployeeRoleController_findAll: many(EmployeeRoleWire),
  EmployeeRoleController_findOne: EmployeeRoleWire,
  EmployeeRoleController_update: EmployeeRoleWire,
  EmployeeRoleController_remove: EmployeeRoleWire,
} as const;
