/**
 * The cash counts of a shift closed more than once — the office closed it while this till, offline, closed it too:
 * each count with where and when it was made and its over or short, and how far the counts differ. Both are kept on
 * the service (docs/selling/shifts.md, "Closed twice"); the cashier sees that the office also counted the drawer.
 */
import type { CashCountWire, ShiftReportWire } from '../../../shared/catalogue/outputs/settlement-cash.js';
import type { MessageKey } from '../../i18n/index.js';
import { useFormat } from '../../lib/use-format.js';
import { useT } from '../../state/context.js';
import { toneOf } from './money-entry.js';
import { ReportRow } from './ReportRow.js';

/** Where a count was made, as this till says it: at the office, here, or at another till. */
function placeOf(count: CashCountWire, workplaceId: string | null | undefined): MessageKey {
  if (count.source === 'office') return 'shift.counts.office';
  return workplaceId && count.workplace_id === workplaceId ? 'shift.counts.here' : 'shift.counts.otherTill';
}

const TONE_LABEL = { over: 'shift.report.over', short: 'shift.report.short', exact: 'shift.report.exact' } as const;

export function CountsView({ report, workplaceId }: { readonly report: ShiftReportWire; readonly workplaceId?: string | null }) {
  const t = useT();
  const f = useFormat();
  const byOffice = report.cash_counts.some((count) => count.source === 'office');
  return (
    <div className="shift-counts" data-testid="shift-counts">
      <div className="notice" role="status">
        {t(byOffice ? 'shift.counts.officeAlsoClosed' : 'shift.counts.closedAgain')}
      </div>
      {report.cash_counts.map((count) => {
        const tone = count.over_short === null ? undefined : toneOf(count.over_short);
        return (
          <div key={count.id} data-testid="shift-count">
            <ReportRow label={t(placeOf(count, workplaceId), { time: f.dateTime(count.counted_at) })} amount={f.money(count.counted_cash)} strong />
            {count.over_short !== null && tone && <ReportRow label={t(TONE_LABEL[tone])} amount={f.money(count.over_short)} sub tone={tone} />}
          </div>
        );
      })}
      {report.cash_count_difference !== null && (
        <ReportRow label={t('shift.counts.difference')} amount={f.money(report.cash_count_difference)} strong testId="count-difference" />
      )}
    </div>
  );
}
