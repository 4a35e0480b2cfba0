/**
 * Where the sale stands: the amount to pay, the payments taken (each removable), what is paid and what remains, and
 * the change, large — as it will be once the cash being typed is taken, so the cashier counts it out before Enter.
 */
import { formatMoney } from '../../../shared/decimal.js';
import { useFormat } from '../../lib/use-format.js';
import { useT } from '../../state/context.js';
import type { Device } from './payment-setup.js';
import type { Summary, Tender } from './tender.js';

export interface TenderSummaryProps {
  readonly tenders: readonly Tender[];
  readonly devices: readonly Device[];
  /** The payments taken. */
  readonly summary: Summary;
  /** With the payment being entered counted in: the change it will give, and whether it overpays without cash. */
  readonly preview: Summary;
  readonly onRemove: (index: number) => void;
}

export function TenderSummary({ tenders, devices, summary, preview, onRemove }: TenderSummaryProps) {
  const t = useT();
  const f = useFormat();
  const money = (units: bigint) => f.money(formatMoney(units));
  return (
    <div className="tender-summary">
      <div className="pay-due">
        <span>{t('payment.due')}</span>
        <strong className="pay-big amount" data-testid="due">
          {money(summary.due)}
        </strong>
      </div>
      <h3>{t('payment.payments')}</h3>
      {tenders.length === 0 ? (
        <p className="muted">{t('payment.noPayments')}</p>
      ) : (
        <ul className="tender-list" data-testid="tenders">
          {tenders.map((tender, index) => (
            <li key={index}>
              <span className="tender-name">
                {tender.method.name}
                {tender.deviceId ? ` · ${devices.find((device) => device.id === tender.deviceId)?.name ?? ''}` : ''}
                {tender.signature ? ' ✍' : ''}
              </span>
              <span className="amount">{money(tender.amount)}</span>
              <button type="button" className="secondary" aria-label={`${t('payment.remove')} ${tender.method.name}`} onClick={() => onRemove(index)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <dl className="pay-totals">
        <dt>{t('payment.paid')}</dt>
        <dd className="amount">{money(summary.paid)}</dd>
        <dt>{t('payment.remaining')}</dt>
        <dd className={summary.remaining > 0n ? 'amount tone-owed' : 'amount'} data-testid="remaining">
          {money(summary.remaining)}
        </dd>
      </dl>
      <div className={preview.change > 0n ? 'pay-change active' : 'pay-change'}>
        <span>{t('payment.change')}</span>
        <strong className="pay-huge amount" data-testid="change">
          {money(preview.change)}
        </strong>
      </div>
      {preview.overpaidWithoutCash && <p className="error">{t('payment.overpaidWithoutCash')}</p>}
    </div>
  );
}
