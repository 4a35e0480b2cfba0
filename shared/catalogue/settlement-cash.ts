/**
 * Our additions to shifts (issue 16, "Shifts"): cash put into or taken out of a till's drawer during a shift, with
 * a reason, and the shift's report (the X figures while it is open, the Z figures once closed). Cash moves are
 * facts: a till records them offline and queues them, and they belong to the shift they name whenever they arrive.
 * Behaviour: docs/selling/shifts.md.
 */
import { z } from 'zod';
import { dto, money, requiredText } from '../schema-kit.js';
import { operation } from './operation.js';
import { SETTLEMENT_SCOPE } from './settlement.js';

export const CASH_MOVE_KINDS = ['IN', 'OUT'] as const;
export type CashMoveKind = (typeof CASH_MOVE_KINDS)[number];

export const CreateCashMoveDto = dto({
  kind: z.enum(CASH_MOVE_KINDS, {
    error: (issue) => (issue.input === undefined ? 'is required' : `must be one of the following values: ${CASH_MOVE_KINDS.join(', ')}`),
  }),
  amount: money({ min: 'positive' }),
  reason: requiredText().max(200, { error: 'must be at most 200 characters' }),
});
export type CreateCashMoveDto = z.output<typeof CreateCashMoveDto>;

export const settlementCashOperations = [
  operation({ operationId: 'SettlmentController_createCashMove', method: 'POST', path: '/settlements/{id}/cash-moves', tag: 'Settlment', body: CreateCashMoveDto, pointScope: SETTLEMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: 'CASH_MOVES', offline: 'fact', extension: true }),
  operation({ operationId: 'SettlmentController_findCashMoves', method: 'GET', path: '/settlements/{id}/cash-moves', tag: 'Settlment', pointScope: SETTLEMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read', extension: true }),
  operation({ operationId: 'SettlmentController_report', method: 'GET', path: '/settlements/{id}/report', tag: 'Settlment', pointScope: SETTLEMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read', extension: true }),
] as const;
