/**
 * Client debts with aging (ReportController_debtAging) as of a day: a stacked view of the totals by age and a
 * sortable, exportable table per client.
 */
import { useState } from 'react';
import type { OperationOutput } from '../../../shared/catalogue/outputs/index.js';
import { useApi, useLanguage, useT } from '../../context.js';
import { FormErrors } from '../../components/form.js';
import { SortableTable } from '../../components/SortableTable.js';
import { AmountBars, amountColumn, showDay, textColumn, useReport } from './kit.js';
import { dayOf, isDay, utcOffsetOn } from './range.js';

type Aging = OperationOutput<'ReportController_debtAging'>;
type Row = Aging['clients'][number];

export function DebtsReport() {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const [asOf, setAsOf] = useState(() => dayOf(new Date()));
  const report = useReport(
    async () => (await api.call('ReportController_debtAging', { query: { as_of: asOf, utc_offset: utcOffsetOn(asOf) } })) as Aging,
    [api, asOf],
  );
  const columns = [
    {
      ...textColumn<Row>('name', t('reports.col.client'), (row) => row.name),
      render: (row: Row) => (
        <>
          {row.name}
          {row.phone ? <div className="muted nowrap">{row.phone}</div> : null}
        </>
      ),
    },
    { ...textColumn<Row>('phone', t('reports.col.phone'), (row) => row.phone ?? ''), csvOnly: true },
    amountColumn<Row>('balance', t('reports.col.balance'), (row) => row.balance, language),
    amountColumn<Row>('d0', t('reports.col.days0'), (row) => row.days_0_30, language),
    amountColumn<Row>('d31', t('reports.col.days31'), (row) => row.days_31_60, language),
    amountColumn<Row>('d61', t('reports.col.days61'), (row) => row.days_61_90, language),
    amountColumn<Row>('d90', t('reports.col.days90'), (row) => row.days_over_90, language),
    { ...textColumn<Row>('oldest', t('reports.col.oldest'), (row) => row.oldest_unpaid ?? ''), render: (row: Row) => showDay(row.oldest_unpaid, language) },
  ];
  const data = report.data;
  return (
    <div className="report" data-testid="debts-report">
      <p className="muted">{t('reports.debts.intro')}</p>
      <div className="toolbar">
        <label className="field">
          <span>{t('reports.debts.asOf')}</span>
          <input type="date" value={asOf} onChange={(event) => isDay(event.target.value) && setAsOf(event.target.value)} />
        </label>
      </div>
      <FormErrors lines={report.errors} />
      {data && data.clients.length === 0 ? <p className="empty">{t('reports.debts.none')}</p> : null}
      {data && data.clients.length > 0 ? (
        <>
          <div className="charts single">
            <AmountBars
              title={t('reports.tab.debts')}
              points={[
                { label: t('reports.col.days0'), amount: data.totals.days_0_30 },
                { label: t('reports.col.days31'), amount: data.totals.days_31_60 },
                { label: t('reports.col.days61'), amount: data.totals.days_61_90 },
                { label: t('reports.col.days90'), amount: data.totals.days_over_90 },
              ]}
            />
          </div>
          <SortableTable
            fileName={`client-debts-${data.as_of}`}
            columns={columns}
            rows={data.clients}
            rowKey={(row) => row.client_id}
            footer={{ client_id: '', name: t('table.total'), phone: null, oldest_unpaid: null, ...data.totals }}
            initialSort={{ key: 'balance', direction: 'desc' }}
          />
        </>
      ) : null}
      {!data && report.loading ? <p className="muted">{t('common.loading')}</p> : null}
    </div>
  );
}
