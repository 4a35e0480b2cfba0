/**
 * The box that adds items to a receipt: type part of a name (results as you type, arrows and Enter, or a tap) or
 * scan a barcode (the scanner types the code and Enter: the item with that barcode is added at once). Its query
 * lives here, so a keystroke re-renders this box and its ≤ 50 results, never the lines or the rest of the editor.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { showMoney } from '../../lib/format.js';
import { useT } from '../../state/context.js';
import { searchItems, SHOWN_RESULTS, type IndexedItem, type ItemIndex } from './catalogue.js';
import { ScanBuffer } from './scan.js';

/** Text that can only be a barcode: digits, long enough that no cashier types it as a name. */
const BARCODE_ONLY = /^\d{6,}$/;

/** What the last pick did (or why nothing was added), shown under the box. */
export type PickerStatus = { readonly error: boolean; readonly text: string } | null;

export function ItemPicker({
  index,
  onPick,
  status,
  onStatus,
  inputRef,
}: {
  readonly index: ItemIndex;
  /** Adds the item (or one more of it); `scanned` says it came by barcode, so the focus stays in the box. */
  readonly onPick: (item: IndexedItem, scanned: boolean) => void;
  readonly status: PickerStatus;
  readonly onStatus: (status: PickerStatus) => void;
  readonly inputRef: RefObject<HTMLInputElement | null>;
}) {
  const t = useT();
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const scans = useRef(new ScanBuffer());
  const found = useMemo(() => searchItems(index, query), [index, query]);

  const pick = (item: IndexedItem, scanned: boolean) => {
    setQuery('');
    setActive(0);
    onPick(item, scanned);
  };

  const onEnter = (text: string, scanned: boolean) => {
    const code = text.trim();
    if (code === '') return;
    const byBarcode = index.byBarcode.get(code);
    if (byBarcode) return pick(byBarcode, true);
    // A scan names a barcode, never a name: an unknown one is said, not matched against names.
    if (scanned || (BARCODE_ONLY.test(code) && found.results.length === 0)) {
      setQuery('');
      return onStatus({ error: true, text: t('receipts.unknownBarcode', { code }) });
    }
    const chosen = found.results[active];
    if (chosen) return pick(chosen, false);
    onStatus({ error: true, text: t('receipts.nothingFound', { query: code }) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const burst = scans.current.feed(event.key, event.timeStamp);
    const last = found.results.length - 1;
    if (event.key === 'Enter') {
      event.preventDefault();
      onEnter(event.currentTarget.value, burst !== null);
    } else if (event.key === 'ArrowDown' && last >= 0) {
      event.preventDefault();
      setActive((current) => Math.min(last, current + 1));
    } else if (event.key === 'ArrowUp' && last >= 0) {
      event.preventDefault();
      setActive((current) => Math.max(0, current - 1));
    } else if (event.key === 'Escape') {
      setQuery('');
      onStatus(null);
    }
  };

  const open = found.results.length > 0;
  const listId = `${id}-results`;
  const optionId = (position: number) => `${id}-option-${position}`;
  return (
    <div className="receipt-picker">
      <label>
        {t('receipts.scanLabel')}
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open ? optionId(active) : undefined}
          aria-invalid={status?.error ?? false}
          aria-describedby={`${id}-feedback`}
          autoComplete="off"
          // The scanner types wherever the focus is: the editor opens ready for the first scan.
          autoFocus
          placeholder={t('receipts.scanPlaceholder')}
          data-scan-box=""
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            if (status?.error) onStatus(null);
          }}
          onKeyDown={onKeyDown}
        />
      </label>
      <div id={`${id}-feedback`} className="picker-feedback">
        {status?.error ? (
          <div className="error" role="alert">
            {status.text}
          </div>
        ) : (
          <div className="muted" role="status">
            {status?.text ?? '\u00a0'}
          </div>
        )}
      </div>
      {open && (
        <ul id={listId} className="picker-results" role="listbox" aria-label={t('receipts.results')}>
          {found.results.map((item, position) => (
            <li
              key={item.id}
              id={optionId(position)}
              role="option"
              aria-selected={position === active}
              className={position === active ? 'picker-option active' : 'picker-option'}
              // Keep the focus in the box, so the next scan lands there too.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(item, false)}
            >
              <span className="cell-name">{item.name}</span>
              <span className="muted">{item.barcode}</span>
              <span className="amount">{showMoney(item.defaultPrice)}</span>
            </li>
          ))}
        </ul>
      )}
      {open && found.more && <div className="muted picker-more">{t('receipts.moreResults', { count: SHOWN_RESULTS })}</div>}
    </div>
  );
}
