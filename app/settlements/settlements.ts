/**
 * Settlements: the cash-register shifts of a business (the reference's SettlmentController; the misspelling is
 * part of the wire). A shift belongs to a workplace (a till; our additive `workplace_id`, by default the caller's
 * own): at most one is open per workplace, so a business with two tills runs two shifts (issue 13 §1.6); shifts
 * of no workplace (opened from the back office) keep the old rule, one open per business. Orders name their shift
 * in `settlement_id`. Closing a shift refuses while it has open orders (unless they are carried over to the till's
 * next shift) and records what it took per payment method (the reference's close did nothing, D14) and the cash
 * counted against the cash expected. A closed shift cannot be reopened; closed again, it may keep a second count
 * (./close-again.ts). Behaviour and decisions: docs/api/orders-and-settlements.md and, for the drawer's cash and the
 * X/Z report, docs/selling/shifts.md.
 */
import type {
  CreateSettlmentDto,
  FindLatestSettlementQuery,
  UpdateSettlmentDto,
} from '../../shared/catalogue/settlement.js';
import { badRequest, conflict, notFound } from '../../shared/errors.js';
import type { SettlementsTable } from '../../db/schema.js';
import { flag, units } from '../../db/values.js';
import { formatMoney } from '../../shared/decimal.js';
import type { Selectable } from 'kysely';
import type { Db, OperationContext } from '../context.js';
import { liveRowsNewestFirst } from '../resources/newest-first.js';
import { handler, onPostgres, type Handler } from '../operation.js';
import { commonWire } from '../resources/simple-resource.js';
import { insertRows } from '../../db/insert-statements.js';
import { loadTotals, recordTotals, totalWire, type TotalRow } from './settlement-totals.js';
import { adoptCarriedOrders, pinPaymentsOfCarriedOrders } from './carry-over.js';
import { expectedCash, shiftReport } from './shift-report.js';
import { ALREADY_COUNTED, closeAgain } from './close-again.js';
import { countBy, countsWire, readCounts, withCount } from './shift-counts.js';

type SettlementRow = Selectable<SettlementsTable>;

const moneyOrNull = (value: bigint | string | null | undefined) => (value === null || value === undefined ? null : formatMoney(units(value)));

/**
 * The reference's S_Settlments row, plus `totals` (null while the shift is open) and the drawer's cash (ours,
 * additive; null when not given): counted at opening, counted and expected at closing, and their difference.
 */
function settlementWire(row: SettlementRow, totals: readonly TotalRow[] | undefined) {
  const overShort = row.counted_cash === null || row.expected_cash === null ? null : units(row.counted_cash) - units(row.expected_cash);
  return {
    ...commonWire(row),
    name: row.name,
    dt_closed: row.dt_closed ?? null,
    is_closed: flag(row.is_closed),
    workplace_id: row.workplace_id ?? null,
    totals: flag(row.is_closed) ? (totals ?? []).map(totalWire) : null,
    opening_cash: moneyOrNull(row.opening_cash),
    counted_cash: moneyOrNull(row.counted_cash),
    expected_cash: moneyOrNull(row.expected_cash),
    over_short: overShort === null ? null : formatMoney(overShort),
    cash_counts: countsWire(readCounts(row.cash_counts), row.expected_cash === null ? null : units(row.expected_cash)),
  };
}

const settlementNotFound = (id: string) => notFound(`Settlement with ID ${id} not found`);

// No conflict target: either partial unique index (per workplace, or the business's one shift of no workplace)
// decides, and the id is fresh, so the only conflict possible is another open shift of the same workplace.
const OPEN_RETRY = 'on conflict do nothing returning "id"';

function refuseStrayCloseDate(isClosed: boolean, dtClosed: string | null | undefined) {
  if (!isClosed && dtClosed) throw badRequest(['dt_closed is set by closing the settlement: send it with is_closed: true']);
}

const given = (value: unknown) => value !== undefined && value !== null;

/** Counted cash and what to do with open orders are part of closing: sent without it, they are a mistake. */
function refuseStrayCloseFields(wasClosed: boolean, closing: boolean, body: UpdateSettlmentDto) {
  // Closed again with a count: ./close-again.ts decides.
  if (wasClosed && given(body.counted_cash) && body.is_closed !== true) throw conflict(ALREADY_COUNTED);
  const problems: string[] = [];
  if (body.is_closed !== true && given(body.counted_cash)) problems.push('counted_cash is recorded by closing the settlement: send it with is_closed: true');
  if (!closing && !wasClosed && given(body.open_orders)) problems.push('open_orders applies to closing the settlement: send it with is_closed: true');
  if (problems.length > 0) throw badRequest(problems);
}

/**
 * The shift's workplace: the one the body names (a live workplace of the business, and of the caller's point when
 * the caller is a cashier or till), else the caller's own (a PIN token's or a till's), else none.
 */
async function shiftWorkplace(db: Db, ctx: OperationContext, named: string | null | undefined): Promise<string | null> {
  if (named === undefined || named === null) return ctx.actor.workplaceId ?? null;
  const workplace = await db
    .selectFrom('workplaces')
    .select(['id', 'automated_point_id'])
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', named)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!workplace) throw badRequest(['workplace_id must be an existing workplace']);
  if (ctx.actor.pointId !== undefined && workplace.automated_point_id !== ctx.actor.pointId) {
    throw badRequest(['workplace_id must be a workplace of your point']);
  }
  return workplace.id;
}

async function create(db: Db, body: CreateSettlmentDto, ctx: OperationContext) {
  const closed = body.is_closed ?? false;
  refuseStrayCloseDate(closed, body.dt_closed);
  const row: SettlementRow = {
    business_id: ctx.businessId,
    id: ctx.newId(),
    name: body.name,
    dt_closed: closed ? (body.dt_closed ?? ctx.now) : null,
    is_closed: closed ? 1 : 0,
    workplace_id: await shiftWorkplace(db, ctx, body.workplace_id),
    opening_cash: body.opening_cash ?? null,
    counted_cash: null,
    expected_cash: null,
    cash_counts: null,
    is_deleted: 0,
    dt_created: ctx.now,
    dt_updated: ctx.now,
  };
  // The partial unique indexes decide between concurrent openings: the loser is told which shift is open.
  const inserted = await insertRows(db, 'settlements', [row], OPEN_RETRY);
  if (inserted.length === 0) {
    const open = await openSettlement(db, ctx, row.workplace_id);
    const where = row.workplace_id === null ? 'A settlement of no workplace' : `A settlement of workplace ${row.workplace_id}`;
    throw conflict(`${where} is already open: close it before opening another`, { id: open?.id ?? null });
  }
  // The till's orders carried over from its last shift continue in this one (docs/selling/shifts.md).
  if (!closed && row.workplace_id !== null) await adoptCarriedOrders(db, ctx, row.id, row.workplace_id);
  // A shift created closed has had no orders: its totals are empty, but recorded as closed ones are.
  return settlementWire(row, closed ? await recordTotals(db, ctx, row.id) : undefined);
}

async function openSettlement(db: Db, ctx: OperationContext, workplaceId: string | null) {
  return db
    .selectFrom('settlements')
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('workplace_id', workplaceId === null ? 'is' : '=', workplaceId)
    .where('is_closed', '=', 0)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

async function findAll(db: Db, ctx: OperationContext) {
  const rows = await liveRowsNewestFirst(db, ctx, 'settlements').execute();
  // One read of every recorded total: a list of shifts is a list of the business's history.
  const totals = await loadTotals(db, ctx, rows.some((row) => flag(row.is_closed)) ? 'all' : []);
  return rows.map((row) => settlementWire(row, totals.get(row.id)));
}

async function withTotals(db: Db, ctx: OperationContext, row: SettlementRow) {
  const totals = flag(row.is_closed) ? (await loadTotals(db, ctx, [row.id])).get(row.id) : undefined;
  return settlementWire(row, totals);
}

/**
 * The newest live settlement — of the workplace the query names, else of the caller's own workplace (a cashier's
 * PIN token or a till: "my shift", now that each till has its own), else of the business. Nothing (200 with an
 * empty body, as the reference) when there is none (issue 13 §1.7).
 */
async function findLatest(db: Db, query: FindLatestSettlementQuery | undefined, ctx: OperationContext) {
  const workplaceId = query?.workplace_id || ctx.actor.workplaceId;
  let select = liveRowsNewestFirst(db, ctx, 'settlements');
  if (workplaceId) select = select.where('workplace_id', '=', workplaceId);
  const row = await select.limit(1).executeTakeFirst();
  if (!row) return undefined;
  return withTotals(db, ctx, row);
}

async function load(db: Db, ctx: OperationContext, id: string) {
  const row = await db
    .selectFrom('settlements')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw settlementNotFound(id);
  return row;
}

/**
 * Locks a live settlement for a change (`for update` on PostgreSQL; SQLite has one writer): an order that names it
 * waits on its `for share`, so no order slips into a shift while it closes.
 */
async function lock(db: Db, ctx: OperationContext, id: string) {
  let query = db
    .selectFrom('settlements')
    .selectAll()
    .where('business_id', '=', ctx.businessId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0);
  if (onPostgres(db)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw settlementNotFound(id);
  return row;
}

/** Up to `limit` ids of the shift's open orders (not closed, voided, refunded or deleted). */
async function openOrders(db: Db, ctx: OperationContext, id: string, limit: number) {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('business_id', '=', ctx.businessId)
    .where('settlement_id', '=', id)
    .where('is_deleted', '=', 0)
    .where('is_closed', '=', 0)
    .where('is_voided', '=', 0)
    .orderBy('dt_created')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

async function update(db: Db, id: string, body: UpdateSettlmentDto, ctx: OperationContext) {
  // A count's id is taken first, before closing makes its totals' rows: a till's close run there and replayed by the
  // push then gives its count the same id, whether the service's shift was still open or closed already.
  const countId = body.is_closed === true && given(body.counted_cash) ? ctx.newId() : undefined;
  const current = await lock(db, ctx, id);
  const wasClosed = flag(current.is_closed);
  if (wasClosed && body.is_closed === false) throw conflict('A closed settlement cannot be reopened: open a new one');
  const closing = !wasClosed && body.is_closed === true;
  refuseStrayCloseDate(wasClosed || closing, body.dt_closed);
  refuseStrayCloseFields(wasClosed, closing, body);
  let totals: TotalRow[] | undefined;
  let closingCash: { counted_cash: bigint | null; expected_cash: bigint; cash_counts: string | null } | undefined;
  if (closing) {
    const open = await openOrders(db, ctx, id, 50);
    if (open.length > 0 && body.open_orders !== 'carry_over') {
      throw conflict('The settlement has open orders: close or void them, or carry them over (open_orders: carry_over), before closing it', {
        open_orders: open,
      });
    }
    // Carried orders leave with their payments' money pinned here: what was taken in this shift stays in it.
    if (open.length > 0) await pinPaymentsOfCarriedOrders(db, ctx, id, ctx.now);
    totals = await recordTotals(db, ctx, id);
    const counted = body.counted_cash;
    const count = countId !== undefined && counted !== undefined && counted !== null ? countBy(ctx, countId, counted) : null;
    closingCash = {
      counted_cash: body.counted_cash ?? null,
      expected_cash: (await expectedCash(db, ctx, current)).expected,
      cash_counts: count ? withCount(current.cash_counts, count) : current.cash_counts,
    };
  }
  const again = wasClosed && body.is_closed === true ? closeAgain(ctx, current, body.counted_cash, countId) : undefined;
  const changes = {
    name: body.name ?? current.name,
    is_closed: wasClosed || closing ? 1 : 0,
    dt_closed: closing ? (body.dt_closed ?? ctx.now) : (body.dt_closed ?? current.dt_closed),
    dt_updated: ctx.now,
    ...closingCash,
    ...again,
  };
  await db.updateTable('settlements').set(changes).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
  const row = { ...current, ...changes };
  return totals ? settlementWire(row, totals) : withTotals(db, ctx, row);
}

/**
 * Deleting a shift is a soft delete, as in the reference (issue 13 §1.5), even when orders name it: the orders keep
 * their `settlement_id` and their stock and money stay as they are; the shift reads as deleted (GET by id 404,
 * absent from the lists, a tombstone in the sync).
 */
async function remove(db: Db, id: string, ctx: OperationContext) {
  const current = await lock(db, ctx, id);
  const changes = { is_deleted: 1, dt_updated: ctx.now };
  await db.updateTable('settlements').set(changes).where('business_id', '=', ctx.businessId).where('id', '=', id).execute();
  return withTotals(db, ctx, { ...current, ...changes });
}

export const settlementHandlers: readonly Handler[] = [
  handler('SettlmentController_create', (db, { body }, ctx) => create(db, body, ctx), {
    audit: { type: 'SYSTEM', action: 'CREATE_SETTLEMENT' },
  }),
  handler('SettlmentController_findAll', (db, _input, ctx) => findAll(db, ctx)),
  handler('SettlmentController_findLatest', (db, { query }, ctx) => findLatest(db, query, ctx)),
  handler('SettlmentController_findOne', async (db, { params }, ctx) =>
    withTotals(db, ctx, await load(db, ctx, params.id ?? '')),
  ),
  handler('SettlmentController_report', async (db, { params }, ctx) => shiftReport(db, ctx, await load(db, ctx, params.id ?? ''))),
  handler('SettlmentController_update', (db, { params, body }, ctx) => update(db, params.id ?? '', body, ctx), {
    audit: { type: 'SYSTEM', action: 'UPDATE_SETTLEMENT' },
  }),
  handler('SettlmentController_remove', (db, { params }, ctx) => remove(db, params.id ?? '', ctx), {
    audit: { type: 'SYSTEM', action: 'DELETE_SETTLEMENT' },
  }),
];
