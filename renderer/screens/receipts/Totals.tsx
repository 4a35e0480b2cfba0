/** The receipt's totals, live: received, planned and their difference, exact (shared/receipt-totals.ts). */
import { useMemo } from 'react';
import { formatMoney } from '../../../shared/decimal.js';
import { showMoney } from '../../lib/format.js';
import { useT } from '../../state/context.js';
import { draftTotals, type LineDraft } from './lines.js';

export function Totals({ lines }: { readonly lines: readonly LineDraft[] }) {
  const t = useT();
  const totals = useMemo(() => draftTotals(lines), [lines]);
  return (
    <div className="receipt-totals-block">
      <span className="muted" data-testid="line-count">
        {t('receipts.lineCount', { count: lines.length })}
      </span>
      <dl className="receipt-totals" aria-label={t('receipts.totals')}>
        <div>
          <dt>{t('receipts.totalReceived')}</dt>
          <dd className="amount big" data-testid="total">
            {showMoney(formatMoney(totals.total))}
          </dd>
        </div>
        <div>
          <dt>{t('receipts.totalPlanned')}</dt>
          <dd className="amount" data-testid="total-planned">
            {showMoney(formatMoney(totals.totalPlanned))}
          </dd>
        </div>
        <div>
          <dt>{t('receipts.totalDiff')}</dt>
          <dd className={totals.totalDiff < 0n ? 'amount negative' : 'amount'} data-testid="total-diff">
            {showMoney(formatMoney(totals.totalDiff))}
          </dd>
        </div>
      </dl>
    </div>
  );
}
