/**
 * Cash put into or taken out of a till's drawer during a shift (a float topped up, a supplier paid from the till,
 * takings carried to the safe), each with its reason. A cash move is a fact: made at a till while its shift was
 * open, it counts in that shift whenever it arrives — a queued one landing after the shift was closed on the
 * service is applied with a SHIFT_CLOSED warning (docs/sync.md, "Facts and warnings"); a live call into a closed
 * shift is a 409. Behaviour: docs/selling/shifts.md.
 */
import type { Selectable } from 'kysely';
import type { CreateCashMoveDto } from '../../shared/catalogue/settlement-cash.js';
import { formatMoney } from '../../shared/decimal.js';
import { conflict, notFound } from '../../shared/errors.js';
import type { SettlementCashMovesTable } from '../../db/schema.js';
import { flag } from '../../db/values.js';
import { insertRows } from '../../db/insert-statements.js';
import type { Db, OperationContext } from '../context.js';
import { handler, onPostgres, type Handler } from '../operation.js';
import { commonWire } from '../resources/simple-resource.js';
import { warn } from '../warnings.js';

export type CashMoveRow = Selectable<SettlementCashMovesTable>;

export const cashMoveWire = (row: CashMoveRow) => ({
  ...commonWire(row),
  settlement_id: row.settlement_id,
  workplace_id: row.workplace_id ?? null,
  employee_id: row.employee_id,
  kind: row.kind,
  amount: formatMoney(BigInt(row.amount)),
  reason: row.reason,
});

/** The live shift `id` names; `lock`: held for share on PostgreSQL so it cannot close while a move is written. */
async function shiftForMove(db: Db, ctx: OperationContext, id: string, lock: boolean) {
  let query = db
    .selectFrom('settlements')
    .select(['id', 'is_closed', 'workplace_id'])
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0);
  if (lock && onPostgres(db)) query = query.forShare();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(`Settlement with ID ${id} not found`);
  return row;
}

async function create(db: Db, settlementId: string, body: CreateCashMoveDto, ctx: OperationContext) {
  const shift = await shiftForMove(db, ctx, settlementId, true);
  if (flag(shift.is_closed)) {
    if (ctx.queued?.offlineClass !== 'fact') {
      throw conflict(`Settlement ${settlementId} is closed: cash can be put in or taken out only during an open settlement`);
    }
    // Done at the till while its shift was open there; the shift was closed meanwhile. The cash moved.
    warn(ctx, { code: 'SHIFT_CLOSED', settlementId });
  }
  const row: CashMoveRow = {
    business_id: ctx.businessId,
    id: ctx.newId(),
    settlement_id: settlementId,
    workplace_id: shift.workplace_id ?? ctx.actor.workplaceId ?? null,
    employee_id: ctx.actor.id,
    kind: body.kind,
    amount: body.amount,
    reason: body.reason,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
  await insertRows(db, 'settlement_cash_moves', [row]);
  return cashMoveWire(row);
}

/** The shift's live cash moves, oldest first (the order they happened in). */
export async function cashMovesOf(db: Db, ctx: OperationContext, settlementId: string): Promise<CashMoveRow[]> {
  return db
    .selectFrom('settlement_cash_moves')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('settlement_id', '=', settlementId)
    .where('is_deleted', '=', 0)
    .orderBy('dt_created')
    .orderBy('id')
    .execute();
}

async function list(db: Db, settlementId: string, ctx: OperationContext) {
  await shiftForMove(db, ctx, settlementId, false);
  return (await cashMovesOf(db, ctx, settlementId)).map(cashMoveWire);
}

export const cashMoveHandlers: readonly Handler[] = [
  handler('SettlmentController_createCashMove', (db, { params, body }, ctx) => create(db, params.id ?? '', body, ctx), {
    audit: { type: 'SYSTEM', action: 'CREATE_SETTLEMENT_CASH_MOVE' },
  }),
  handler('SettlmentController_findCashMoves', (db, { params }, ctx) => list(db, params.id ?? '', ctx)),
];
