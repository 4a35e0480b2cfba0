/**
 * The selected row's details beside the list: quantity with its level in words (not colour only), price, date
 * from and today's par level, and the two actions — adjust the quantity (Enter in the list) and edit the row's
 * details (Shift+Enter in the list) — and the row's recent adjustments with their reasons.
 */
import { useId } from 'react';
import type { MessageKey } from '../../i18n/index.js';
import { showMoney, showQuantity } from '../../lib/format.js';
import { useT, useTerminal } from '../../state/context.js';
import { AdjustmentHistory } from './AdjustmentHistory.js';
import { showDay } from './dates.js';
import { levelClass } from './level.js';
import type { StockLine, Weekday } from './lines.js';

export function RowDetails({
  version = 0,
  line,
  today,
  onAdjust,
  onEdit,
}: {
  readonly version?: number;
  readonly line: StockLine;
  readonly today: Weekday;
  readonly onAdjust: () => void;
  readonly onEdit: () => void;
}) {
  const t = useT();
  const language = useTerminal((state) => state.language);
  const headingId = useId();
  const dateFrom = showDay(line.dateFrom, language);
  return (
    <section className="stock-details" aria-labelledby={headingId}>
      <h2 id={headingId}>{line.name}</h2>
      <dl className="stock-facts">
        <dt>{t('stock.barcode')}</dt>
        <dd>{line.barcode || '—'}</dd>
        <dt>{t('stock.quantity')}</dt>
        <dd className={levelClass(line.level)}>
          {showQuantity(line.quantity, language)}
          {line.unit && ` ${line.unit}`}
        </dd>
        <dt>{t('stock.status')}</dt>
        <dd data-testid="stock-status">{t(`stock.level.${line.level}` as MessageKey)}</dd>
        <dt>{t('stock.todayPar', { day: t(`stock.day.${today}` as MessageKey) })}</dt>
        <dd data-testid="today-par">{showQuantity(line.todayPar, language)}</dd>
        <dt>{t('stock.price')}</dt>
        <dd>{showMoney(line.price, language)}</dd>
        <dt>{t('stock.dateFrom')}</dt>
        <dd>{dateFrom || t('stock.noDate')}</dd>
      </dl>
      <div className="buttons">
        <button type="button" className="primary" onClick={onAdjust}>
          {t('stock.adjust')}
        </button>
        <button type="button" className="secondary" onClick={onEdit}>
          {t('stock.editDetails')}
        </button>
      </div>
      <p className="muted">{t('stock.keys')}</p>
      <AdjustmentHistory rowId={line.id} version={version} />
    </section>
  );
}
