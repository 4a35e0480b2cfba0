/**
 * The X and Z reports' numbers come from the shift's own report operation, `SettlmentController_report` (the same
 * figures the shift screen shows and the service computes: opening cash, sales and refunds by method with the one
 * change rule, refund documents by the shift they were made in, cash in and out, counted cash), put into the
 * printed shape by `shiftReportFigures` / `zReportFigures` (shared/shift-report-print.ts). Nothing is recomputed
 * here, so paper, screen and service cannot disagree. `ShiftTotalsSource` stays a seam for tests.
 */
import type { ShiftReportData, ZReportData } from './document-data.js';
import type { NameBook } from './name-book.js';
import { orderHeading } from './order-documents.js';
import type { ReceiptLanguage } from './receipt-labels.js';
import { localDateTime, unavailable, type TillReader } from './till-reader.js';
import { shiftReportFigures, zReportFigures } from '../../shared/shift-report-print.js';

/** What a shift report needs beyond its heading and language. */
export type ShiftTotals = Omit<ShiftReportData, 'language' | 'heading'> & {
  readonly closedAt?: string;
  readonly countedCash?: string;
  /** Whose shift: for the heading (point, till, cashier). */
  readonly workplaceId: string | null;
  readonly employeeId: string | null;
};

export type ShiftTotalsSource = (reader: TillReader, names: NameBook, settlementId: string, final: boolean) => Promise<ShiftTotals>;

/**
 * The figures of `SettlmentController_report`: a Z's counted cash once the shift is closed with a count — this
 * till's own count and close time when it closed the shift too (a shift closed twice keeps both counts).
 */
export const shiftTotalsFromReport: ShiftTotalsSource = async (reader, _names, settlementId, final) => {
  const report = await reader.read('SettlmentController_report', { params: { id: settlementId } }).catch((error: unknown) => {
    throw unavailable(error, `shift ${settlementId}`);
  });
  const z = final ? zReportFigures(report, (await reader.identity()).workplaceId) : null;
  const figures = z ?? shiftReportFigures(report);
  // The till's sane time: a report printed while the computer's clock is two years ahead says today.
  const now = (reader.now ? await reader.now() : new Date()).toISOString();
  return {
    ...figures,
    openedAt: localDateTime(figures.openedAt),
    printedAt: localDateTime(now),
    ...(final ? { closedAt: localDateTime(z?.closedAt ?? report.closed_at ?? now) } : {}),
    ...(z ? { countedCash: z.countedCash } : {}),
    workplaceId: report.workplace_id,
    employeeId: null,
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
