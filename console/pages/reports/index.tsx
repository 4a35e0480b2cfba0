/**
 * Reports (issue 17, docs/console.md "Reports"): read-only views of the business for a range of days — sales by
 * till, cashier and payment method with charts, shifts with their totals and over/short, client debts with aging,
 * low and negative stock, and the warnings the sync recorded. Each tab is an address of its own (/reports/sales,
 * /reports/shifts, …); every figure comes from an ordinary public API call, and every table sorts and exports.
 */
import { useState } from 'react';
import { useT } from '../../context.js';
import { Link } from '../../components/Link.js';
import { usePath } from '../../lib/router.js';
import type { MessageKey } from '../../i18n/index.js';
import type { ConsolePage } from '../page.js';
import { DebtsReport } from './DebtsReport.js';
import { isValidRange, QUICK_RANGES, quickChoiceOf, quickRange, type DayRange } from './range.js';
import { SalesReport } from './SalesReport.js';
import { ShiftsReport } from './ShiftsReport.js';
import { StockReport } from './StockReport.js';
import { WarningsReport } from './WarningsReport.js';
import './reports.css';

const TABS = ['sales', 'shifts', 'debts', 'stock', 'warnings'] as const;
type Tab = (typeof TABS)[number];
/** The tabs that read a range of days. */
const RANGED = new Set<Tab>(['sales', 'shifts', 'warnings']);

function RangeBar({ range, onChange }: { range: DayRange; onChange: (range: DayRange) => void }) {
  const t = useT();
  const [draft, setDraft] = useState(range);
  const chosen = quickChoiceOf(range, new Date());
  const change = (next: DayRange) => {
    setDraft(next);
    if (isValidRange(next)) onChange(next);
  };
  return (
    <div className="toolbar range-bar" role="group" aria-label={t('page.reports')}>
      <label className="field">
        <span>{t('reports.from')}</span>
        <input type="date" value={draft.from} max={draft.to} onChange={(event) => change({ ...draft, from: event.target.value })} />
      </label>
      <label className="field">
        <span>{t('reports.to')}</span>
        <input type="date" value={draft.to} min={draft.from} onChange={(event) => change({ ...draft, to: event.target.value })} />
      </label>
      <div className="quick-ranges">
        {QUICK_RANGES.map((choice) => (
          <button
            key={choice}
            type="button"
            className={chosen === choice ? 'small active' : 'small'}
            aria-pressed={chosen === choice}
            onClick={() => change(quickRange(choice, new Date()))}
          >
            {t(`reports.quick.${choice}` as MessageKey)}
          </button>
        ))}
      </div>
    </div>
  );
}

function Reports() {
  const t = useT();
  const path = usePath();
  const tab: Tab = TABS.find((candidate) => path.startsWith(`/reports/${candidate}`)) ?? 'sales';
  const [range, setRange] = useState<DayRange>(() => quickRange('today', new Date()));
  return (
    <div className="reports-page">
      <nav className="report-tabs" aria-label={t('page.reports')}>
        {TABS.map((candidate) => (
          <Link key={candidate} to={`/reports/${candidate}`} className={candidate === tab ? 'active' : undefined} current={candidate === tab}>
            {t(`reports.tab.${candidate}` as MessageKey)}
          </Link>
        ))}
      </nav>
      {RANGED.has(tab) ? <RangeBar range={range} onChange={setRange} /> : null}
      {tab === 'sales' ? <SalesReport range={range} /> : null}
      {tab === 'shifts' ? <ShiftsReport range={range} /> : null}
      {tab === 'debts' ? <DebtsReport /> : null}
      {tab === 'stock' ? <StockReport /> : null}
      {tab === 'warnings' ? <WarningsReport range={range} /> : null}
    </div>
  );
}

const page: ConsolePage = { path: '/reports', titleMessageId: 'page.reports', Component: Reports };
export default page;
