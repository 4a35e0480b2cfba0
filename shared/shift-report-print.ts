/**
 * The shift report as the printed X and Z reports lay it out (main/printing/layouts/shift-report.ts takes
 * `ShiftReportData` / `ZReportData` from main/printing/document-data.ts): the figures part of that input, made from
 * the `SettlmentController_report` answer. The printing side adds what only it knows — the language, the heading
 * (business, point, till, cashier) and the time printed: `{ ...shiftReportFigures(report), language, heading,
 * printedAt }`. Pure, so the till's screen and the paper never disagree.
 */
import type { ShiftReportWire } from './catalogue/outputs/settlement-cash.js';
import { PAYMENT_METHOD_KINDS, type PaymentMethodKind } from './catalogue/payment-method.js';

export interface ShiftReportFigures {
  readonly shiftNumber: string;
  readonly openedAt: string;
  readonly salesCount: number;
  readonly salesTotal: string;
  readonly refundsCount: number;
  readonly refundsTotal: string;
  readonly discountsTotal: string;
  readonly taxes: readonly { readonly name: string; readonly amount: string }[];
  readonly byPaymentMethod: readonly { readonly name: string; readonly kind: PaymentMethodKind; readonly sales: string; readonly refunds: string }[];
  readonly expectedCash: string;
  /** What the expected cash is made of (opening + cash sales − cash refunds + cash in − cash out). */
  readonly cashParts: {
    readonly openingCash: string;
    readonly cashSales: string;
    readonly cashRefunds: string;
    readonly cashIn: string;
    readonly cashOut: string;
  };
}

/** The Z part: present once the shift is closed with a count. */
export interface ZReportFigures extends ShiftReportFigures {
  readonly closedAt: string;
  readonly countedCash: string;
}

const kindOf = (kind: string): PaymentMethodKind =>
  (PAYMENT_METHOD_KINDS as readonly string[]).includes(kind) ? (kind as PaymentMethodKind) : 'OTHER';

export function shiftReportFigures(report: ShiftReportWire): ShiftReportFigures {
  return {
    shiftNumber: report.name,
    openedAt: report.opened_at,
    salesCount: report.sales_count,
    salesTotal: report.sales_total,
    refundsCount: report.refunds_count,
    refundsTotal: report.refunds_total,
    discountsTotal: report.discounts_total,
    taxes: report.taxes.map((tax) => ({ name: tax.name, amount: tax.amount })),
    byPaymentMethod: report.by_payment_method.map((method) => ({
      name: method.name,
      kind: kindOf(method.kind),
      sales: method.sales,
      refunds: method.refunds,
    })),
    expectedCash: report.expected_cash,
    cashParts: {
      openingCash: report.opening_cash,
      cashSales: report.cash_sales,
      cashRefunds: report.cash_refunds,
      cashIn: report.cash_in,
      cashOut: report.cash_out,
    },
  };
}

/**
 * The Z report's figures, or null while the shift is open or was closed without a count (print an X then).
 * `tillWorkplace`: the till printing it. A till prints ITS Z — its own count and when it closed — even when the
 * shift was closed first elsewhere (the office, while the till was offline) and carries that count as its own.
 */
export function zReportFigures(report: ShiftReportWire, tillWorkplace?: string | null): ZReportFigures | null {
  if (!report.is_closed || report.closed_at === null) return null;
  const own = tillWorkplace ? report.cash_counts.find((count) => count.source === 'till' && count.workplace_id === tillWorkplace) : undefined;
  if (own) return { ...shiftReportFigures(report), closedAt: own.counted_at, countedCash: own.counted_cash };
  if (report.counted_cash === null) return null;
  return { ...shiftReportFigures(report), closedAt: report.closed_at, countedCash: report.counted_cash };
}
