/**
 * The sales screen: the shift's sales at this till, newest first (screens/sales/SaleList.tsx), found by number or
 * by scanning the code on the receipt — the QR of the order's id or the Code 128 of its number, typed by a
 * keyboard-wedge scanner into the search box or anywhere on the screen (sales/use-scanner.ts) — and one sale's
 * detail with its refund or void (sales/SaleDetail.tsx). Everything reads and writes the terminal's own store, so
 * it works offline; a refund made offline belongs to the shift it was made in. Decisions: docs/selling/refunds.md.
 */
import { useMemo, useState } from 'react';
import { errorLines } from '../bridge.js';
import { ErrorLines } from '../components/ErrorLines.js';
import { useFormat } from '../lib/use-format.js';
import { useLoad } from '../lib/use-load.js';
import { useBridge, useT, useTerminal } from '../state/context.js';
import { SaleDetail } from './sales/SaleDetail.js';
import { SaleList } from './sales/SaleList.js';
import { filterByNumber, findByCode, loadSales } from './sales/sales-data.js';
import { useScanner } from './sales/use-scanner.js';

export function Sales() {
  const t = useT();
  const f = useFormat();
  const bridge = useBridge();
  const employeeWorkplace = useTerminal((state) => state.employee?.workplace_id ?? null);
  const version = useTerminal((state) => state.dataVersion);
  const loaded = useLoad(() => loadSales(bridge, employeeWorkplace), [employeeWorkplace, version]);
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);
  const shown = useMemo(() => filterByNumber(loaded.data?.shown ?? [], search), [loaded.data, search]);

  const open = (code: string) => {
    const sale = findByCode(loaded.data?.all ?? [], code);
    setNotFound(sale || code.trim() === '' ? null : code.trim());
    if (sale) {
      setSelectedId(sale.id);
      setSearch('');
    }
  };
  useScanner(open);

  const shift = loaded.data?.shift ?? null;
  return (
    <section className="screen two-pane sales-screen" data-testid="sales-screen">
      <div className="pane list-pane">
        <h1>{t('sales.title')}</h1>
        {loaded.data && (
          <p className={shift ? 'muted' : 'notice'} data-testid="sales-shift">
            {shift ? t('sales.shift', { name: shift.name, time: f.dateTime(shift.openedAt) }) : t('sales.noShift')}
          </p>
        )}
        {loaded.error !== undefined && <ErrorLines lines={errorLines(loaded.error)} />}
        {notFound && <ErrorLines lines={[t('sales.notFound', { code: notFound })]} />}
        {loaded.loading && !loaded.data && <p className="muted">{t('common.loading')}</p>}
        <SaleList
          sales={shown}
          refunded={loaded.data?.refunded ?? new Map()}
          selectedId={selectedId}
          search={search}
          onSearch={setSearch}
          onCode={open}
          onSelect={(id) => {
            setNotFound(null);
            setSelectedId(id);
          }}
        />
      </div>
      <div className="pane detail-pane">
        {selectedId ? (
          <SaleDetail
            key={selectedId}
            saleId={selectedId}
            shift={shift}
            workplaceId={loaded.data?.workplaceId ?? employeeWorkplace}
            onChanged={loaded.reload}
            onBack={() => {
              setSelectedId(null);
              document.querySelector<HTMLInputElement>('[data-testid="sales-search"]')?.focus();
            }}
          />
        ) : (
          <p className="muted">{t('sales.selectSale')}</p>
        )}
      </div>
    </section>
  );
}
