/**
 * The X and Z reports' numbers. ADAPTER (shift engineer): `ShiftTotalsSource` is the seam — the shift engineer's
 * shift-report operation (opening cash, cash in/out, counted cash) should answer it; until the lead connects it,
 * `shiftTotalsFromOrders` computes the report from what the till already stores: the settlement and the orders
 * made in it (`settlement_id`), each read whole for its payments and taxes. Expected cash is then cash taken minus
 * change and cash paid back (without opening cash and cash in/out, which only the shift operation knows), and a Z
 * report prints no counted cash and no over/short.
 */
import { MONEY, formatMoney, parseDecimal } from '../../shared/decimal.js';
import type { PaymentMethodTotals, ShiftReportData, ZReportData } from './document-data.js';
import type { NameBook } from './name-book.js';
import { orderHeading } from './order-documents.js';
import type { ReceiptLanguage } from './receipt-labels.js';
import { localDateTime, unavailable, type TillReader } from './till-reader.js';

/** What a shift report needs beyond its heading and language. */
export type ShiftTotals = Omit<ShiftReportData, 'language' | 'heading'> & {
  readonly closedAt?: string;
  readonly countedCash?: string;
  /** Whose shift: for the heading (point, till, cashier). */
  readonly workplaceId: string | null;
  readonly employeeId: string | null;
};

export type ShiftTotalsSource = (reader: TillReader, names: NameBook, settlementId: string, final: boolean) => Promise<ShiftTotals>;

function units(amount: string | null | undefined): bigint {
  if (amount === null || amount === undefined) return 0n;
  const parsed = parseDecimal(amount, MONEY);
  return parsed.ok ? parsed.units : 0n;
}

export const shiftTotalsFromOrders: ShiftTotalsSource = async (reader, names, settlementId, final) => {
  const settlement = await reader.read('SettlmentController_findOne', { params: { id: settlementId } }).catch((error: unknown) => {
    throw unavailable(error, `shift ${settlementId}`);
  });
  const headers = (await reader.read('OrderController_findAll')).filter((order) => order.settlement_id === settlementId && !order.is_deleted);
  const orders = await Promise.all(headers.map((header) => reader.read('OrderController_findOne', { params: { id: header.id } })));
  const methods = new Map<string, { sales: bigint; refunds: bigint }>();
  const taxes = new Map<string, bigint>();
  let sales = 0n;
  let salesCount = 0;
  let refunds = 0n;
  let refundsCount = 0;
  let discounts = 0n;
  let expectedCash = 0n;
  for (const order of orders) {
    if (order.is_voided || !order.is_closed) continue;
    salesCount += 1;
    sales += units(order.total_sum);
    discounts += units(order.total_discount);
    if (order.is_refunded || order.payments.some((payment) => payment.is_refunded)) refundsCount += 1;
    for (const tax of order.taxes) if (!tax.is_deleted) taxes.set(tax.tax_id, (taxes.get(tax.tax_id) ?? 0n) + units(tax.tax_value) + units(tax.fee_value));
    let changeLeft = units(order.total_change);
    for (const payment of order.payments) {
      if (payment.is_deleted) continue;
      const method = methods.get(payment.payment_type_id) ?? { sales: 0n, refunds: 0n };
      const { kind } = await names.paymentMethod(payment.payment_type_id);
      // The change comes out of the cash tendered: a cash payment's taken amount is net of it.
      let taken = units(payment.paid_sum);
      if (kind === 'CASH' && changeLeft > 0n) {
        const fromThis = taken < changeLeft ? taken : changeLeft;
        taken -= fromThis;
        changeLeft -= fromThis;
      }
      method.sales += taken;
      if (payment.is_refunded) {
        method.refunds += taken;
        refunds += taken;
      }
      if (kind === 'CASH') expectedCash += payment.is_refunded ? 0n : taken;
      methods.set(payment.payment_type_id, method);
    }
  }
  const byPaymentMethod: PaymentMethodTotals[] = await Promise.all(
    [...methods].map(async ([id, totals]) => {
      const method = await names.paymentMethod(id);
      return { name: method.name, kind: method.kind, sales: formatMoney(totals.sales), refunds: formatMoney(totals.refunds) };
    }),
  );
  const first = orders[0];
  return {
    shiftNumber: settlement.name,
    openedAt: localDateTime(settlement.dt_created),
    printedAt: localDateTime(new Date().toISOString()),
    salesCount,
    salesTotal: formatMoney(sales),
    refundsCount,
    refundsTotal: formatMoney(refunds),
    discountsTotal: formatMoney(discounts),
    taxes: await Promise.all([...taxes].map(async ([id, amount]) => ({ name: await names.name('taxes', id, ''), amount: formatMoney(amount) }))),
    byPaymentMethod,
    expectedCash: formatMoney(expectedCash),
    ...(final ? { closedAt: localDateTime(settlement.dt_closed ?? new Date().toISOString()) } : {}),
    workplaceId: settlement.workplace_id,
    employeeId: first?.employee_id ?? null,
  };
};

/** The X (`final: false`) or Z report's data, from `source`. */
export async function shiftReport(
  reader: TillReader,
  names: NameBook,
  source: ShiftTotalsSource,
  settlementId: string,
  final: boolean,
  language: ReceiptLanguage,
): Promise<{ type: 'x-report'; data: ShiftReportData } | { type: 'z-report'; data: ZReportData }> {
  const totals = await source(reader, names, settlementId, final);
  const identity = await reader.identity();
  const cashier = await reader.cashier();
  const heading = await orderHeading(reader, names, {
    automated_point_id: identity.pointId ?? '',
    workplace_id: totals.workplaceId ?? identity.workplaceId ?? '',
    employee_id: cashier?.id ?? totals.employeeId ?? '',
  });
  const { workplaceId: _workplace, employeeId: _employee, closedAt, countedCash, ...report } = totals;
  void _workplace;
  void _employee;
  if (!final) return { type: 'x-report', data: { language, heading, ...report } };
  return {
    type: 'z-report',
    data: { language, heading, ...report, closedAt: closedAt ?? report.printedAt, ...(countedCash !== undefined ? { countedCash } : {}) },
  };
}
