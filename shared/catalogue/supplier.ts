/** Supplier operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, requiredText, text } from '../schema-kit.js';
import { operation } from './operation.js';

export const CreateSupplierDto = dto({
  name: requiredText(),
  description: text().nullish(),
  contact_person: text().nullish(),
  phone_number: text().nullish(),
  email: text().nullish(),
  address: text().nullish(),
});
export type CreateSupplierDto = z.output<typeof CreateSupplierDto>;

export const UpdateSupplierDto = dto({
  name: text().nullish(),
  description: text().nullish(),
  contact_person: text().nullish(),
  phone_number: text().nullish(),
  email: text().nullish(),
  address: text().nullish(),
});
export type UpdateSupplierDto = z.output<typeof UpdateSupplierDto>;

export const supplierOperations = [
  operation({ operationId: 'SupplierController_create', method: 'POST', path: '/suppliers/create', tag: 'Supplier', body: CreateSupplierDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'descriptive' }),
  operation({ operationId: 'SupplierController_findAll', method: 'GET', path: '/suppliers/all', tag: 'Supplier', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'SupplierController_findOne', method: 'GET', path: '/suppliers/{id}', tag: 'Supplier', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'SupplierController_update', method: 'PATCH', path: '/suppliers/update/{id}', tag: 'Supplier', body: UpdateSupplierDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'descriptive' }),
  operation({ operationId: 'SupplierController_remove', method: 'DELETE', path: '/suppliers/delete/{id}', tag: 'Supplier', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'STOCK', offline: 'delete' }),
] as const;
