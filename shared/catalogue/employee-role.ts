/** EmployeeRole operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, list, requiredText, text } from '../schema-kit.js';
import { RIGHTS } from '../rights.js';
import { operation } from './operation.js';

/**
 * The rights a role grants (shared/rights.ts, docs/api.md "Rights"): stored and returned verbatim; Kassa enforces
 * the names of its vocabulary and keeps, but ignores, any other (reference clients send free text). Bounded so one
 * role cannot grow without limit. Required on create as in the reference's OpenAPI document (an empty list is fine).
 */
const accessResources = () =>
  list(text().max(200, { error: 'must be at most 200 characters' }), 200).describe(
    `The rights the role grants, enforced for its employees (docs/api.md, "Rights"): ${RIGHTS.join(', ')}. ` +
      'MANAGER holds every right. Other names are kept as sent and grant nothing.',
  );

export const CreateEmployeeRoleDto = dto({
  name: requiredText(),
  access_resources: accessResources(),
});
export type CreateEmployeeRoleDto = z.output<typeof CreateEmployeeRoleDto>;

export const UpdateEmployeeRoleDto = dto({
  name: text().nullish(),
  access_resources: accessResources().nullish(),
});
export type UpdateEmployeeRoleDto = z.output<typeof UpdateEmployeeRoleDto>;

export const employeeRoleOperations = [
  operation({ operationId: 'EmployeeRoleController_create', method: 'POST', path: '/employee-role/create', tag: 'EmployeeRole', body: CreateEmployeeRoleDto, access: ['OWNER', 'ADMIN'], offline: 'descriptive' }),
  operation({ operationId: 'EmployeeRoleController_findAll', method: 'GET', path: '/employee-role/all', tag: 'EmployeeRole', access: ['OWNER', 'ADMIN'], offline: 'read' }),
  operation({ operationId: 'EmployeeRoleController_findOne', method: 'GET', path: '/employee-role/{id}', tag: 'EmployeeRole', access: ['OWNER', 'ADMIN'], offline: 'read' }),
  operation({ operationId: 'EmployeeRoleController_update', method: 'PATCH', path: '/employee-role/update/{id}', tag: 'EmployeeRole', body: UpdateEmployeeRoleDto, access: ['OWNER', 'ADMIN'], offline: 'descriptive' }),
  operation({ operationId: 'EmployeeRoleController_remove', method: 'DELETE', path: '/employee-role/delete/{id}', tag: 'EmployeeRole', access: ['OWNER', 'ADMIN'], offline: 'delete' }),
] as const;
