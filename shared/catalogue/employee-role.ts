/** EmployeeRole operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, requiredText, text, textList } from '../schema-kit.js';
import { operation } from './operation.js';

export const CreateEmployeeRoleDto = dto({
  name: requiredText(),
  access_resources: textList(),
});
export type CreateEmployeeRoleDto = z.output<typeof CreateEmployeeRoleDto>;

export const UpdateEmployeeRoleDto = dto({
  name: text().nullish(),
  access_resources: textList().nullish(),
});
export type UpdateEmployeeRoleDto = z.output<typeof UpdateEmployeeRoleDto>;

export const employeeRoleOperations = [
  operation({ operationId: 'EmployeeRoleController_create', method: 'POST', path: '/employee-role/create', tag: 'EmployeeRole', body: CreateEmployeeRoleDto, access: ['OWNER', 'ADMIN'], offline: 'descriptive' }),
  operation({ operationId: 'EmployeeRoleController_findAll', method: 'GET', path: '/employee-role/all', tag: 'EmployeeRole', access: ['OWNER', 'ADMIN'], offline: 'read' }),
  operation({ operationId: 'EmployeeRoleController_findOne', method: 'GET', path: '/employee-role/{id}', tag: 'EmployeeRole', access: ['OWNER', 'ADMIN'], offline: 'read' }),
  operation({ operationId: 'EmployeeRoleController_update', method: 'PATCH', path: '/employee-role/update/{id}', tag: 'EmployeeRole', body: UpdateEmployeeRoleDto, access: ['OWNER', 'ADMIN'], offline: 'descriptive' }),
  operation({ operationId: 'EmployeeRoleController_remove', method: 'DELETE', path: '/employee-role/delete/{id}', tag: 'EmployeeRole', access: ['OWNER', 'ADMIN'], offline: 'delete' }),
] as const;
