/**
 * ClientDebt operations of the reference interface (catalogue entries and their request schemas).
 *
 * Sign convention of the debt ledger: a positive `debt_amount` means the client owes more (a sale on credit),
 * a negative one is a repayment. A client's balance is the sum of its entries.
 */
import { z } from 'zod';
import { dto, flag, id, money, requiredText, text } from '../schema-kit.js';
import { signatureUrl } from '../signature-url.js';
import { MONEY } from '../decimal.js';
import { operation } from './operation.js';

/* Signature validation lives in its own module; re-exported here, where the debt bodies use it. */
export { MAX_SIGNATURE_BASE64, base64Prefix, signatureUrl } from '../signature-url.js';

export const CreateClientDebtDto = dto({
  client_id: requiredText(),
  /** The opening balance, recorded as an 'opening' ledger entry. */
  debt_amount: money(),
  employee_id: requiredText(),
  id_automated_point: requiredText(),
});
export type CreateClientDebtDto = z.output<typeof CreateClientDebtDto>;

export const UpdateClientDebtDto = dto({
  /** The balance the client should have; recorded as an 'adjustment' entry of (new − current). */
  debt_amount: money().nullish(),
  /** true writes the debt off exactly like removeDebt; false is a no-op on a live record. */
  is_deleted: flag().nullish(),
});
export type UpdateClientDebtDto = z.output<typeof UpdateClientDebtDto>;

export const CreateClientDebtTransactionDto = dto({
  client_id: requiredText(),
  /** + the client owes more (a sale on credit), − a repayment; never zero. */
  debt_amount: money().refine((units) => units !== 0n, { error: 'must not be zero' }),
  employee_id: requiredText(),
  id_automated_point: requiredText(),
  signature_url: signatureUrl().nullish(),
  /** How a repayment was paid: a payment method of the business (cash, card…). Our addition; optional. */
  payment_type_id: id().nullish(),
});
export type CreateClientDebtTransactionDto = z.output<typeof CreateClientDebtTransactionDto>;

/** `?client_id=` narrows the list to one client; an empty value means no filter, as in the reference. */
export const FindAllDebtTransactionsQuery = dto({
  client_id: text().max(64, { error: 'must be at most 64 characters' }).optional(),
});
export type FindAllDebtTransactionsQuery = z.output<typeof FindAllDebtTransactionsQuery>;

export const clientDebtOperations = [
  operation({ operationId: 'ClientDebtController_createDebt', method: 'POST', path: '/client-debts/create', tag: 'ClientDebt', body: CreateClientDebtDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CLIENT_DEBTS', offline: 'absolute' }),
  operation({ operationId: 'ClientDebtController_findAllDebts', method: 'GET', path: '/client-debts/all', tag: 'ClientDebt', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ClientDebtController_findOneDebt', method: 'GET', path: '/client-debts/{id}', tag: 'ClientDebt', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'ClientDebtController_updateDebt', method: 'PATCH', path: '/client-debts/update/{id}', tag: 'ClientDebt', body: UpdateClientDebtDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CLIENT_DEBTS', offline: 'absolute',
    // Setting a debt's amount is an absolute edit: its basis is the balance the user saw.
    basis: { table: 'client_debts', column: 'debt_amount', kind: MONEY, row: { id: 'params.id' } } }),
  operation({ operationId: 'ClientDebtController_removeDebt', method: 'DELETE', path: '/client-debts/delete/{id}', tag: 'ClientDebt', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CLIENT_DEBTS', offline: 'delete' }),
  operation({ operationId: 'ClientDebtController_createTransaction', method: 'POST', path: '/client-debts/transactions/create', tag: 'ClientDebt', body: CreateClientDebtTransactionDto, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: { right: 'CLIENT_DEBTS', when: 'another-employees-name' }, offline: 'fact' }),
  operation({ operationId: 'ClientDebtController_findAllTransactions', method: 'GET', path: '/client-debts/transactions/all', tag: 'ClientDebt', query: FindAllDebtTransactionsQuery, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
] as const;
