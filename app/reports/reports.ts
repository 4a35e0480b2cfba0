/** The report operations (shared/catalogue/report.ts): read-only, so they run outside any write transaction. */
import { handler } from '../operation.js';
import { debtAgingReport } from './debt-aging.js';
import { openShiftTotals } from './open-shifts.js';
import { salesReport } from './sales.js';

export const reportHandlers = [
  handler('ReportController_sales', (db, { query }, ctx) => salesReport(db, query, ctx), { readOnly: true }),
  handler('ReportController_openShifts', (db, _input, ctx) => openShiftTotals(db, ctx), { readOnly: true }),
  handler('ReportController_debtAging', (db, { query }, ctx) => debtAgingReport(db, query ?? {}, ctx), { readOnly: true }),
];
