/** ClientDebt operations of the reference interface (catalogue entries and their request schemas). */
import { z } from 'zod';
import { dto, flag, money, requiredText, text } from '../schema-kit.js';
import { operation } from './operation.js';

export const CreateClientDebtDto = dto({
  client_id: requiredText(),
  debt_amount: money(),
  employee_id: requiredText(),
  id_automated_point: requiredText(),
});
export type CreateClientDebtDto = z.output<typeof CreateClientDebtDto>;

export const UpdateClientDebtDto = dto({
  debt_amount: money().nullish(),
  is_deleted: flag().nullish(),
});
export type UpdateClientDebtDto = z.output<typeof UpdateClientDebtDto>;

export const CreateClientDebtTransactionDto = dto({
  client_id: requiredText(),
  debt_amount: money(),
  employee_id: requiredText(),
  id_automated_point: requiredText(),
  signature_url: text().nullish(),
});
export type CreateClientDebtTransactionDto = z.output<typeof CreateClientDebtTransactionDto>;

export const clientDebtOperations = [
  operation({ operationId: 'ClientDebtController_createDebt', method: 'POST', path: '/client-debts/create', tag: 'ClientDebt', body: CreateClientDebtDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'absolute' }),
  operation({ operationId: 'ClientDebtController_findAllDebts', method: 'GET', path: '/client-debts/all', tag: 'ClientDebt', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ClientDebtController_findOneDebt', method: 'GET', path: '/client-debts/{id}', tag: 'ClientDebt', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ClientDebtController_updateDebt', method: 'PATCH', path: '/client-debts/update/{id}', tag: 'ClientDebt', body: UpdateClientDebtDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'absolute' }),
  operation({ operationId: 'ClientDebtController_removeDebt', method: 'DELETE', path: '/client-debts/delete/{id}', tag: 'ClientDebt', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'delete' }),
  operation({ operationId: 'ClientDebtController_createTransaction', method: 'POST', path: '/client-debts/transactions/create', tag: 'ClientDebt', body: CreateClientDebtTransactionDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'fact' }),
  operation({ operationId: 'ClientDebtController_findAllTransactions', method: 'GET', path: '/client-debts/transactions/all', tag: 'ClientDebt', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
] as const;
