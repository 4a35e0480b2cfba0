/**
 * The initial download's overall progress from one `enrollment-progress` event, whose row counts are those of the
 * current table (shared/terminal-contract.ts): rows of the tables before it, plus its own rows done, out of the
 * rows of all tables. Tables with no rows are skipped by the download and count nothing; a page with no table is
 * the last one (nothing was left to send).
 */
import type { EnrollmentProgressPayload } from '../../shared/terminal-contract.js';

export interface OverallProgress {
  readonly rowsDone: number;
  readonly rowsTotal: number;
  /** 1-based position of the current table among the tables that have rows; 0 before the first page. */
  readonly tableNumber: number;
  readonly tableCount: number;
  readonly table: string | null;
}

export function overallProgress(progress: EnrollmentProgressPayload | null): OverallProgress {
  const tables = (progress?.tables ?? []).filter((entry) => entry.rowsTotal > 0);
  const rowsTotal = tables.reduce((sum, entry) => sum + entry.rowsTotal, 0);
  // A page without a table is the download's last, empty page: everything before it has arrived.
  if (progress && progress.table === null)
    return {
      rowsDone: rowsTotal,
      rowsTotal,
      tableNumber: tables.length,
      tableCount: tables.length,
      table: tables[tables.length - 1]?.table ?? null,
    };
  const index = progress?.table ? tables.findIndex((entry) => entry.table === progress.table) : -1;
  const before = tables.slice(0, Math.max(index, 0)).reduce((sum, entry) => sum + entry.rowsTotal, 0);
  const current = index >= 0 ? Math.min(progress?.rowsDone ?? 0, tables[index]?.rowsTotal ?? 0) : 0;
  return {
    rowsDone: Math.min(before + current, rowsTotal),
    rowsTotal,
    tableNumber: index + 1,
    tableCount: tables.length,
    table: progress?.table ?? null,
  };
}
