/**
 * The warnings the sync recorded in the range (LogController_findAll, type WARNING: docs/sync.md "Facts and
 * warnings"), newest first, in words: what was broken, at which till, by whom, and what it concerns — with the
 * names of the items, clients, warehouses, tills and employees it names.
 */
import { useApi, useLanguage, useT } from '../../context.js';
import { FormErrors } from '../../components/form.js';
import { SortableTable, type Column } from '../../components/SortableTable.js';
import { showDecimal } from '../../lib/numbers.js';
import type { MessageKey, Translate } from '../../i18n/index.js';
import type { Language } from '../../i18n/index.js';
import { csvInstant, showInstant, textColumn, useReport } from './kit.js';
import { rangeInstants, type DayRange } from './range.js';
import { namesQuery, warningRow, type LogEntry, type WarningRow } from './warnings.js';

const MAX_WARNINGS = 1000;
const KNOWN = new Set(['STOCK_BELOW_ZERO', 'CREDIT_LIMIT_EXCEEDED', 'DELETED_REFERENCE', 'EMPLOYEE_INACTIVE', 'SHIFT_CLOSED', 'SHIFT_ALREADY_CLOSED']);

type Row = WarningRow & { till: string; employee: string; detail: string; what: string };

function detailOf(row: WarningRow, names: ReadonlyMap<string, string>, t: Translate, language: Language): string {
  const name = (id: string | null) => (id ? (names.get(id) ?? id) : '');
  if (row.code === 'STOCK_BELOW_ZERO') {
    return t('reports.warning.stock', { item: name(row.itemId), warehouse: name(row.warehouseId), quantity: showDecimal(row.quantity, language) });
  }
  if (row.code === 'CREDIT_LIMIT_EXCEEDED') {
    return t('reports.warning.credit', { client: name(row.clientId), balance: showDecimal(row.balance, language), limit: showDecimal(row.limit, language) });
  }
  return '';
}

export function WarningsReport({ range }: { range: DayRange }) {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const report = useReport(async () => {
    const { start, end } = rangeInstants(range);
    const [entries, workplaces, employees, warehouses] = await Promise.all([
      api.call('LogController_findAll', {
        query: { type: 'WARNING', from_date: new Date(start).toISOString(), to_date: new Date(end - 1).toISOString(), limit: MAX_WARNINGS },
      }) as Promise<LogEntry[]>,
      api.call('BusinessController_findAllWorkplaces') as Promise<{ id: string; name: string }[]>,
      api.call('EmployeeController_findAll') as Promise<{ id: string; full_name: string }[]>,
      api.call('WarehouseController_findAll') as Promise<{ id: string; name: string }[]>,
    ]);
    const rows = entries.map(warningRow);
    const names = new Map<string, string>([
      ...workplaces.map((w) => [w.id, w.name] as const),
      ...employees.map((e) => [e.id, e.full_name] as const),
      ...warehouses.map((w) => [w.id, w.name] as const),
    ]);
    const query = namesQuery(rows);
    if (query) {
      const found = (await api.call('QueryController_execute', { body: { query } })) as { id: string; name: string }[];
      for (const entry of found) names.set(entry.id, entry.name);
    }
    return {
      capped: entries.length >= MAX_WARNINGS,
      rows: rows.map(
        (row): Row => ({
          ...row,
          till: row.workplaceId ? (names.get(row.workplaceId) ?? row.workplaceId) : '',
          employee: row.employeeId ? (names.get(row.employeeId) ?? row.employeeId) : '',
          what: KNOWN.has(row.code) ? t(`reports.warning.${row.code}` as MessageKey) : row.code,
          detail: detailOf(row, names, t, language),
        }),
      ),
    };
  }, [api, range.from, range.to, t, language]);
  const columns: Column<Row>[] = [
    { key: 'at', label: t('reports.col.when'), numeric: true, sortKey: (row) => row.at, render: (row) => showInstant(row.at, language), csv: (row) => csvInstant(row.at) },
    textColumn<Row>('what', t('reports.col.warning'), (row) => row.what),
    textColumn<Row>('detail', t('reports.col.details'), (row) => row.detail),
    textColumn<Row>('till', t('reports.col.till'), (row) => row.till),
    textColumn<Row>('employee', t('reports.col.employee'), (row) => row.employee),
  ];
  const data = report.data;
  return (
    <div className="report" data-testid="warnings-report">
      <p className="muted">{t('reports.warnings.intro')}</p>
      <FormErrors lines={report.errors} />
      {data?.capped ? <p className="muted">{t('reports.capped', { count: MAX_WARNINGS })}</p> : null}
      {data && data.rows.length === 0 ? <p className="empty">{t('reports.warnings.none')}</p> : null}
      {data && data.rows.length > 0 ? (
        <SortableTable fileName={`warnings-${range.from}-${range.to}`} columns={columns} rows={data.rows} rowKey={(row) => row.id} initialSort={{ key: 'at', direction: 'desc' }} />
      ) : null}
      {!data && report.loading ? <p className="muted">{t('common.loading')}</p> : null}
    </div>
  );
}
