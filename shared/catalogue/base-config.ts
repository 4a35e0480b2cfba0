/** BaseConfig operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, requiredText, text } from '../schema-kit.js';
import { operation } from './operation.js';

export const CreateBaseConfigDto = dto({
  key_name: requiredText(),
  key_value: requiredText(),
});
export type CreateBaseConfigDto = z.output<typeof CreateBaseConfigDto>;

export const UpdateBaseConfigDto = dto({
  key_name: text().nullish(),
  key_value: text().nullish(),
});
export type UpdateBaseConfigDto = z.output<typeof UpdateBaseConfigDto>;

export const baseConfigOperations = [
  operation({ operationId: 'BaseConfigController_create', method: 'POST', path: '/base-config/create', tag: 'BaseConfig', body: CreateBaseConfigDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'SETTINGS', offline: 'descriptive' }),
  operation({ operationId: 'BaseConfigController_findAll', method: 'GET', path: '/base-config/all', tag: 'BaseConfig', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'BaseConfigController_findByKey', method: 'GET', path: '/base-config/key/{key}', tag: 'BaseConfig', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'BaseConfigController_findOne', method: 'GET', path: '/base-config/{id}', tag: 'BaseConfig', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'BaseConfigController_update', method: 'PATCH', path: '/base-config/update/{id}', tag: 'BaseConfig', body: UpdateBaseConfigDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'SETTINGS', offline: 'descriptive' }),
  operation({ operationId: 'BaseConfigController_remove', method: 'DELETE', path: '/base-config/delete/{id}', tag: 'BaseConfig', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'SETTINGS', offline: 'delete' }),
] as const;
