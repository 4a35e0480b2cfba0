/** Client operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, isoDate, requiredText, text, email } from '../schema-kit.js';
import { operation } from './operation.js';

export const CreateClientDto = dto({
  full_name: requiredText(),
  phone_number: text().nullish(),
  email: email().nullish(),
  address: text().nullish(),
  birthday: isoDate().nullish(),
});
export type CreateClientDto = z.output<typeof CreateClientDto>;

export const UpdateClientDto = dto({
  full_name: text().nullish(),
  phone_number: text().nullish(),
  email: email().nullish(),
  address: text().nullish(),
  birthday: isoDate().nullish(),
});
export type UpdateClientDto = z.output<typeof UpdateClientDto>;

export const clientOperations = [
  operation({ operationId: 'ClientController_create', method: 'POST', path: '/clients/create', tag: 'Client', body: CreateClientDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'descriptive' }),
  operation({ operationId: 'ClientController_findAll', method: 'GET', path: '/clients/all', tag: 'Client', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ClientController_findOne', method: 'GET', path: '/clients/{id}', tag: 'Client', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ClientController_update', method: 'PATCH', path: '/clients/update/{id}', tag: 'Client', body: UpdateClientDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'descriptive' }),
  operation({ operationId: 'ClientController_remove', method: 'DELETE', path: '/clients/delete/{id}', tag: 'Client', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'delete' }),
] as const;
