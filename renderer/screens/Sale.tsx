/**
 * The sales screen, the cashier's first screen after PIN login (issue 16): the cart on the left, items on the right
 * (tiles by group, or search results while a name is typed). The scan field keeps the focus: a keyboard-wedge
 * scanner types the code and Enter, which resolves it (./sale/scan.ts) into a line or a notice that says why
 * nothing was added; a scan while the focus is elsewhere is caught too (receipts/use-scanner.ts). Enter on the
 * empty field, or F12, pays: the cart becomes a SaleDraft and <PaymentPanel> takes over until the sale is paid
 * (the cart clears and the scan field has the focus at once) or the cashier goes back. F9 opens the selected line
 * (quantity by keypad, note, item discount, its modifiers, remove), F10 the order's discount, F11 the client, Alt+H
 * held orders. An item with modifier groups goes through the modifier picker (./sale/ModifierPicker.tsx) first;
 * scans arriving meanwhile queue behind it.
 * A sale needs an open shift (renderer/shift/open-shift.ts); without one the screen says so and offers the Shift
 * screen. Everything runs on the till's own store, so it all works offline.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { formatMoney, MONEY, unitsOf } from '../../shared/decimal.js';
import { uuidv7 } from '../../shared/ids.js';
import { errorLines } from '../bridge.js';
import { ErrorLines } from '../components/ErrorLines.js';
import { useUnsavedWork } from '../lib/unsaved-work.js';
import { useLoad } from '../lib/use-load.js';
import { useBridge, useT, useTerminal } from '../state/context.js';
import { PaymentPanel } from './payment/PaymentPanel.js';
import { loadOpenShift } from '../shift/open-shift.js';
import { LastSale, type PaidSale } from './sale/LastSale.js';
import { useScanner } from './receipts/use-scanner.js';
import { CartLines, CartTotals } from './sale/CartLines.js';
import { cartReducer, EMPTY_CART, type CartAction } from './sale/cart.js';
import { buildSaleDraft, cartMoney } from './sale/cart-order.js';
import { searchSaleItems, type SaleItem } from './sale/catalogue.js';
import { ClientPanel } from './sale/ClientPanel.js';
import { DiscountPicker, describeDiscount } from './sale/DiscountPicker.js';
import { holdOrder, resumeHeld } from './sale/held.js';
import { ModifierPicker } from './sale/ModifierPicker.js';
import type { CartModifier } from './sale/modifiers.js';
import { HeldPanel } from './sale/HeldPanel.js';
import { ItemTiles } from './sale/ItemTiles.js';
import { LinePanel } from './sale/LinePanel.js';
import { loadSaleData } from './sale/load.js';
import type { SaleDraft } from './sale/sale-draft.js';
import { scanToAction } from './sale/scan.js';
import { SearchResults } from './sale/SearchResults.js';
import './sale/sale.css';

type Panel = 'none' | 'line' | 'discount' | 'client' | 'held';

/** An item waiting for its modifiers, with the quantity it was scanned or tapped with. */
interface Picking {
  readonly item: SaleItem;
  readonly quantity: string;
  readonly fromLabel: boolean;
  /** Changing this cart line's modifiers (F9 → Change modifiers), starting from them. */
  readonly line?: { readonly key: string; readonly modifiers: readonly CartModifier[] };
}

export interface SaleProps {
  /** Opens the Shift screen (offered when no shift is open). */
  readonly onOpenShift?: () => void;
}

export function Sale({ onOpenShift }: SaleProps) {
  const t = useT();
  const bridge = useBridge();
  const employee = useTerminal((state) => state.employee);
  const version = useTerminal((state) => state.dataVersion);
  const workplaceId = employee?.workplace_id ?? '';
  // The catalogue (100,000 items) is re-read only when it moved (state/catalogue-changes.ts), never after a sale;
  // the open shift, which any write or sync may open or close, is read on its own and cheaply.
  const catalogueVersion = useTerminal((state) => state.catalogueVersion);
  const loaded = useLoad(() => loadSaleData(bridge, workplaceId), [catalogueVersion, workplaceId]);
  const openShift = useLoad(() => loadOpenShift(bridge, workplaceId), [version, workplaceId]);
  const data = useMemo(
    () => (loaded.data && openShift.data !== undefined ? { ...loaded.data, shift: openShift.data } : loaded.data),
    [loaded.data, openShift.data],
  );
  const [cart, dispatch] = useReducer(cartReducer, EMPTY_CART);
  const [text, setText] = useState('');
  const [panel, setPanel] = useState<Panel>('none');
  const [paying, setPaying] = useState<SaleDraft | null>(null);
  /** The sale just completed: its change and its printing, shown until the next one completes. */
  const [lastSale, setLastSale] = useState<PaidSale | null>(null);
  const [resultIndex, setResultIndex] = useState<number | null>(null);
  const [problem, setProblem] = useState<string[]>([]);
  /** Items waiting for the modifier picker, first shown (a scan during the picker queues, never drops). */
  const [picking, setPicking] = useState<readonly Picking[]>([]);
  const guid = useRef(uuidv7());
  const scanField = useRef<HTMLInputElement>(null);
  useUnsavedWork(cart.lines.length > 0);

  const money = useMemo(() => cartMoney(cart, data?.taxes ?? new Map(), data?.discounts ?? new Map()), [cart, data]);
  const query = text.trim();
  const results = useMemo(() => (data && query !== '' && !/^\d+$/.test(query) ? searchSaleItems(data.catalogue, query) : []), [data, query]);
  const selectedLine = cart.lines.find((line) => line.key === cart.selectedKey) ?? null;
  const focusScan = useCallback(() => scanField.current?.focus(), []);

  /** An added item with modifier groups goes to the picker first; anything else straight to the cart. */
  const addOrPick = useCallback(
    (action: CartAction) => {
      if (action.type === 'add' && action.modifiers === undefined && data?.modifierMenus.has(action.item.id)) {
        const waiting: Picking = { item: action.item, quantity: action.quantity, fromLabel: action.fromLabel ?? false };
        setPicking((queue) => [...queue, waiting]);
      } else dispatch(action);
    },
    [data],
  );

  const addItem = useCallback((item: SaleItem) => {
    addOrPick({ type: 'add', item, quantity: '1' });
    setText('');
    setResultIndex(null);
    focusScan();
  }, [focusScan, addOrPick]);

  // Scans that arrive while the catalogue is still loading wait for it: a scan is never dropped.
  const waiting = useRef<string[]>([]);
  const scan = useCallback(
    async (raw: string) => {
      if (!data) {
        waiting.current.push(raw);
        return;
      }
      const action = await scanToAction(raw, data.catalogue, data.settings);
      if (action) addOrPick(action);
    },
    [data, addOrPick],
  );
  useEffect(() => {
    if (!data?.shift || waiting.current.length === 0) return;
    const queued = waiting.current.splice(0);
    void (async () => {
      for (const raw of queued) await scan(raw);
    })();
  }, [data, scan]);

  const pay = useCallback(() => {
    if (!data?.shift) return;
    if (cart.lines.length === 0) {
      dispatch({ type: 'notice', notice: { tone: 'error', message: 'sale.nothingToPay' } });
      return;
    }
    setPanel('none');
    setPaying(buildSaleDraft(cart, money, { guid: guid.current, pointId: data.pointId, workplaceId: data.workplaceId, employeeId: employee?.id ?? null }));
  }, [cart, money, data, employee]);

  const onEnter = () => {
    if (query === '') return pay();
    if (resultIndex !== null && results[resultIndex]) return addItem(results[resultIndex]);
    setText('');
    // A name typed and Enter pressed: the first match, unless the text is an item's barcode (Code 128 has letters).
    if (results[0] && !data?.catalogue.byBarcode.has(query)) return addItem(results[0]);
    void scan(text);
  };

  useScanner((code, origin) => {
    if (origin) origin.element.value = origin.value;
    // No shift or payment under way: a scan must not change a cart nobody sees (while loading, it waits).
    if (paying || (data && !data.shift)) return;
    void scan(code);
  });

  useEffect(() => {
    if (!paying && panel === 'none' && picking.length === 0) focusScan();
  }, [paying, panel, picking.length, focusScan]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // The modifier picker takes its own keys (↑ ↓ Space + − Enter Esc) and nothing else opens over it.
      if (paying || picking.length > 0) return;
      const open = (next: Panel) => {
        event.preventDefault();
        setPanel((current) => (current === next ? 'none' : next));
      };
      if (event.key === 'F12') {
        event.preventDefault();
        pay();
      } else if (event.key === 'F9' && selectedLine) open('line');
      else if (event.key === 'F10') open('discount');
      else if (event.key === 'F11') open('client');
      else if (event.altKey && event.key.toLowerCase() === 'h') open('held');
      else if (event.key === 'Escape' && panel !== 'none') {
        setPanel('none');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [paying, pay, selectedLine, panel, picking.length]);

  const nextSale = useCallback((_orderId?: string, paid?: PaidSale) => {
    setLastSale(paid ?? null);
    dispatch({ type: 'clear' });
    guid.current = uuidv7();
    setPaying(null);
    setPanel('none');
    setText('');
    // At once, not after a render: the next scan may already be on its way.
    focusScan();
  }, [focusScan]);

  if (loaded.error !== undefined && !data) return <section className="screen"><ErrorLines lines={errorLines(loaded.error)} /></section>;
  if (!data) return <section className="screen"><p className="muted">{t('sale.loading')}</p></section>;
  if (!data.shift) {
    return (
      <section className="screen sale-no-shift" data-testid="sale-no-shift">
        <h1>{t('sale.title')}</h1>
        <p className="notice-box">{t('sale.noShift')}</p>
        {onOpenShift && (
          <button type="button" className="primary" autoFocus onClick={onOpenShift}>
            {t('sale.openShift')}
          </button>
        )}
      </section>
    );
  }
  if (paying) {
    return (
      <section className="screen sale-paying">
        <PaymentPanel draft={paying} onPaid={nextSale} onBack={() => setPaying(null)} />
      </section>
    );
  }

  const shift = data.shift;
  const baseOfItem = (itemId: string) => money.items.filter((item) => item.item_id === itemId).map((item) => item.subtotal);
  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onEnter();
    } else if (event.key === 'Escape') {
      setText('');
      setResultIndex(null);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (results.length > 0) setResultIndex((index) => Math.min(results.length - 1, Math.max(0, (index ?? -1) + step)));
      else if (cart.lines.length > 0) {
        const at = cart.lines.findIndex((line) => line.key === cart.selectedKey);
        const next = cart.lines[Math.min(cart.lines.length - 1, Math.max(0, (at < 0 ? cart.lines.length : at) + step))];
        if (next) dispatch({ type: 'select', key: next.key });
      }
    } else if (event.key === 'Delete' && text === '' && selectedLine) {
      event.preventDefault();
      dispatch({ type: 'remove', key: selectedLine.key });
    }
  };

  return (
    <section className="screen sale-screen" data-testid="sale-screen">
      <div className="pane sale-cart">
        <div className="sale-head">
          <h1>{t('sale.title')}</h1>
          <span className="muted" data-testid="sale-shift">
            {t('sale.shift', { name: shift.name })}
          </span>
          <button type="button" className="chip" aria-keyshortcuts="F11" onClick={() => setPanel('client')} data-testid="sale-client">
            {cart.client ? cart.client.name : t('sale.client.none')}
          </button>
          {cart.orderName && <span className="chip">{cart.orderName}</span>}
        </div>
        <input
          ref={scanField}
          data-scan-box
          className="scan-field"
          autoFocus
          autoComplete="off"
          placeholder={t('sale.scanPlaceholder')}
          aria-label={t('sale.scanLabel')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setResultIndex(null);
          }}
          onKeyDown={onKeyDown}
        />
        <p className="key-hints muted" data-testid="key-hints">
          {t('sale.keys')}
        </p>
        {cart.notice && (
          <p role={cart.notice.tone === 'error' ? 'alert' : 'status'} className={cart.notice.tone === 'error' ? 'error sale-notice' : 'success sale-notice'} data-testid="sale-notice">
            {t(cart.notice.message, cart.notice.values)}
          </p>
        )}
        <LastSale sale={lastSale} />
        {data.settingsProblems.length > 0 && <ErrorLines lines={data.settingsProblems} />}
        <ErrorLines lines={problem} />
        <CartLines
          state={cart}
          money={money}
          discounts={data.discounts}
          onSelect={(key) => dispatch({ type: 'select', key })}
          onOpen={(key) => {
            dispatch({ type: 'select', key });
            setPanel('line');
          }}
        />
        {cart.orderDiscount && (
          <p className="muted">
            {t('sale.discount')}: {describeDiscount(cart.orderDiscount)}
          </p>
        )}
        <div className="sale-actions">
          <button type="button" aria-keyshortcuts="F9" disabled={!selectedLine} onClick={() => setPanel('line')}>
            <kbd className="nav-key">F9</kbd>
            {t('sale.line.quantity')}
          </button>
          <button type="button" aria-keyshortcuts="F10" onClick={() => setPanel('discount')}>
            <kbd className="nav-key">F10</kbd>
            {t('sale.discount')}
          </button>
          <button type="button" aria-keyshortcuts="Alt+H" onClick={() => setPanel('held')}>
            <kbd className="nav-key">Alt+H</kbd>
            {t('sale.held')}
          </button>
        </div>
        <CartTotals money={money} lineCount={cart.lines.length} onPay={pay} disabled={cart.lines.length === 0} />
      </div>
      <div className="pane sale-items">
        {picking[0] && (
          <ModifierPicker
            key={`${picking.length}:${picking[0].item.id}`}
            item={picking[0].item}
            quantity={picking[0].quantity}
            menu={data.modifierMenus.get(picking[0].item.id) ?? []}
            waiting={picking.length - 1}
            {...(picking[0].line ? { initial: picking[0].line.modifiers } : {})}
            onConfirm={(modifiers) => {
              const { item, quantity, fromLabel, line } = picking[0]!;
              if (line) dispatch({ type: 'setModifiers', key: line.key, modifiers });
              else dispatch({ type: 'add', item, quantity, fromLabel, modifiers });
              setPicking((queue) => queue.slice(1));
            }}
            onCancel={() => setPicking((queue) => queue.slice(1))}
          />
        )}
        {!picking[0] && panel === 'line' && selectedLine && (
          <LinePanel
            key={selectedLine.key}
            line={selectedLine}
            itemBase={sumMoney(baseOfItem(selectedLine.item.id))}
            discount={cart.itemDiscounts[selectedLine.item.id] ?? null}
            discounts={[...data.discounts.values()]}
            limit={data.discountLimit}
            dispatch={dispatch}
            onClose={() => setPanel('none')}
            {...(selectedLine.modifiers && data.modifierMenus.has(selectedLine.item.id)
              ? {
                  onModifiers: () => {
                    const { item, quantity, fromLabel, key, modifiers } = selectedLine;
                    setPanel('none');
                    setPicking((queue) => [{ item, quantity, fromLabel, line: { key, modifiers: modifiers ?? [] } }, ...queue]);
                  },
                }
              : {})}
          />
        )}
        {!picking[0] && panel === 'discount' && (
          <section className="sale-panel" role="dialog" aria-label={t('sale.discount.title')} data-testid="discount-panel">
            <header className="panel-header">
              <h2>{t('sale.discount.title')}</h2>
              <button type="button" onClick={() => setPanel('none')}>
                {t('sale.line.close')}
              </button>
            </header>
            <DiscountPicker
              label={t('sale.discount.title')}
              base={money.totals.subtotal}
              discounts={[...data.discounts.values()]}
              limit={data.discountLimit}
              current={cart.orderDiscount}
              onChoose={(discount) => {
                dispatch({ type: 'setOrderDiscount', discount });
                setPanel('none');
              }}
            />
          </section>
        )}
        {!picking[0] && panel === 'client' && <ClientPanel current={cart.client} onChoose={(client) => dispatch({ type: 'setClient', client })} onClose={() => setPanel('none')} />}
        {!picking[0] && panel === 'held' && (
          <HeldPanel
            workplaceId={data.workplaceId}
            cartEmpty={cart.lines.length === 0}
            orderName={cart.orderName}
            onHold={async (name) => {
              const named = cartReducer(cart, { type: 'setOrderName', name });
              const draft = buildSaleDraft(named, money, { guid: guid.current, pointId: data.pointId, workplaceId: data.workplaceId, employeeId: employee?.id ?? null });
              await holdOrder(bridge, draft, shift.id);
              nextSale();
              dispatch({ type: 'notice', notice: { tone: 'info', message: 'sale.hold.done', values: { name: named.orderName || '—' } } });
            }}
            onResume={async (order) => {
              setProblem([]);
              const resumed = await resumeHeld(bridge, order.id, data.catalogue, data.modifierMenus);
              dispatch({ type: 'load', state: resumed.cart });
              if (resumed.missing > 0) setProblem([t('sale.held.missingItems', { count: resumed.missing })]);
              setPanel('none');
            }}
            onClose={() => setPanel('none')}
          />
        )}
        {!picking[0] && panel === 'none' && query !== '' && !/^\d+$/.test(query) && (
          <SearchResults query={query} results={results} selected={resultIndex} onSelect={setResultIndex} onPick={addItem} />
        )}
        {!picking[0] && panel === 'none' && (query === '' || /^\d+$/.test(query)) && <ItemTiles catalogue={data.catalogue} groups={data.groups} onPick={addItem} />}
      </div>
    </section>
  );
}

/** The sum of money texts, exactly (bigint units). */
function sumMoney(texts: readonly string[]): string {
  return formatMoney(texts.reduce((total, text) => total + unitsOf(text, MONEY), 0n));
}
