/** Client operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, isoDate, money, requiredText, text, email } from '../schema-kit.js';
import { operation } from './operation.js';

/**
 * A birthday: an ISO 8601 date, or "" / null meaning "no birthday". The reference silently dropped an empty
 * birthday, so it could never be cleared; here "" and null clear it on update (and mean "none" on create),
 * while anything else that is not a date is a 400.
 */
const birthday = () =>
  z
    .string({ error: 'must be an ISO 8601 date string' })
    .max(40, { error: 'must be an ISO 8601 date string' })
    .transform((value, ctx): string | null => {
      if (value.trim() === '') return null;
      const parsed = isoDate().safeParse(value);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date string' });
      return z.NEVER;
    });

export const CreateClientDto = dto({
  full_name: requiredText(),
  phone_number: text().nullish(),
  email: email().nullish(),
  address: text().nullish(),
  birthday: birthday().nullish(),
  /** Our addition: how much the client may owe (a sale on account beyond it needs a manager at the till); null: no limit. */
  credit_limit: money({ min: 'nonnegative' }).nullish(),
});
export type CreateClientDto = z.output<typeof CreateClientDto>;

/** Every field optional; null clears an optional field, while full_name can be changed but never cleared. */
export const UpdateClientDto = dto({
  full_name: requiredText().optional(),
  phone_number: text().nullish(),
  email: email().nullish(),
  address: text().nullish(),
  birthday: birthday().nullish(),
  /** null removes the limit. */
  credit_limit: money({ min: 'nonnegative' }).nullish(),
});
export type UpdateClientDto = z.output<typeof UpdateClientDto>;

export const clientOperations = [
  operation({ operationId: 'ClientController_create', method: 'POST', path: '/clients/create', tag: 'Client', body: CreateClientDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CLIENT_DEBTS', offline: 'descriptive' }),
  operation({ operationId: 'ClientController_findAll', method: 'GET', path: '/clients/all', tag: 'Client', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ClientController_findOne', method: 'GET', path: '/clients/{id}', tag: 'Client', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ClientController_update', method: 'PATCH', path: '/clients/update/{id}', tag: 'Client', body: UpdateClientDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CLIENT_DEBTS', offline: 'descriptive' }),
  operation({ operationId: 'ClientController_remove', method: 'DELETE', path: '/clients/delete/{id}', tag: 'Client', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CLIENT_DEBTS', offline: 'delete' }),
] as const;
