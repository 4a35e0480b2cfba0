/**
 * Search results as the cashier types in the scan field: a virtual list (components/VirtualList.tsx), so even a
 * broad query over 100,000 items draws only the rows in view. Enter or a double click adds the item.
 */
import { VirtualList } from '../../components/VirtualList.js';
import { showMoney } from '../../lib/format.js';
import { useT } from '../../state/context.js';
import type { SaleItem } from './catalogue.js';

export interface SearchResultsProps {
  readonly query: string;
  readonly results: readonly SaleItem[];
  readonly selected: number | null;
  readonly onSelect: (index: number) => void;
  readonly onPick: (item: SaleItem) => void;
}

export function SearchResults({ query, results, selected, onSelect, onPick }: SearchResultsProps) {
  const t = useT();
  if (results.length === 0) return <p className="muted">{t('sale.noResults', { query })}</p>;
  return (
    <VirtualList
      count={results.length}
      rowHeight={48}
      label={t('sale.searchResults')}
      selected={selected}
      onSelect={onSelect}
      onActivate={(index) => onPick(results[index]!)}
      renderRow={(index) => {
        const item = results[index]!;
        return (
          <span className="result-row">
            <span className="result-name">{item.name}</span>
            <span className="muted">{item.barcode}</span>
            <span className="amount">{showMoney(item.price)}</span>
          </span>
        );
      }}
    />
  );
}
