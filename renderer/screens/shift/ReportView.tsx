/**
 * The shift's figures on screen, as the X and Z reports print them: sales, refunds, voids, discounts, taxes, each
 * payment method, and the cash drawer down to the expected cash — plus, once closed, the cash counted and the over
 * or short (every count, when the shift was closed more than once: ./CountsView.tsx). Everything is the
 * `SettlmentController_report` answer, shown as it is (money as text, never a float).
 */
import type { ShiftReportWire } from '../../../shared/catalogue/outputs/settlement-cash.js';
import { useFormat } from '../../lib/use-format.js';
import { useT } from '../../state/context.js';
import { toneOf } from './money-entry.js';
import { CountsView } from './CountsView.js';
import { ReportRow as Row } from './ReportRow.js';

/** `workplaceId`: this till's, so a count made here is told apart from the office's and other tills'. */
export function ReportView({ report, workplaceId }: { readonly report: ShiftReportWire; readonly workplaceId?: string | null }) {
  const t = useT();
  const f = useFormat();
  const minus = (text: string) => (/[1-9]/.test(text) ? `−${f.money(text)}` : f.money(text));
  const tone = report.over_short === null ? undefined : toneOf(report.over_short);
  return (
    <section className="shift-report" aria-label={t(report.is_closed ? 'shift.report.z' : 'shift.report.x')} data-testid="shift-report">
      <h2>{t(report.is_closed ? 'shift.report.z' : 'shift.report.x')}</h2>
      {report.changed_since_close && report.expected_cash_at_close !== null && (
        <div className="notice">{t('shift.report.changedSinceClose', { expected: f.money(report.expected_cash_at_close) })}</div>
      )}
      {!report.is_closed && report.open_orders > 0 && <div className="notice">{t('shift.report.openOrders', { count: report.open_orders })}</div>}
      <Row label={t('shift.report.sales', { count: report.sales_count })} amount={f.money(report.sales_total)} />
      <Row label={t('shift.report.refunds', { count: report.refunds_count })} amount={minus(report.refunds_total)} />
      <Row label={t('shift.report.voided')} amount={String(report.voided_count)} />
      <Row label={t('shift.report.discounts')} amount={f.money(report.discounts_total)} />
      <Row label={t('shift.report.taxes')} amount={f.money(report.taxes_total)} />
      {report.taxes.map((tax) => (
        <Row key={tax.tax_id} label={tax.name} amount={f.money(tax.amount)} sub />
      ))}
      {report.by_payment_method.length > 0 && <h3>{t('shift.report.byMethod')}</h3>}
      {report.by_payment_method.map((method) => (
        <div key={method.payment_method_id} className="report-row">
          <span>{method.name}</span>
          <span className="amount muted">{t('shift.report.methodLine', { sales: f.money(method.sales), refunds: f.money(method.refunds) })}</span>
        </div>
      ))}
      <h3>{t('shift.report.drawer')}</h3>
      <Row label={t('shift.report.opening')} amount={f.money(report.opening_cash)} />
      <Row label={t('shift.report.cashSales')} amount={f.money(report.cash_sales)} />
      <Row label={t('shift.report.cashRefunds')} amount={minus(report.cash_refunds)} />
      <Row label={t('shift.report.cashIn')} amount={f.money(report.cash_in)} />
      <Row label={t('shift.report.cashOut')} amount={minus(report.cash_out)} />
      <Row label={t('shift.report.expected')} amount={f.money(report.expected_cash)} strong testId="expected-cash" />
      {report.cash_counts.length > 1 && <CountsView report={report} workplaceId={workplaceId} />}
      {report.cash_counts.length <= 1 && report.counted_cash !== null && <Row label={t('shift.report.counted')} amount={f.money(report.counted_cash)} strong />}
      {report.cash_counts.length <= 1 && report.over_short !== null && tone && (
        <Row
          label={t(tone === 'over' ? 'shift.report.over' : tone === 'short' ? 'shift.report.short' : 'shift.report.exact')}
          amount={f.money(report.over_short)}
          strong
          tone={tone}
          testId="over-short"
        />
      )}
    </section>
  );
}
