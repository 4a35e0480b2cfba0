/**
 * Shifts opened in the range (SettlmentController_findAll, filtered here by when each opened): till, opened and
 * closed, what a shift took (a closed one's recorded totals, the Z; an open one's so far, the X), refunds, and the
 * cash expected, counted and over/short as the shift itself states them (shifts.ts); a shift counted both at the
 * office and at its till shows each count under the shift's.
 */
import { useApi, useLanguage, useT } from '../../context.js';
import { FormErrors } from '../../components/form.js';
import { SortableTable, type Column } from '../../components/SortableTable.js';
import { showDecimal } from '../../lib/numbers.js';
import { amountColumn, countColumn, csvInstant, showDate, showTime, textColumn, useReport } from './kit.js';
import { rangeInstants, type DayRange } from './range.js';
import { shiftsIn, summarizeShift, type RunningShift, type Shift, type ShiftSummary } from './shifts.js';

type Row = Shift & { till: string; summary: ShiftSummary };

export function ShiftsReport({ range }: { range: DayRange }) {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const report = useReport(async () => {
    const [shifts, running, workplaces] = await Promise.all([
      api.call('SettlmentController_findAll') as Promise<Shift[]>,
      api.call('ReportController_openShifts') as Promise<RunningShift[]>,
      api.call('BusinessController_findAllWorkplaces') as Promise<{ id: string; name: string }[]>,
    ]);
    const names = new Map(workplaces.map((workplace) => [workplace.id, workplace.name]));
    // An open shift's totals and expected cash so far (X); a closed one's are recorded (Z).
    const xFigures = new Map(running.map((entry) => [entry.settlement_id, entry]));
    const { start, end } = rangeInstants(range);
    return shiftsIn(shifts, start, end).map(
      (shift): Row => ({
        ...shift,
        till: shift.workplace_id ? (names.get(shift.workplace_id) ?? shift.workplace_id) : t('reports.shifts.noTill'),
        summary: summarizeShift(shift, xFigures.get(shift.id)),
      }),
    );
  }, [api, range.from, range.to, t]);
  const instant = (key: string, label: string, value: (row: Row) => string | null): Column<Row> => ({
    key,
    label,
    numeric: true,
    sortKey: (row) => value(row),
    render: (row) => {
      const iso = value(row);
      if (!iso) return t('reports.shifts.open');
      // Date over time: the columns fit 1024 pixels.
      return (
        <>
          {showDate(iso, language)}
          <br />
          <span className="muted">{showTime(iso, language)}</span>
        </>
      );
    },
    csv: (row) => csvInstant(value(row)),
  });
  // Cash columns only once some shift records its cash (opening/counted): until then they would be all "—".
  const withCash = (report.data ?? []).some((row) => row.summary.cashExpected !== null || row.summary.cashCounted !== null);
  const columns: Column<Row>[] = [
    // The till under the shift's name, the close under the opening, the payment count in the CSV only: with the
    // cash columns the table still fits 1024 pixels. The CSV keeps every column apart.
    {
      ...textColumn<Row>('name', t('reports.col.shift'), (row) => row.name),
      render: (row: Row) => (
        <>
          {row.name}
          <div className="muted">{row.till}</div>
        </>
      ),
    },
    { ...textColumn<Row>('till', t('reports.col.till'), (row) => row.till), csvOnly: true },
    {
      ...instant('opened', `${t('reports.col.opened')} – ${t('reports.col.closed')}`, (row) => row.dt_created),
      // Opened, then when it closed (the time alone on the same day) or that it is open.
      render: (row: Row) => {
        const closed = row.dt_closed;
        const sameDay = closed !== null && showDate(closed, language) === showDate(row.dt_created, language);
        return (
          <>
            {showDate(row.dt_created, language)} <span className="muted">{showTime(row.dt_created, language)}</span>
            <br />
            {closed === null ? (
              <span className="muted">{t('reports.shifts.open')}</span>
            ) : (
              <span className="muted">– {sameDay ? showTime(closed, language) : `${showDate(closed, language)} ${showTime(closed, language)}`}</span>
            )}
          </>
        );
      },
      csv: (row: Row) => csvInstant(row.dt_created),
    },
    { ...instant('closed', t('reports.col.closed'), (row) => row.dt_closed), csvOnly: true },
    { ...countColumn<Row>('payments', t('reports.col.payments'), (row) => row.summary.payments), csvOnly: true },
    amountColumn<Row>('taken', t('reports.col.taken'), (row) => row.summary.taken, language),
    amountColumn<Row>('refunded', t('reports.col.refundedSum'), (row) => row.summary.refunded, language),
    ...(withCash
      ? [
          amountColumn<Row>('expected', t('reports.col.cashExpected'), (row) => row.summary.cashExpected, language),
          {
            ...amountColumn<Row>('counted', t('reports.col.cashCounted'), (row) => row.summary.cashCounted, language),
            render: (row: Row) => (
              <>
                {row.summary.cashCounted === null ? '—' : showDecimal(row.summary.cashCounted, language)}
                {row.summary.counts.map((count, index) => (
                  <div key={index} className="muted" data-testid="shift-count">
                    {t(count.source === 'office' ? 'reports.shifts.countedAtOffice' : 'reports.shifts.countedAtTill')} {showDecimal(count.counted, language)}
                  </div>
                ))}
              </>
            ),
          },
          amountColumn<Row>('overShort', t('reports.col.overShort'), (row) => row.summary.overShort, language),
        ]
      : []),
  ];
  return (
    <div className="report" data-testid="shifts-report">
      <p className="muted">{t('reports.shifts.intro')}</p>
      <FormErrors lines={report.errors} />
      {report.data && report.data.length === 0 ? <p className="empty">{t('reports.empty')}</p> : null}
      {report.data && report.data.length > 0 ? (
        <SortableTable
          fileName={`shifts-${range.from}-${range.to}`}
          columns={columns}
          rows={report.data}
          rowKey={(row) => row.id}
          rowClass={(row) => (row.summary.overShort?.startsWith('-') ? 'short' : undefined)}
        />
      ) : null}
      {!report.data && report.loading ? <p className="muted">{t('common.loading')}</p> : null}
    </div>
  );
}
