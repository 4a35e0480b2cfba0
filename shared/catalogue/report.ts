/**
 * Report operations of ours (issue 17, "Reports"): read-only summaries the owner's console shows, computed by the
 * service from the same rows the reporting views of `POST /get` show (D_Order, T_Order_Payment,
 * S_Client_Debt_Transaction), because two of them cannot be asked of `/get` exactly and alike on both engines:
 * sales bucketed by day and hour of the owner's own time zone (date functions differ per engine), and debts aged
 * first-in-first-out over every entry of a client (more rows than `/get`'s row cap). Sums are over the stored
 * integer units (exact on both engines). The running (X) totals of open shifts are here too: a shift records its
 * totals when it closes, and until then nothing else sums it. Owners and admins only, like `/get`; tenant-scoped, and point-scoped for
 * a caller that has a point.
 */
import { z } from 'zod';
import { dto, text } from '../schema-kit.js';
import { operation } from './operation.js';

/** The longest range a sales report covers: a year and a day (a leap year's report of "this year"). */
export const MAX_REPORT_DAYS = 366;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1970 && year <= 9999 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar day, the owner's: "2026-11-25". */
const day = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a date written like "2026-11-25"') })
    .refine(isCalendarDay, { error: 'must be a date written like "2026-11-25"' });

/** Minutes east of UTC of the owner's time zone (Tashkent: 300); query strings arrive as text. */
const utcOffset = () =>
  z
    .union([z.string(), z.number()], { error: 'must be a whole number of minutes between -720 and 840' })
    .transform((value, ctx) => {
      const parsed = typeof value === 'number' ? value : /^-?\d{1,4}$/.test(value) ? Number(value) : NaN;
      if (!Number.isInteger(parsed) || parsed < -720 || parsed > 840) {
        ctx.addIssue({ code: 'custom', message: 'must be a whole number of minutes between -720 and 840' });
        return z.NEVER;
      }
      return parsed;
    });

const pointId = () => text().max(64, { error: 'must be at most 64 characters' });

/** Days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const SalesReportQuery = dto({
  /** First day of the range, the owner's calendar. */
  from: day(),
  /** Last day of the range, included. */
  to: day(),
  utc_offset: utcOffset().optional(),
  /** Only this point's sales. */
  point_id: pointId().optional(),
}).superRefine((query, ctx) => {
  const span = daysBetween(query.from, query.to);
  if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  else if (span >= MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_REPORT_DAYS} days after from` });
});
export type SalesReportQuery = z.output<typeof SalesReportQuery>;

export const DebtAgingQuery = dto({
  /** The day the debts are aged at (its end); absent: today in the owner's time zone. */
  as_of: day().optional(),
  utc_offset: utcOffset().optional(),
});
export type DebtAgingQuery = z.output<typeof DebtAgingQuery>;

export const reportOperations = [
  operation({ operationId: 'ReportController_sales', method: 'GET', path: '/reports/sales', tag: 'Report', query: SalesReportQuery, access: ['OWNER', 'ADMIN'], offline: 'online-only', extension: true }),
  operation({ operationId: 'ReportController_openShifts', method: 'GET', path: '/reports/open-shifts', tag: 'Report', access: ['OWNER', 'ADMIN'], offline: 'online-only', extension: true }),
  operation({ operationId: 'ReportController_debtAging', method: 'GET', path: '/reports/debt-aging', tag: 'Report', query: DebtAgingQuery, access: ['OWNER', 'ADMIN'], offline: 'online-only', extension: true }),
] as const;
