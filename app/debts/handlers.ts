/** The Client and ClientDebt operations, registered together: debts are meaningless without their clients. */
import type { Handler } from '../operation.js';
import { clientHandlers } from '../clients/clients.js';
import { clientDebtHandlers } from './debts.js';

export const clientAndDebtHandlers: readonly Handler[] = [
  ...(clientHandlers as readonly Handler[]),
  ...(clientDebtHandlers as readonly Handler[]),
];
