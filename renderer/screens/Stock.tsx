/**
 * Stock per warehouse: every stock row of the chosen warehouse in a virtualised list (100,000 rows scroll
 * smoothly), search by name or barcode, the selected row's details (price, date from, today's par level), adjusting
 * a quantity — recorded by the core as an adjustment (new − what was seen), shown here as before → after — and
 * editing the row's price, date from and weekday par levels. Negative stock is red, zero amber, and low stock
 * (above zero but below today's par level) has its own style and the word "low". Each row shows its unit; a search
 * that matches nothing says so; an adjustment takes a reason, shown in the row's history.
 */
import { useDeferredValue, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { StatusMessage, useStatus } from '../lib/status.js';
import { errorLines, type Bridge } from '../bridge.js';
import { ErrorLines } from '../components/ErrorLines.js';
import { VirtualList } from '../components/VirtualList.js';
import { KeyHints } from '../components/KeyHints.js';
import { showMoney, showQuantity } from '../lib/format.js';
import { useLoad } from '../lib/use-load.js';
import { useSearchListKeys } from '../lib/search-list-keys.js';
import { useBridge, useT, useTerminal } from '../state/context.js';
import { AdjustForm } from './stock/AdjustForm.js';
import { DetailsForm } from './stock/DetailsForm.js';
import { levelClass } from './stock/level.js';
import { narrowLines, stockLines, weekdayOf, type Filtered, type Item, type StockLine, type StockRow } from './stock/lines.js';
import { RowDetails } from './stock/RowDetails.js';
import { useSaneClock } from '../lib/sane-clock.js';
import './stock/stock.css';

export { filterLines, narrowLines, stockLines, type StockLine } from './stock/lines.js';

const NO_ROWS: readonly StockRow[] = [];
const NO_ITEMS: readonly Item[] = [];
const ROW_HEIGHT = 44;
/** How often the screen looks at the clock, so "low" follows the weekday past midnight without a reload. */
const DAY_CHECK_MS = 60_000;

async function loadStock(bridge: Bridge) {
  const [warehouses, rows, items, measurements] = await Promise.all([
    bridge.run('WarehouseController_findAll'),
    bridge.run('StockQuantityController_findAll'),
    bridge.run('ItemModifierController_findAllItems'),
    // Units only label the rows: without them the list still works, with an empty unit column.
    bridge.run('MeasurementController_findAllMeasurements').catch(() => []),
  ]);
  return { warehouses, rows, items, unitNames: new Map(measurements.map((measurement) => [measurement.id, measurement.name])) };
}

/** Today's weekday on the terminal's local calendar, following the clock across midnight. */
function useWeekday(clock: () => Date) {
  const [today, setToday] = useState(() => weekdayOf(clock()));
  useEffect(() => {
    setToday(weekdayOf(clock()));
    const timer = setInterval(() => setToday(weekdayOf(clock())), DAY_CHECK_MS);
    return () => clearInterval(timer);
  }, [clock]);
  return today;
}

type Open = { readonly kind: 'adjust' | 'details'; readonly line: StockLine } | null;

/** `clock`: the sane clock by default (../lib/sane-clock.ts), so "today" is not a wrong computer clock's weekday. */
export function Stock({ clock: given }: { readonly clock?: () => Date } = {}) {
  const saneClock = useSaneClock();
  const clock = given ?? saneClock;
  const t = useT();
  const bridge = useBridge();
  const version = useTerminal((state) => state.dataVersion);
  const language = useTerminal((state) => state.language);
  const loaded = useLoad(() => loadStock(bridge), [version]);
  const today = useWeekday(clock);
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [open, setOpen] = useState<Open>(null);
  // "Adjusted." answers one action: the next one (a row, a field, a button) clears it.
  const notice = useStatus();
  const query = useDeferredValue(search);
  const listArea = useRef<HTMLDivElement>(null);

  const warehouses = loaded.data?.warehouses ?? [];
  const current = warehouseId ?? warehouses[0]?.id ?? null;
  const unknownItem = t('stock.unknownItem');
  // Each line's level for today is worked out here, once per load (or new day), never per keypress.
  const lines = useMemo(
    () => stockLines(loaded.data?.rows ?? NO_ROWS, loaded.data?.items ?? NO_ITEMS, unknownItem, today, loaded.data?.unitNames),
    [loaded.data, unknownItem, today],
  );
  const filtered = useRef<Filtered | null>(null);
  const visible = useMemo(() => {
    filtered.current = narrowLines(filtered.current, lines, current, query);
    return filtered.current.result;
  }, [lines, current, query]);
  useEffect(() => setSelected(null), [current, query]);
  const selectedLine = selected === null ? undefined : visible[selected];
  const keys = useSearchListKeys({ selected, select: (index) => select(index), count: visible.length });

  const focusList = () => listArea.current?.querySelector<HTMLElement>('[role="grid"]')?.focus();
  const openForm = (kind: 'adjust' | 'details', line: StockLine | undefined) => {
    if (!line) return;
    notice.clear();
    setOpen({ kind, line });
  };
  const close = () => {
    setOpen(null);
    focusList();
  };
  const done = (message: string) => {
    close();
    notice.say(message);
    loaded.reload();
  };
  const select = (index: number) => {
    // A form belongs to the row it was opened on: choosing another row closes it.
    if (index !== selected) setOpen(null);
    setSelected(index);
  };
  // Enter adjusts (the list's own activation); Shift+Enter edits the details. Caught before the list sees Enter.
  const onListKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !event.shiftKey) return;
    event.preventDefault();
    event.stopPropagation();
    openForm('details', selectedLine);
  };

  return (
    <section className="screen two-pane stock-screen" {...notice.clearsOnNextAction}>
      <div className="pane list-pane wide">
        <h1>{t('stock.title')}</h1>
        <div className="toolbar">
          <label>
            {t('stock.warehouse')}
            <select value={current ?? ''} onChange={(event) => setWarehouseId(event.target.value)}>
              {warehouses.map((warehouse) => (
                <option key={warehouse.id} value={warehouse.id}>
                  {warehouse.name}
                </option>
              ))}
            </select>
          </label>
          <input
            type="search"
            className="search"
            placeholder={t('stock.searchPlaceholder')}
            aria-label={t('common.search')}
            value={search}
            ref={keys.searchRef}
            onKeyDown={keys.onSearchKeyDown}
            onChange={(event) => setSearch(event.target.value)}
          />
          <span className="muted" data-testid="stock-count">
            {t('stock.rows', { count: visible.length })}
          </span>
        </div>
        <KeyHints action={t('keys.action.adjust')} extra={t('stock.keysDetails')} />
        {loaded.error !== undefined && <ErrorLines lines={errorLines(loaded.error)} />}
        {loaded.loading && !loaded.data && <p className="muted">{t('common.loading')}</p>}
        <div className="vheader">
          <span>{t('stock.item')}</span>
          <span>{t('stock.barcode')}</span>
          <span className="amount">{t('stock.quantity')}</span>
          <span>{t('stock.unit')}</span>
          <span className="amount">{t('stock.price')}</span>
        </div>
        {loaded.data && visible.length === 0 && (
          <p className="muted stock-empty" role="status" data-testid="stock-empty">
            {query.trim() !== '' ? t('stock.noMatch', { query: query.trim() }) : t('stock.noRows')}
          </p>
        )}
        <div
          className="stock-list"
          ref={(element) => {
            listArea.current = element;
            keys.listRef.current = element;
          }}
          onKeyDownCapture={(event) => {
            keys.onListKeyDown(event);
            onListKeyDown(event);
          }}
        >
          <VirtualList
            label={t('stock.title')}
            count={visible.length}
            rowHeight={ROW_HEIGHT}
            selected={selected}
            onSelect={select}
            onActivate={(index) => openForm('adjust', visible[index])}
            renderRow={(index) => {
              const line = visible[index]!;
              return (
                <>
                  <span className="cell-name">{line.name}</span>
                  <span className="muted">{line.barcode}</span>
                  <span className={levelClass(line.level)}>
                    {line.level === 'low' && (
                      <>
                        <span className="stock-badge">{t('stock.lowBadge')}</span>{' '}
                      </>
                    )}
                    {showQuantity(line.quantity, language)}
                  </span>
                  <span className="muted cell-unit">{line.unit}</span>
                  <span className="amount">{showMoney(line.price, language)}</span>
                </>
              );
            }}
          />
        </div>
      </div>
      <div className="pane detail-pane narrow">
        <StatusMessage status={notice.status} />
        {open?.kind === 'adjust' ? (
          <AdjustForm key={open.line.id} line={open.line} onCancel={close} onDone={() => done(t('stock.adjusted'))} />
        ) : open?.kind === 'details' ? (
          <DetailsForm key={open.line.id} line={open.line} onCancel={close} onDone={() => done(t('stock.detailsSaved'))} />
        ) : selectedLine ? (
          <RowDetails
            version={version}
            line={selectedLine}
            today={today}
            onAdjust={() => openForm('adjust', selectedLine)}
            onEdit={() => openForm('details', selectedLine)}
          />
        ) : (
          <p className="muted">{t('stock.selectRow')}</p>
        )}
      </div>
    </section>
  );
}
