/**
 * The receipts list: newest first, filtered by a day or a range of days, warehouse, supplier and state, searched by
 * name, note or number, in a virtualised list (arrows, Enter or a double tap opens a receipt).
 */
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { KeyHints } from '../../components/KeyHints.js';
import { useSearchListKeys } from '../../lib/search-list-keys.js';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { VirtualList } from '../../components/VirtualList.js';
import { showDateTime, showMoney } from '../../lib/format.js';
import type { Loaded } from '../../lib/use-load.js';
import { useSaneClock } from '../../lib/sane-clock.js';
import { useT, useTerminal } from '../../state/context.js';
import { filterReceipts, localDay, NO_FILTER, receiptRows, type ListFilter, type StateFilter } from './list.js';
import type { References } from './references.js';
import type { ReceiptHeader } from './types.js';

const ROW_HEIGHT = 48;
const NONE: readonly never[] = [];
const STATES: readonly StateFilter[] = ['all', 'conducted', 'drafts'];

export function ReceiptList({
  headers,
  refs,
  filter,
  onFilter,
  onOpen,
  onNew,
  notice,
}: {
  readonly headers: Loaded<ReceiptHeader[]>;
  readonly refs: References | undefined;
  readonly filter: ListFilter;
  readonly onFilter: (filter: ListFilter) => void;
  readonly onOpen: (id: string) => void;
  readonly onNew: () => void;
  readonly notice: string;
}) {
  const t = useT();
  const now = useSaneClock();
  const language = useTerminal((state) => state.language);
  const [selected, setSelected] = useState<number | null>(null);
  const suppliers = refs?.suppliers ?? NONE;
  const warehouses = refs?.warehouses ?? NONE;
  const rows = useMemo(() => receiptRows(headers.data ?? [], suppliers, warehouses), [headers.data, suppliers, warehouses]);
  const deferred = useDeferredValue(filter);
  const visible = useMemo(() => filterReceipts(rows, deferred), [rows, deferred]);
  useEffect(() => setSelected(null), [deferred]);
  const set = (change: Partial<ListFilter>) => onFilter({ ...filter, ...change });
  const chosen = selected === null ? undefined : visible[selected];
  const keys = useSearchListKeys({ selected, select: setSelected, count: visible.length });

  return (
    <section className="screen receipts-list-screen">
      <div
        className="pane"
        ref={(element) => {
          keys.listRef.current = element;
        }}
        onKeyDownCapture={keys.onListKeyDown}
      >
        <div className="editor-top">
          <h1>{t('receipts.title')}</h1>
          <span className="spacer" />
          <button type="button" className="secondary" disabled={!chosen} onClick={() => chosen && onOpen(chosen.id)}>
            {t('receipts.open')}
          </button>
          <button type="button" className="primary" onClick={onNew}>
            {t('receipts.new')}
          </button>
        </div>
        {notice && (
          <div className="success" role="status">
            {notice}
          </div>
        )}
        <div className="toolbar receipts-filters">
          <label>
            {t('receipts.from')}
            <input type="date" value={filter.from} onChange={(event) => set({ from: event.target.value })} />
          </label>
          <label>
            {t('receipts.to')}
            <input type="date" value={filter.to} onChange={(event) => set({ to: event.target.value })} />
          </label>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              const today = localDay(now());
              set({ from: today, to: today });
            }}
          >
            {t('receipts.today')}
          </button>
          <label>
            {t('receipts.warehouse')}
            <select value={filter.warehouseId} onChange={(event) => set({ warehouseId: event.target.value })}>
              <option value="">{t('receipts.allWarehouses')}</option>
              {warehouses.map((warehouse) => (
                <option key={warehouse.id} value={warehouse.id}>
                  {warehouse.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('receipts.supplier')}
            <select value={filter.supplierId} onChange={(event) => set({ supplierId: event.target.value })}>
              <option value="">{t('receipts.allSuppliers')}</option>
              {suppliers.map((supplier) => (
                <option key={supplier.id} value={supplier.id}>
                  {supplier.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="toolbar receipts-filters">
          <div className="segmented" role="radiogroup" aria-label={t('receipts.state')}>
            {STATES.map((state) => (
              <button
                key={state}
                type="button"
                role="radio"
                aria-checked={filter.state === state}
                className={filter.state === state ? 'segment active' : 'segment'}
                onClick={() => set({ state })}
              >
                {t(`receipts.state.${state}`)}
              </button>
            ))}
          </div>
          <input
            type="search"
            className="search"
            placeholder={t('receipts.searchPlaceholder')}
            aria-label={t('common.search')}
            value={filter.search}
            ref={keys.searchRef}
            onKeyDown={keys.onSearchKeyDown}
            onChange={(event) => set({ search: event.target.value })}
          />
          <button type="button" className="secondary" onClick={() => onFilter(NO_FILTER)}>
            {t('receipts.clearFilters')}
          </button>
          <span className="muted" data-testid="receipts-count">
            {t('receipts.count', { count: visible.length })}
          </span>
        </div>
        {headers.error !== undefined && <ErrorLines lines={errorLines(headers.error)} />}
        {headers.loading && !headers.data && <p className="muted">{t('common.loading')}</p>}
        <div className="vheader receipt-row">
          <span>{t('receipts.date')}</span>
          <span>{t('receipts.name')}</span>
          <span>{t('receipts.supplier')}</span>
          <span>{t('receipts.warehouse')}</span>
          <span className="amount">{t('receipts.total')}</span>
          <span>{t('receipts.state')}</span>
        </div>
        <VirtualList
          label={t('receipts.list')}
          count={visible.length}
          rowHeight={ROW_HEIGHT}
          selected={selected}
          onSelect={setSelected}
          onActivate={(index) => {
            const row = visible[index];
            if (row) onOpen(row.id);
          }}
          renderRow={(index) => {
            const row = visible[index]!;
            return (
              <span className="receipt-row">
                <span className="muted">{showDateTime(row.created, language)}</span>
                <span className="cell-name" title={row.note || row.name}>
                  {row.name}
                </span>
                <span className="cell-name">{row.supplier ?? t('receipts.unknownSupplier')}</span>
                <span className="cell-name">{row.warehouses}</span>
                <span className="amount">{showMoney(row.total)}</span>
                <span className={row.conducted ? 'state-badge conducted' : 'state-badge'}>
                  {t(row.conducted ? 'receipts.conducted' : 'receipts.draft')}
                </span>
              </span>
            );
          }}
        />
        {headers.data && visible.length === 0 && <p className="muted">{t('common.empty')}</p>}
        <KeyHints action={t('keys.action.openReceipt')} />
        <p className="muted hint">{t('receipts.selectHint')}</p>
      </div>
    </section>
  );
}
