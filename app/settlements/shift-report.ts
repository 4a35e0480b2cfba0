/**
 * A shift's report: the X figures while it is open (nothing changes), the same figures plus the counted cash and
 * the over/short once it is closed (Z). Always computed from the shift's documents as they are now, so a document
 * made offline in this shift counts here whenever it arrives — even after the close; `changed_since_close` then
 * says the figures moved since the Z was taken (the recorded per-method totals and expected cash are the snapshot).
 * A shift closed twice (the office and, offline, its till) lists every count, each against the expected cash now,
 * and how far they differ (./shift-counts.ts).
 *
 * Expected cash in the drawer = opening cash + cash taken − cash refunded + cash in − cash out. Shape: the
 * `SettlmentController_report` output (shared/catalogue/outputs/settlement-cash.ts); docs/selling/shifts.md.
 */
import { sql, type Selectable } from 'kysely';
import { formatMoney } from '../../shared/decimal.js';
import type { SettlementsTable } from '../../db/schema.js';
import { flag, units } from '../../db/values.js';
import type { Db, OperationContext } from '../context.js';
import { cashMovesOf, cashMoveWire } from './cash-moves.js';
import { loadTotals } from './settlement-totals.js';
import { shiftPayments, type ShiftPayment } from './shift-payments.js';
import { shiftRefunds, type ShiftRefunds } from './shift-refunds.js';
import { shiftTaxes } from './shift-taxes.js';
import { countDifference, countsWire, readCounts } from './shift-counts.js';

type SettlementRow = Selectable<SettlementsTable>;
const money = (value: bigint) => formatMoney(value);

interface MethodFigures {
  payment_method_id: string;
  name: string;
  kind: string;
  sales: bigint;
  refunds: bigint;
  tips: bigint;
  payment_count: number;
}

function byMethod(payments: readonly ShiftPayment[], refunds: ShiftRefunds): MethodFigures[] {
  const methods = new Map<string, MethodFigures>();
  const figures = (id: string, name: string, kind: string) => {
    const known = methods.get(id) ?? { payment_method_id: id, name, kind, sales: 0n, refunds: 0n, tips: 0n, payment_count: 0 };
    methods.set(id, known);
    return known;
  };
  for (const payment of payments) {
    const method = figures(payment.paymentMethodId, payment.methodName, payment.kind);
    method.sales += payment.taken;
    method.tips += payment.tip;
    method.payment_count += 1;
  }
  for (const [id, amount] of refunds.byMethod) {
    const method = refunds.methods.get(id);
    figures(id, method?.name ?? '', method?.kind ?? 'OTHER').refunds += amount;
  }
  return [...methods.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.payment_method_id < b.payment_method_id ? -1 : 1));
}

/** Counts and sums of the shift's orders: sales (closed, not voided), voided, and still open. */
async function orderFigures(db: Db, ctx: OperationContext, settlementId: string) {
  const result = await sql<{ sales: number | bigint | string; sales_total: bigint | string | null; discounts: bigint | string | null; taxes: bigint | string | null; voided: number | bigint | string; open: number | bigint | string }>`
    select coalesce(sum(case when is_voided = 0 and is_closed <> 0 then 1 else 0 end), 0) as sales,
           coalesce(sum(case when is_voided = 0 and is_closed <> 0 then total_sum else 0 end), 0) as sales_total,
           coalesce(sum(case when is_voided = 0 and is_closed <> 0 then total_discount else 0 end), 0) as discounts,
           coalesce(sum(case when is_voided = 0 and is_closed <> 0 then total_tax else 0 end), 0) as taxes,
           coalesce(sum(case when is_voided <> 0 then 1 else 0 end), 0) as voided,
           coalesce(sum(case when is_voided = 0 and is_closed = 0 and is_refunded = 0 then 1 else 0 end), 0) as open
      from orders
     where business_id = ${ctx.businessId} and settlement_id = ${settlementId} and is_deleted = 0`.execute(db);
  const row = result.rows[0];
  return {
    salesCount: Number(row?.sales ?? 0),
    salesTotal: units(row?.sales_total),
    discounts: units(row?.discounts),
    taxes: units(row?.taxes),
    voided: Number(row?.voided ?? 0),
    open: Number(row?.open ?? 0),
  };
}

/** The cash the shift's documents say is in the drawer now, and the parts it is made of. */
export async function expectedCash(db: Db, ctx: OperationContext, row: SettlementRow) {
  const payments = await shiftPayments(db, ctx, row.id);
  const refunds = await shiftRefunds(db, ctx, row.id, payments);
  const moves = await cashMovesOf(db, ctx, row.id);
  const cashSales = payments.filter((payment) => payment.kind === 'CASH').reduce((sum, payment) => sum + payment.taken, 0n);
  // Cash refunds leave the drawer; a DEBT refund took money off a client's debt, a card's went back to the card.
  const cashRefunds = [...refunds.byMethod].filter(([id]) => refunds.methods.get(id)?.kind === 'CASH').reduce((sum, [, amount]) => sum + amount, 0n);
  const moved = (kind: 'IN' | 'OUT') => moves.filter((move) => move.kind === kind).reduce((sum, move) => sum + BigInt(move.amount), 0n);
  const opening = units(row.opening_cash);
  const cashIn = moved('IN');
  const cashOut = moved('OUT');
  return { payments, refunds, moves, opening, cashSales, cashRefunds, cashIn, cashOut, expected: opening + cashSales - cashRefunds + cashIn - cashOut };
}

/** Whether the shift's payments by method differ in number from the totals recorded when it closed (a late one). */
function differsFromRecord(methods: readonly MethodFigures[], recorded: readonly { payment_method_id: string; payment_count: number | bigint }[]) {
  const countNow = new Map(methods.filter((method) => method.payment_count > 0).map((method) => [method.payment_method_id, method.payment_count]));
  // A method only refunded in the shift is recorded with no payments.
  const paid = recorded.filter((total) => Number(total.payment_count) > 0);
  if (paid.length !== countNow.size) return true;
  return paid.some((total) => countNow.get(total.payment_method_id) !== Number(total.payment_count));
}

export async function shiftReport(db: Db, ctx: OperationContext, row: SettlementRow) {
  const cash = await expectedCash(db, ctx, row);
  const orders = await orderFigures(db, ctx, row.id);
  const taxes = await shiftTaxes(db, ctx, row.id);
  const methods = byMethod(cash.payments, cash.refunds);
  const closed = flag(row.is_closed);
  const counted = row.counted_cash === null ? null : units(row.counted_cash);
  const counts = readCounts(row.cash_counts);
  const recorded = closed ? ((await loadTotals(db, ctx, [row.id])).get(row.id) ?? []) : [];
  const changedSinceClose =
    closed && ((row.expected_cash !== null && units(row.expected_cash) !== cash.expected) || differsFromRecord(methods, recorded));
  return {
    settlement_id: row.id,
    name: row.name,
    workplace_id: row.workplace_id ?? null,
    is_closed: closed,
    opened_at: row.dt_created,
    closed_at: row.dt_closed ?? null,
    sales_count: orders.salesCount,
    sales_total: money(orders.salesTotal),
    refunds_count: cash.refunds.count,
    refunds_total: money(cash.refunds.total),
    voided_count: orders.voided,
    discounts_total: money(orders.discounts),
    taxes_total: money(orders.taxes),
    taxes: taxes.map((tax) => ({ tax_id: tax.taxId, name: tax.name, amount: money(tax.amount) })),
    by_payment_method: methods.map((method) => ({
      ...method,
      sales: money(method.sales),
      refunds: money(method.refunds),
      tips: money(method.tips),
    })),
    opening_cash: money(cash.opening),
    cash_sales: money(cash.cashSales),
    cash_refunds: money(cash.cashRefunds),
    cash_in: money(cash.cashIn),
    cash_out: money(cash.cashOut),
    expected_cash: money(cash.expected),
    cash_moves: cash.moves.map(cashMoveWire),
    open_orders: orders.open,
    counted_cash: counted === null ? null : money(counted),
    over_short: counted === null ? null : money(counted - cash.expected),
    expected_cash_at_close: row.expected_cash === null ? null : money(units(row.expected_cash)),
    changed_since_close: changedSinceClose,
    cash_counts: countsWire(counts, cash.expected),
    cash_count_difference: countDifference(counts),
  };
}

export type ShiftReport = Awaited<ReturnType<typeof shiftReport>>;
