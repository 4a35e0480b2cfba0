/** Output schemas of the employee operations: an employee's public fields (never the PIN or its hash). */
import { many } from './kit.js';
import { EmployeeWire } from './auth.js';

export const employeeOutputs = {
  EmployeeController_create: EmployeeWire,
  EmployeeController_findAll: many(EmployeeWire),
  EmployeeController_findOne: EmployeeWire,
  EmployeeController_update: EmployeeWire,
  EmployeeController_remove: EmployeeWire,
} as const;
