/**
 * Stock per warehouse: every stock row of the chosen warehouse in a virtualised list (100,000 rows scroll
 * smoothly), search by name or barcode, and adjusting a quantity — recorded by the core as an adjustment (new −
 * what was seen), shown here as before → after. Negative stock is highlighted, as is zero.
 */
import { useDeferredValue, useEffect, useMemo, useState, type FormEvent } from 'react';
import { formatQuantity, QUANTITY } from '../../shared/decimal.js';
import { errorLines, type Bridge } from '../bridge.js';
import { ErrorLines } from '../components/ErrorLines.js';
import { VirtualList } from '../components/VirtualList.js';
import { searchKey, showMoney, showQuantity, unitsOrUndefined } from '../lib/format.js';
import { useLoad } from '../lib/use-load.js';
import { useBridge, useT, useTerminal } from '../state/context.js';

interface Warehouse {
  readonly id: string;
  readonly name: string;
}
interface StockRow {
  readonly id: string;
  readonly itemId: string;
  readonly warehouseId: string;
  readonly stock_quantity: string;
  readonly price: string;
}
interface Item {
  readonly id: string;
  readonly name: string;
  readonly shtrix?: string | null;
}

export interface StockLine {
  readonly id: string;
  readonly warehouseId: string;
  readonly name: string;
  readonly barcode: string;
  readonly quantity: string;
  readonly price: string;
  readonly key: string;
}

/** Stock rows joined with their items' names and barcodes, sorted by name. */
export function stockLines(rows: readonly StockRow[], items: readonly Item[], unknownItem: string): StockLine[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return rows
    .map((row) => {
      const item = byId.get(row.itemId);
      const name = item?.name ?? unknownItem;
      const barcode = item?.shtrix ?? '';
      return {
        id: row.id,
        warehouseId: row.warehouseId,
        name,
        barcode,
        quantity: row.stock_quantity,
        price: row.price,
        key: `${searchKey(name)} ${searchKey(barcode)}`,
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Lines of one warehouse that match a search (name or barcode, case and separators ignored). */
export function filterLines(lines: readonly StockLine[], warehouseId: string | null, query: string): StockLine[] {
  const key = searchKey(query);
  return lines.filter(
    (line) => (warehouseId === null || line.warehouseId === warehouseId) && (key === '' || line.key.includes(key)),
  );
}

async function loadStock(bridge: Bridge, unknownItem: string) {
  const [warehouses, rows, items] = await Promise.all([
    bridge.run<Warehouse[]>('WarehouseController_findAll'),
    bridge.run<StockRow[]>('StockQuantityController_findAll'),
    bridge.run<Item[]>('ItemModifierController_findAllItems'),
  ]);
  return { warehouses, lines: stockLines(rows, items, unknownItem) };
}

function quantityClass(quantity: string): string {
  if (quantity.startsWith('-')) return 'amount negative';
  if (quantity === '0') return 'amount zero';
  return 'amount';
}

function Adjust({
  line,
  onDone,
  onCancel,
}: {
  readonly line: StockLine;
  readonly onDone: () => void;
  readonly onCancel: () => void;
}) {
  const t = useT();
  const bridge = useBridge();
  const [value, setValue] = useState(line.quantity);
  const [problem, setProblem] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const units = unitsOrUndefined(value, QUANTITY);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (units === undefined) return setProblem([t('stock.quantityInvalid')]);
    setBusy(true);
    setProblem([]);
    bridge
      .run('StockQuantityController_update', { params: { id: line.id }, body: { stock_quantity: formatQuantity(units) } })
      .then(onDone, (error: unknown) => setProblem(errorLines(error)))
      .finally(() => setBusy(false));
  };

  return (
    <form className="form adjust-form" onSubmit={submit} aria-label={t('stock.adjust')}>
      <h2>
        {t('stock.adjust')}: {line.name}
      </h2>
      <label>
        {t('stock.newQuantity')}
        <input
          name="quantity"
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </label>
      <div className="before-after" data-testid="before-after">
        {t('stock.beforeAfter', {
          before: showQuantity(line.quantity),
          after: units === undefined ? '?' : showQuantity(formatQuantity(units)),
        })}
      </div>
      <ErrorLines lines={problem} />
      <div className="buttons">
        <button type="submit" className="primary" disabled={busy}>
          {t('common.save')}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

const ROW_HEIGHT = 44;

export function Stock() {
  const t = useT();
  const bridge = useBridge();
  const version = useTerminal((state) => state.dataVersion);
  const loaded = useLoad(() => loadStock(bridge, t('stock.unknownItem')), [version]);
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [adjusting, setAdjusting] = useState<StockLine | null>(null);
  const [notice, setNotice] = useState('');
  const query = useDeferredValue(search);

  const warehouses = loaded.data?.warehouses ?? [];
  const current = warehouseId ?? warehouses[0]?.id ?? null;
  const visible = useMemo(() => filterLines(loaded.data?.lines ?? [], current, query), [loaded.data, current, query]);
  useEffect(() => setSelected(null), [current, query]);

  return (
    <section className="screen two-pane">
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
            onChange={(event) => setSearch(event.target.value)}
          />
          <span className="muted" data-testid="stock-count">
            {t('stock.rows', { count: visible.length })}
          </span>
        </div>
        {loaded.error !== undefined && <ErrorLines lines={errorLines(loaded.error)} />}
        {loaded.loading && !loaded.data && <p className="muted">{t('common.loading')}</p>}
        <div className="vheader">
          <span>{t('stock.item')}</span>
          <span>{t('stock.barcode')}</span>
          <span className="amount">{t('stock.quantity')}</span>
          <span className="amount">{t('stock.price')}</span>
        </div>
        <VirtualList
          label={t('stock.title')}
          count={visible.length}
          rowHeight={ROW_HEIGHT}
          selected={selected}
          onSelect={setSelected}
          onActivate={(index) => setAdjusting(visible[index] ?? null)}
          renderRow={(index) => {
            const line = visible[index]!;
            return (
              <>
                <span className="cell-name">{line.name}</span>
                <span className="muted">{line.barcode}</span>
                <span className={quantityClass(line.quantity)}>{showQuantity(line.quantity)}</span>
                <span className="amount">{showMoney(line.price)}</span>
              </>
            );
          }}
        />
      </div>
      <div className="pane detail-pane narrow">
        {notice && (
          <div className="success" role="status">
            {notice}
          </div>
        )}
        {adjusting ? (
          <Adjust
            key={adjusting.id}
            line={adjusting}
            onCancel={() => setAdjusting(null)}
            onDone={() => {
              setAdjusting(null);
              setNotice(t('stock.adjusted'));
              loaded.reload();
            }}
          />
        ) : selected !== null && visible[selected] ? (
          <button type="button" className="primary" onClick={() => setAdjusting(visible[selected] ?? null)}>
            {t('stock.adjust')}
          </button>
        ) : (
          <p className="muted">{t('stock.selectRow')}</p>
        )}
      </div>
    </section>
  );
}
