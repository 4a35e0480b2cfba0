/**
 * The left pane of the sales screen: the shift's sales newest first, each with its number, time, total and state,
 * filtered by the number typed in the search box. Enter in the box opens the sale whose receipt code (scanned or
 * typed) matches exactly; ↓ moves into the list (the same keys as every list of the terminal).
 */
import type { KeyboardEvent } from 'react';
import { KeyHints } from '../../components/KeyHints.js';
import type { MessageKey } from '../../i18n/index.js';
import { useSearchListKeys } from '../../lib/search-list-keys.js';
import { useFormat } from '../../lib/use-format.js';
import { useT } from '../../state/context.js';
import { saleStatus } from './refund-plan.js';
import type { SaleHeader } from './sales-data.js';

export interface SaleListProps {
  readonly sales: readonly SaleHeader[];
  readonly refunded: ReadonlyMap<string, boolean>;
  readonly selectedId: string | null;
  readonly search: string;
  readonly onSearch: (text: string) => void;
  /** Enter in the search box: the typed or scanned code. */
  readonly onCode: (code: string) => void;
  readonly onSelect: (id: string) => void;
}

export function SaleList({ sales, refunded, selectedId, search, onSearch, onCode, onSelect }: SaleListProps) {
  const t = useT();
  const f = useFormat();
  const keys = useSearchListKeys();
  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onCode(search);
      return;
    }
    keys.onSearchKeyDown(event);
  };
  return (
    <>
      <input
        type="search"
        className="search"
        placeholder={t('sales.searchPlaceholder')}
        aria-label={t('common.search')}
        value={search}
        autoFocus
        ref={keys.searchRef}
        onKeyDown={onSearchKeyDown}
        onChange={(event) => onSearch(event.target.value)}
        data-testid="sales-search"
      />
      <KeyHints action={t('sales.openAction')} extra={t('sales.keysList')} />
      <p className="muted">{t('sales.count', { count: sales.length })}</p>
      <ul
        className="client-list"
        data-testid="sales-list"
        ref={(element) => {
          keys.listRef.current = element;
        }}
        onKeyDownCapture={keys.onListKeyDown}
      >
        {sales.map((sale) => {
          const status = saleStatus(sale, refunded.get(sale.id));
          return (
            <li key={sale.id}>
              <button
                type="button"
                className={sale.id === selectedId ? 'client-row sale-row active' : 'client-row sale-row'}
                onClick={() => onSelect(sale.id)}
                data-testid="sale-row"
              >
                <span className="client-name">{sale.order_id}</span>
                <span className="muted">{f.time(sale.dt_created).replace(/:\d\d$/, '')}</span>
                <span className={`sale-status status-${status}`}>{t(`sales.status.${status}` as MessageKey)}</span>
                <span className="amount">{f.money(sale.total_sum)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
