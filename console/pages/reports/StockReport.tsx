/**
 * Low and negative stock by warehouse, through `POST /get` (stock-query.ts): the owner picks the quantity (and a
 * warehouse); rows below zero are marked. The threshold is typed the language's way ("2,5" in uz and ru).
 */
import { useState } from 'react';
import { useApi, useLanguage, useT } from '../../context.js';
import { FormErrors } from '../../components/form.js';
import { SortableTable, type Column } from '../../components/SortableTable.js';
import { readDecimal } from '../../lib/numbers.js';
import { decimalKey } from '../../components/SortableTable.js';
import { amountColumn, textColumn, useReport } from './kit.js';
import { lowStockQuery, STOCK_ROWS, stockThreshold } from './stock-query.js';

interface Row {
  readonly id: string;
  readonly warehouse_id: string;
  readonly warehouse: string;
  readonly item_id: string;
  readonly item: string;
  readonly barcode: string | null;
  readonly unit: string | null;
  readonly quantity: string | number;
}

export function StockReport() {
  const api = useApi();
  const t = useT();
  const { language } = useLanguage();
  const [typed, setTyped] = useState('5');
  const [warehouse, setWarehouse] = useState('');
  const [applied, setApplied] = useState({ threshold: '5', warehouse: '' });
  const [invalid, setInvalid] = useState(false);
  const warehouses = useReport(async () => (await api.call('WarehouseController_findAll')) as { id: string; name: string; is_deleted: boolean }[], [api]);
  const report = useReport(
    async () =>
      (await api.call('QueryController_execute', { body: { query: lowStockQuery(applied.threshold, applied.warehouse || null) } })) as Row[],
    [api, applied.threshold, applied.warehouse],
  );
  const show = () => {
    const threshold = stockThreshold(readDecimal(typed, language));
    setInvalid(threshold === null);
    if (threshold !== null) setApplied({ threshold, warehouse });
  };
  const quantity = (row: Row) => String(row.quantity);
  const columns: Column<Row>[] = [
    textColumn<Row>('warehouse', t('reports.col.warehouse'), (row) => row.warehouse),
    textColumn<Row>('item', t('reports.col.item'), (row) => row.item),
    { ...textColumn<Row>('barcode', t('reports.col.barcode'), (row) => row.barcode ?? ''), nowrap: true },
    amountColumn<Row>('quantity', t('reports.col.quantity'), quantity, language),
    {
      key: 'state',
      nowrap: true,
      label: t('reports.col.state'),
      sortKey: (row) => ((decimalKey(quantity(row)) ?? 0n) < 0n ? 0 : 1),
      render: (row) => ((decimalKey(quantity(row)) ?? 0n) < 0n ? <span className="badge danger">{t('reports.stock.negative')}</span> : t('reports.stock.low')),
      csv: (row) => ((decimalKey(quantity(row)) ?? 0n) < 0n ? t('reports.stock.negative') : t('reports.stock.low')),
    },
  ];
  const rows = report.data?.slice(0, STOCK_ROWS);
  return (
    <div className="report" data-testid="stock-report">
      <p className="muted">{t('reports.stock.intro')}</p>
      <form
        className="toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          show();
        }}
      >
        <label className="field">
          <span>{t('reports.stock.threshold')}</span>
          <input inputMode="decimal" value={typed} onChange={(event) => setTyped(event.target.value)} style={{ width: '7em' }} aria-invalid={invalid} />
        </label>
        <label className="field">
          <span>{t('reports.stock.warehouse')}</span>
          <select value={warehouse} onChange={(event) => setWarehouse(event.target.value)}>
            <option value="">{t('reports.stock.all')}</option>
            {(warehouses.data ?? [])
              .filter((w) => !w.is_deleted)
              .map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
          </select>
        </label>
        <button type="submit" className="primary">
          {t('reports.stock.show')}
        </button>
      </form>
      {invalid ? <p className="field-error">{t('reports.stock.badThreshold')}</p> : null}
      <FormErrors lines={report.errors} />
      {rows && rows.length === 0 ? <p className="empty">{t('reports.stock.none')}</p> : null}
      {report.data && report.data.length > STOCK_ROWS ? <p className="muted">{t('reports.capped', { count: STOCK_ROWS })}</p> : null}
      {rows && rows.length > 0 ? (
        <SortableTable
          fileName={`low-stock-${applied.threshold}`}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          rowClass={(row) => ((decimalKey(quantity(row)) ?? 0n) < 0n ? 'negative' : undefined)}
        />
      ) : null}
      {!report.data && report.loading ? <p className="muted">{t('common.loading')}</p> : null}
    </div>
  );
}
