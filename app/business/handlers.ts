/**
 * The business structure's operations in one list for app/handlers.ts: points and workplaces, employees and
 * their roles, and measurements.
 */
import type { Handler } from '../operation.js';
import { employeeHandlers } from '../employees/employees.js';
import { employeeRoleHandlers } from '../employees/roles.js';
import { measurementHandlers } from '../measurements/measurements.js';
import { pointHandlers } from './points.js';
import { workplaceHandlers } from './workplaces.js';

export const businessStructureHandlers: readonly Handler[] = [
  ...pointHandlers,
  ...workplaceHandlers,
  ...employeeHandlers,
  ...employeeRoleHandlers,
  ...measurementHandlers,
] as readonly Handler[];
