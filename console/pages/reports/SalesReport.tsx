/**
 * Sales of a range of days (ReportController_sales): the totals, voided and refunded receipts apart, the refunds
 * made in the range apart (by the day they were made; by method in the methods table), a chart by day (by hour for
 * one day) and by payment method, and sortable, exportable tables by till, cashier and method.
 */
import { useState } from 'react';
import type { OperationOutput } from '../../../shared/catalogue/outputs/index.js';
import { useApi, useLanguage, useT } from '../../context.js';
import { FormErrors } from '../../components/form.js';
import { SortableTable } from '../../components/SortableTable.js';
import { showDecimal } from '../../lib/numbers.js';
import { AmountBars, AmountPie, amountColumn, countColumn, showDayShort, textColumn, useReport } from './kit.js';
import { averageReceipt } from './sales-figures.js';
import { utcOffsetOn, type DayRange } from './range.js';

type Sales = OperationOutput<'ReportController_sales'>;
type Group = { id: string; name: string; count: number; sum: string };
/** A method's takings and, apart, what refund documents paid back by it in the range. */
type Method = Sales['by_payment_method'][number] & { refunds: string };

/** The methods table's rows: every method that took or paid back money in the range. */
function methodRows(sales: Sales): Method[] {
  const rows = new Map<string, Method>(sales.by_payment_method.map((method) => [method.payment_method_id, { ...method, refunds: '0' }]));
  for (const refund of sales.refunds.by_method) {
    const known = rows.get(refund.payment_method_id);
    rows.set(
      refund.payment_method_id,
      known ? { ...known, refunds: refund.sum } : { payment_method_id: refund.payment_method_id, name: refund.name, kind: refund.kind, count: 0, sum: '0', tips: '0', refunds: refund.sum },
    );
  }
  return [...rows.values()];
}

function Figure({ label, amount, note, testId }: { label: string; amount: string; note: string; testId: string }) {
  const { language } = useLanguage();
  return (
    <div className="figure" data-testid={testId}>
      <span className="muted">{label}</span>
      <strong>{showDecimal(amount, language)}</strong>
      <span className="muted">{note}</span>
    </div>
  );
}

export function SalesReport({ range }: { range: DayRange }) {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const [point, setPoint] = useState('');
  const points = useReport(async () => (await api.call('BusinessController_findAllPoints')) as { id: string; name: string; is_deleted?: boolean }[], [api]);
  const report = useReport(
    async () =>
      (await api.call('ReportController_sales', {
        query: { from: range.from, to: range.to, utc_offset: utcOffsetOn(range.from), ...(point ? { point_id: point } : {}) },
      })) as Sales,
    [api, range.from, range.to, point],
  );
  const sales = report.data;
  const groupColumns = (label: string) => [
    textColumn<Group>('name', label, (row) => row.name || row.id),
    countColumn<Group>('count', t('reports.col.receipts'), (row) => row.count),
    amountColumn<Group>('sum', t('reports.col.sum'), (row) => row.sum, language),
  ];
  const methodColumns = [
    textColumn<Method>('name', t('reports.col.method'), (row) => row.name || row.payment_method_id),
    countColumn<Method>('count', t('reports.col.payments'), (row) => row.count),
    amountColumn<Method>('sum', t('reports.col.sum'), (row) => row.sum, language),
    amountColumn<Method>('tips', t('reports.col.tips'), (row) => row.tips, language),
    amountColumn<Method>('refunds', t('reports.col.refunds'), (row) => row.refunds, language),
  ];
  const oneDay = range.from === range.to;
  const file = (what: string) => `${what}-${range.from}-${range.to}`;
  return (
    <div className="report" data-testid="sales-report">
      {(points.data ?? []).length > 1 ? (
        <label className="field point-choice">
          <span>{t('reports.point')}</span>
          <select value={point} onChange={(event) => setPoint(event.target.value)}>
            <option value="">{t('reports.allPoints')}</option>
            {(points.data ?? [])
              .filter((p) => !p.is_deleted)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
          </select>
        </label>
      ) : null}
      <FormErrors lines={report.errors} />
      {sales ? (
        <>
          <div className="figures">
            <Figure testId="sales-total" label={t('reports.sales.total')} amount={sales.sales.sum} note={t('reports.receipts', { count: sales.sales.count })} />
            <Figure testId="sales-average" label={t('reports.sales.average')} amount={averageReceipt(sales.sales)} note="" />
            <Figure testId="sales-voided" label={t('reports.sales.voided')} amount={sales.voided.sum} note={t('reports.receipts', { count: sales.voided.count })} />
            {/* Orders flagged refunded (the reference's way, e.g. by another REST client): shown only when there are some. */}
            {sales.refunded.count > 0 ? (
              <Figure testId="sales-refunded" label={t('reports.sales.refunded')} amount={sales.refunded.sum} note={t('reports.receipts', { count: sales.refunded.count })} />
            ) : null}
            <Figure testId="sales-refunds" label={t('reports.sales.refunds')} amount={sales.refunds.sum} note={t('reports.receipts', { count: sales.refunds.count })} />
          </div>
          <p className="muted">{t('reports.sales.apart')}</p>
          {sales.sales.count === 0 && sales.refunds.count === 0 ? (
            <p className="empty">{t('reports.empty')}</p>
          ) : (
            <>
              <div className="charts">
                {oneDay ? (
                  <AmountBars title={t('reports.chart.byHour')} points={sales.by_hour.map((h) => ({ label: String(h.hour).padStart(2, '0'), amount: h.sum }))} />
                ) : (
                  <AmountBars title={t('reports.chart.byDay')} points={sales.by_day.map((d) => ({ label: showDayShort(d.day, language), amount: d.sum }))} />
                )}
                <AmountPie title={t('reports.chart.byMethod')} points={sales.by_payment_method.map((m) => ({ label: m.name, amount: m.sum }))} />
              </div>
              <div className="report-tables">
                <SortableTable
                  caption={t('reports.byTill')}
                  fileName={file('sales-by-till')}
                  columns={groupColumns(t('reports.col.till'))}
                  rows={sales.by_workplace.map((w) => ({ id: w.workplace_id, name: w.name, count: w.count, sum: w.sum }))}
                  rowKey={(row) => row.id}
                  footer={{ id: '', name: t('table.total'), count: sales.sales.count, sum: sales.sales.sum }}
                  initialSort={{ key: 'sum', direction: 'desc' }}
                />
                <SortableTable
                  caption={t('reports.byCashier')}
                  fileName={file('sales-by-cashier')}
                  columns={groupColumns(t('reports.col.cashier'))}
                  rows={sales.by_employee.map((e) => ({ id: e.employee_id, name: e.name, count: e.count, sum: e.sum }))}
                  rowKey={(row) => row.id}
                  footer={{ id: '', name: t('table.total'), count: sales.sales.count, sum: sales.sales.sum }}
                  initialSort={{ key: 'sum', direction: 'desc' }}
                />
              </div>
              <SortableTable
                caption={t('reports.byMethod')}
                fileName={file('sales-by-method')}
                columns={methodColumns}
                rows={methodRows(sales)}
                rowKey={(row) => row.payment_method_id}
                initialSort={{ key: 'sum', direction: 'desc' }}
              />
            </>
          )}
        </>
      ) : report.loading ? (
        <p className="muted">{t('common.loading')}</p>
      ) : null}
    </div>
  );
}
