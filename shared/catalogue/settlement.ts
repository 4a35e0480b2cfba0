/**
 * Settlement (shift) operations of the reference interface: catalogue entries and their request schemas. The
 * wire keeps the reference's spelling (`SettlmentController_*`, `CreateSettlmentDto`); our names do not.
 */
import { z } from 'zod';
import { dto, flag, isoDate, money, requiredText, text } from '../schema-kit.js';
import { operation, type PointScope } from './operation.js';

/**
 * A cashier or till acts only on its own point's shifts: a shift belongs to the point of its workplace. A shift
 * that names no workplace (all of them until shifts are kept per workplace) belongs to the whole business.
 */
export const SETTLEMENT_SCOPE: PointScope = { table: 'settlements', column: 'workplace_id', via: 'workplace', bodyField: 'workplace_id' };

export const CreateSettlmentDto = dto({
  name: requiredText(),
  is_closed: flag().nullish(),
  dt_closed: isoDate().nullish(),
  /** Ours, additive: the workplace (till) the shift belongs to; absent: the caller's own workplace, if any. */
  workplace_id: text().max(64, { error: 'must be at most 64 characters' }).nullish(),
  /** Ours, additive: the cash counted into the drawer at opening (docs/selling/shifts.md); absent: not counted. */
  opening_cash: money({ min: 'nonnegative' }).nullish(),
});
export type CreateSettlmentDto = z.output<typeof CreateSettlmentDto>;

/** What closing does with the shift's open orders: refuse (the default, as before) or carry them to the next shift. */
export const OPEN_ORDERS_AT_CLOSE = ['refuse', 'carry_over'] as const;
export type OpenOrdersAtClose = (typeof OPEN_ORDERS_AT_CLOSE)[number];

export const UpdateSettlmentDto = dto({
  name: text().nullish(),
  is_closed: flag().nullish(),
  dt_closed: isoDate().nullish(),
  /** Ours, additive: the cash counted out of the drawer at closing (the Z report); only with `is_closed: true`. */
  counted_cash: money({ min: 'nonnegative' }).nullish(),
  /** Ours, additive: `carry_over` closes a shift that has open orders and moves them to the till's next shift. */
  open_orders: z
    .enum(OPEN_ORDERS_AT_CLOSE, { error: `must be one of the following values: ${OPEN_ORDERS_AT_CLOSE.join(', ')}` })
    .nullish(),
});
export type UpdateSettlmentDto = z.output<typeof UpdateSettlmentDto>;

/** `?workplace_id=` (ours, additive) narrows latest to one till's shifts. */
export const FindLatestSettlementQuery = dto({
  workplace_id: text().max(64, { error: 'must be at most 64 characters' }).optional(),
});
export type FindLatestSettlementQuery = z.output<typeof FindLatestSettlementQuery>;

export const settlementOperations = [
  operation({ operationId: 'SettlmentController_create', method: 'POST', path: '/settlements/create', tag: 'Settlment', body: CreateSettlmentDto, pointScope: SETTLEMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: { right: 'OTHERS_SHIFTS', when: 'another-tills-shift' }, offline: 'fact' }),
  operation({ operationId: 'SettlmentController_findAll', method: 'GET', path: '/settlements/all', tag: 'Settlment', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'SettlmentController_findLatest', method: 'GET', path: '/settlements/latest', tag: 'Settlment', query: FindLatestSettlementQuery, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'SettlmentController_findOne', method: 'GET', path: '/settlements/{id}', tag: 'Settlment', access: ['OWNER', 'ADMIN', 'EMPLOYEE'], offline: 'read' }),
  operation({ operationId: 'SettlmentController_update', method: 'PATCH', path: '/settlements/update/{id}', tag: 'Settlment', body: UpdateSettlmentDto, pointScope: SETTLEMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: { right: 'OTHERS_SHIFTS', when: 'another-tills-shift' }, offline: 'amendment' }),
  operation({ operationId: 'SettlmentController_remove', method: 'DELETE', path: '/settlements/delete/{id}', tag: 'Settlment', pointScope: SETTLEMENT_SCOPE, access: ['OWNER', 'ADMIN', 'EMPLOYEE'], right: { right: 'OTHERS_SHIFTS', when: 'another-tills-shift' }, offline: 'delete' }),
] as const;
