/**
 * Output schemas of the client-debt operations: a client's debt record (its balance, `debt_amount`) and the
 * ledger entries that move it (a credit sale, a repayment, an opening balance, an adjustment, a write-off).
 */
import { id, many, money, resource, text } from './kit.js';

export const ClientDebtWire = resource({
  client_id: id(),
  /** The client's balance: what they owe. */
  debt_amount: money(),
  employee_id: id(),
  id_automated_point: text(),
});

export const DebtEntryWire = resource({
  client_id: id(),
  debt_id: id(),
  /** The entry's signed amount. */
  debt_amount: money(),
  kind: text(),
  employee_id: id(),
  id_automated_point: text(),
  signature_url: text().nullable(),
  payment_type_id: id().nullable(),
});

export const clientDebtOutputs = {
  ClientDebtController_createDebt: ClientDebtWire,
  ClientDebtController_findAllDebts: many(ClientDebtWire),
  ClientDebtController_findOneDebt: ClientDebtWire,
  ClientDebtController_updateDebt: ClientDebtWire,
  ClientDebtController_removeDebt: ClientDebtWire,
  ClientDebtController_createTransaction: DebtEntryWire,
  ClientDebtController_findAllTransactions: many(DebtEntryWire),
} as const;
