/** Employee operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, requiredText, text, email } from '../schema-kit.js';
import { displayName, requiredDisplayName } from '../identity-text.js';
import { operation } from './operation.js';

/** The reference's own message for a PIN with anything but digits ("the PIN must consist of digits only"). */
export const PIN_DIGITS_MESSAGE = "PIN kod faqat raqamlardan iborat bo'lishi kerak";

/**
 * A POS PIN: exactly 4 ASCII digits. It travels in the reference's `password` field; the server keeps only a
 * salted hash of it and never returns it.
 */
const pin = <S extends z.ZodString>(base: S) =>
  base
    .min(4, { error: 'must be at least 4 characters' })
    .max(4, { error: 'must be at most 4 characters' })
    .regex(/^[0-9]*$/, { error: PIN_DIGITS_MESSAGE });

export const CreateEmployeeDto = dto({
  full_name: requiredDisplayName(),
  guid: text().nullish(),
  role_id: requiredText(),
  password: pin(requiredText()),
  employee_address: text().nullish(),
  workplace_id: text().nullish(),
  telegram_id: text().nullish(),
  phone_number: text().nullish(),
  notes: text().nullish(),
  email: email().nullish(),
});
export type CreateEmployeeDto = z.output<typeof CreateEmployeeDto>;

export const UpdateEmployeeDto = dto({
  full_name: displayName().nullish(),
  role_id: text().nullish(),
  password: pin(text()).nullish(),
  employee_address: text().nullish(),
  workplace_id: text().nullish(),
  telegram_id: text().nullish(),
  phone_number: text().nullish(),
  notes: text().nullish(),
  email: email().nullish(),
});
export type UpdateEmployeeDto = z.output<typeof UpdateEmployeeDto>;

export const employeeOperations = [
  operation({ operationId: 'EmployeeController_create', method: 'POST', path: '/employee/create', tag: 'Employee', body: CreateEmployeeDto, access: ['OWNER', 'ADMIN'], offline: 'descriptive', principals: 'changes' }),
  operation({ operationId: 'EmployeeController_findAll', method: 'GET', path: '/employee/all', tag: 'Employee', access: ['OWNER', 'ADMIN'], offline: 'read' }),
  operation({ operationId: 'EmployeeController_findOne', method: 'GET', path: '/employee/{id}', tag: 'Employee', access: ['OWNER', 'ADMIN'], offline: 'read' }),
  operation({ operationId: 'EmployeeController_update', method: 'PATCH', path: '/employee/update/{id}', tag: 'Employee', body: UpdateEmployeeDto, access: ['OWNER', 'ADMIN'], offline: 'descriptive', principals: 'changes' }),
  operation({ operationId: 'EmployeeController_remove', method: 'DELETE', path: '/employee/delete/{id}', tag: 'Employee', access: ['OWNER', 'ADMIN'], offline: 'delete', principals: 'ends' }),
] as const;
