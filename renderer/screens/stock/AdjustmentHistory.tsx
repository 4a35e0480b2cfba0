/**
 * A stock row's adjustments, newest first (StockQuantityController_history): when, the change, and the reason the
 * cashier gave. At a till the list holds the adjustments this till's ledger knows (its own, synced or not).
 */
import type { MessageKey } from '../../i18n/index.js';
import { useFormat } from '../../lib/use-format.js';
import { useLoad } from '../../lib/use-load.js';
import { useBridge, useT } from '../../state/context.js';

const SHOWN = 5;

export function AdjustmentHistory({ rowId, version }: { readonly rowId: string; readonly version: number }) {
  const t = useT();
  const f = useFormat();
  const bridge = useBridge();
  const loaded = useLoad(
    () => bridge.run('StockQuantityController_history', { params: { id: rowId } }),
    [rowId, version],
  );
  const entries = (loaded.data ?? []).slice(0, SHOWN);
  return (
    <section className="stock-history-section" aria-label={t('stock.history')}>
      <h3>{t('stock.history')}</h3>
      {loaded.data && entries.length === 0 && <p className="muted">{t('stock.noHistory')}</p>}
      <ul className="stock-history" data-testid="stock-history">
        {entries.map((entry) => (
          <li key={entry.id}>
            <span className="muted">{f.dateTime(entry.dt_created)}</span>
            <span>
              {entry.adjustment_reason
                ? t(`stock.reason.${entry.adjustment_reason}` as MessageKey)
                : t('stock.reason.none')}
            </span>
            <span className="amount">{(entry.change.startsWith('-') ? '' : '+') + f.quantity(entry.change)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
