/**
 * Creating or editing one goods receipt: header, lines added by search or barcode, live exact totals, and the
 * actions of its state — a draft is saved or conducted; a conducted receipt is saved (the service reposts what
 * changed, which the screen says) or un-conducted; either can be deleted. Un-conducting, deleting and leaving with
 * unsaved changes each ask first, on screen. A new receipt carries one guid for its whole life on screen, so a
 * retried create (a dropped connection, a double tap) never makes a second receipt.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { uuidv7 } from '../../../shared/ids.js';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import type { Translate } from '../../i18n/index.js';
import { showQuantity } from '../../lib/format.js';
import { useNextActionClears } from '../../lib/status.js';
import { useUnsavedWork } from '../../lib/unsaved-work.js';
import { useLoad } from '../../lib/use-load.js';
import { useSaneClock } from '../../lib/sane-clock.js';
import { useBridge, useT, useTerminal } from '../../state/context.js';
import type { IndexedItem } from './catalogue.js';
import { ConfirmPanel } from './ConfirmPanel.js';
import { HeaderFields } from './HeaderFields.js';
import { ItemPicker, type PickerStatus } from './ItemPicker.js';
import { LineTable, type LineCallbacks } from './LineTable.js';
import { addItem, editLine, lineFromWire, removeLine, replaceLine, type EditableField, type LineDraft } from './lines.js';
import { workplacePoint, type References } from './references.js';
import {
  createBody,
  defaultName,
  hasProblems,
  mergeProblems,
  NO_PROBLEMS,
  placeServiceProblems,
  screenProblems,
  updateBody,
  withoutField,
  withoutLine,
  type HeaderDraft,
  type HeaderField,
  type Problems,
} from './request.js';
import { Totals } from './Totals.js';
import type { ReceiptDetail, ReceiptHeader } from './types.js';
import { useScanner, type BurstOrigin } from './use-scanner.js';

type Confirm = 'unconduct' | 'delete' | 'leave';

interface Saved {
  readonly id: string;
  readonly conducted: boolean;
}

/** Lines kept in a ref as well as in state, so several scans between two renders each see the one before. */
function useLines(initial: () => LineDraft[]) {
  const [lines, setLines] = useState<readonly LineDraft[]>(initial);
  const current = useRef(lines);
  const update = useCallback((change: (lines: readonly LineDraft[]) => readonly LineDraft[]) => {
    current.current = change(current.current);
    setLines(current.current);
  }, []);
  return { lines, current, update };
}

function newHeader(refs: References, pointId: string | null, t: Translate, now: Date): HeaderDraft {
  const organizationId = pointId ?? (refs.points.length === 1 ? refs.points[0]!.id : '');
  const pointWarehouse = refs.points.find((point) => point.id === organizationId)?.default_warehouse_id;
  const warehouse =
    pointWarehouse && refs.warehouses.some((entry) => entry.id === pointWarehouse)
      ? pointWarehouse
      : refs.warehouses.length === 1
        ? refs.warehouses[0]!.id
        : '';
  return {
    name: defaultName(now, t),
    clientId: refs.suppliers.length === 1 ? refs.suppliers[0]!.id : '',
    warehouseIds: warehouse ? [warehouse] : [],
    organizationId,
    note: '',
  };
}

function storedHeader(stored: ReceiptDetail): HeaderDraft {
  return {
    name: stored.name,
    clientId: stored.clientId,
    warehouseIds: stored.warehouseId,
    organizationId: stored.organizationId,
    note: stored.note ?? '',
  };
}

/**
 * A refused new receipt being corrected (the needs-attention inbox): the editor starts from its data, keeps its
 * guid and employee, and sends it again through `send` instead of creating it directly.
 */
export interface Correction {
  readonly draft: ReceiptDetail;
  readonly employeeId: string;
  readonly send: (body: Record<string, unknown>) => Promise<unknown>;
}

export function ReceiptForm({
  stored,
  refs,
  onClose,
  correction,
}: {
  readonly stored: ReceiptDetail | null;
  readonly refs: References;
  readonly onClose: (notice: string) => void;
  readonly correction?: Correction;
}) {
  const t = useT();
  const bridge = useBridge();
  const employee = useTerminal((state) => state.employee);
  const fixedPoint = workplacePoint(employee, refs.workplaces, refs.tillPointId);
  const keys = useRef(0);
  const nextKey = () => `line-${(keys.current += 1)}`;
  const [guid] = useState(() => correction?.draft.guid ?? uuidv7());
  const [saved, setSaved] = useState<Saved | null>(stored && { id: stored.id, conducted: stored.conducted });
  const start = stored ?? correction?.draft ?? null;
  const now = useSaneClock();
  const [header, setHeader] = useState<HeaderDraft>(() => (start ? storedHeader(start) : newHeader(refs, fixedPoint, t, now())));
  const { lines, current, update } = useLines(() =>
    (start?.items ?? []).map((line) =>
      lineFromWire(line, nextKey(), refs.items.byId.get(line.itemId)?.name ?? t('receipts.unknownItem')),
    ),
  );
  const [attempted, setAttempted] = useState(false);
  const [submitted, setSubmitted] = useState<Problems>(NO_PROBLEMS);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [dirty, setDirty] = useState(false);
  // F1–F5, the tabs and sign-out ask before throwing these changes away (AppFrame's leave guard).
  useUnsavedWork(dirty);
  const [status, setStatus] = useState<PickerStatus>(null);
  // One action's answer at a time: "No item has the barcode …" goes when the cashier does anything next.
  const clearsOnNextAction = useNextActionClears(
    useCallback(() => {
      setNotice('');
      setStatus(null);
    }, []),
  );
  const [focusRequest, setFocusRequest] = useState<{ readonly key: string } | null>(null);
  const scanBox = useRef<HTMLInputElement>(null);
  const table = useRef<HTMLDivElement>(null);

  const live = useMemo(() => (attempted ? screenProblems(header, lines, t) : NO_PROBLEMS), [attempted, header, lines, t]);
  const shown = useMemo(() => {
    const merged = mergeProblems(live, submitted);
    return hasProblems(live) ? { ...merged, top: [t('receipts.problem.fixFirst'), ...merged.top] } : merged;
  }, [live, submitted, t]);

  const touched = () => {
    setDirty(true);
    setNotice('');
  };

  const callbacks: LineCallbacks = useMemo(
    () => ({
      onEdit: (key: string, field: EditableField, value: string) => {
        update((all) => replaceLine(all, key, (line) => editLine(line, field, value)));
        setSubmitted((problems) => withoutLine(problems, key));
        touched();
      },
      onRemove: (key: string) => {
        update((all) => removeLine(all, key));
        setSubmitted((problems) => withoutLine(problems, key));
        touched();
        scanBox.current?.focus();
      },
      onDone: () => scanBox.current?.focus(),
    }),
    [update],
  );

  const changeHeader = (field: HeaderField, value: string) => {
    setHeader((before) =>
      field === 'warehouseId' ? { ...before, warehouseIds: value ? [value] : [] } : { ...before, [field]: value },
    );
    setSubmitted((problems) => withoutField(problems, field));
    touched();
  };

  const pick = (item: IndexedItem, scanned: boolean) => {
    const added = addItem(current.current, item, nextKey());
    update(() => added.lines);
    setSubmitted((problems) => withoutField(withoutLine(problems, added.key), 'list'));
    touched();
    const line = added.lines.find((entry) => entry.key === added.key);
    setStatus({ error: false, text: t('receipts.added', { name: item.name, quantity: showQuantity(line?.quantity ?? '') }) });
    // A name picked by hand is usually followed by its quantity; a scan by the next scan.
    if (!scanned) setFocusRequest({ key: added.key });
  };

  useEffect(() => {
    if (!focusRequest) return;
    const input = table.current?.querySelector<HTMLInputElement>(
      `input[data-line-key="${focusRequest.key}"][data-field="quantity"]`,
    );
    input?.focus();
    input?.select();
  }, [focusRequest]);

  useScanner((code, origin: BurstOrigin | null) => {
    // The scanner's characters went into a field: put it back as it was before the burst.
    if (origin) {
      const { lineKey, field, headerField } = origin.element.dataset;
      if (lineKey && field) callbacks.onEdit(lineKey, field as EditableField, origin.value);
      else if (headerField) changeHeader(headerField as HeaderField, origin.value);
    }
    const item = refs.items.byBarcode.get(code);
    if (item) pick(item, true);
    else setStatus({ error: true, text: t('receipts.unknownBarcode', { code }) });
  });

  const submit = (conducted: boolean) => {
    if (busy) return;
    setAttempted(true);
    setNotice('');
    setSubmitted(NO_PROBLEMS);
    if (hasProblems(screenProblems(header, lines, t))) return;
    const sentKeys = lines.map((line) => line.key);
    const wasConducted = saved?.conducted ?? false;
    setBusy(true);
    if (correction) {
      correction
        .send(createBody(header, lines, { guid, employeeId: correction.employeeId, conducted }))
        .then(
          () => onClose(''),
          (error: unknown) => setSubmitted(placeServiceProblems(errorLines(error), sentKeys)),
        )
        .finally(() => setBusy(false));
      return;
    }
    const call: Promise<ReceiptHeader> = saved
      ? bridge.run('ReceiptController_update', {
          params: { id: saved.id },
          body: updateBody(header, lines, conducted),
        })
      : bridge.run('ReceiptController_create', {
          body: createBody(header, lines, { guid, employeeId: employee?.id ?? '', conducted }),
        });
    call
      .then(
        (answer) => {
          setSaved({ id: answer.id, conducted: answer.conducted });
          setAttempted(false);
          setDirty(false);
          setNotice(t(!conducted ? 'receipts.savedDraft' : wasConducted ? 'receipts.savedChanges' : 'receipts.conductedDone'));
        },
        (error: unknown) => setSubmitted(placeServiceProblems(errorLines(error), sentKeys)),
      )
      .finally(() => setBusy(false));
  };

  const unconduct = () => {
    if (!saved) return;
    setBusy(true);
    bridge
      .run('ReceiptController_update', { params: { id: saved.id }, body: { conducted: false } })
      .then(
        (answer) => {
          setSaved({ id: answer.id, conducted: answer.conducted });
          setConfirm(null);
          setNotice(t('receipts.unconductedDone'));
        },
        (error: unknown) => {
          setConfirm(null);
          setSubmitted({ ...NO_PROBLEMS, top: errorLines(error) });
        },
      )
      .finally(() => setBusy(false));
  };

  const remove = () => {
    if (!saved) return;
    setBusy(true);
    bridge.run('ReceiptController_remove', { params: { id: saved.id } }).then(
      () => onClose(t('receipts.deleted')),
      (error: unknown) => {
        setBusy(false);
        setConfirm(null);
        setSubmitted({ ...NO_PROBLEMS, top: errorLines(error) });
      },
    );
  };

  const leave = () => (dirty ? setConfirm('leave') : onClose(''));
  const conducted = saved?.conducted ?? false;

  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      submit(conducted);
    }
  };

  const confirmations: Record<Confirm, { question: string; yes: string; run: () => void }> = {
    unconduct: { question: t('receipts.confirmUnconduct'), yes: t('receipts.confirmUnconductYes'), run: unconduct },
    delete: {
      question: t(conducted ? 'receipts.confirmDeleteConducted' : 'receipts.confirmDelete'),
      yes: t('receipts.confirmDeleteYes'),
      run: remove,
    },
    leave: { question: t('receipts.confirmLeave'), yes: t('receipts.confirmLeaveYes'), run: () => onClose('') },
  };
  const asking = confirm && confirmations[confirm];

  return (
    <section
      className="screen receipt-editor"
      aria-label={saved ? t('receipts.editTitle', { name: header.name }) : t('receipts.newTitle')}
      onKeyDown={onKeyDown}
      {...clearsOnNextAction}
    >
      <div className="editor-top">
        <button type="button" className="secondary" onClick={leave}>
          ← {t('receipts.back')}
        </button>
        <h1>{saved ? t('receipts.editTitle', { name: header.name }) : t('receipts.newTitle')}</h1>
        {saved && (
          <span className={conducted ? 'state-badge conducted' : 'state-badge'} data-testid="receipt-state">
            {t(conducted ? 'receipts.conducted' : 'receipts.draft')}
          </span>
        )}
      </div>
      {notice && (
        <div className="success" role="status">
          {notice}
        </div>
      )}
      <ErrorLines lines={shown.top} />
      <HeaderFields
        header={header}
        problems={shown.header}
        suppliers={refs.suppliers}
        warehouses={refs.warehouses}
        points={refs.points}
        fixedPoint={fixedPoint}
        onChange={changeHeader}
      />
      {conducted && <div className="conducted-warning">{t('receipts.conductedWarning')}</div>}
      <ItemPicker index={refs.items} inputRef={scanBox} status={status} onStatus={setStatus} onPick={pick} />
      <ErrorLines lines={shown.list} />
      <div ref={table} className="receipt-lines-area">
        <LineTable
          lines={lines}
          marks={shown.lines}
          measurements={refs.measurements}
          items={refs.items}
          warehouses={refs.warehouses}
          callbacks={callbacks}
        />
      </div>
      <footer className="receipt-footer">
        <Totals lines={lines} />
        {asking ? (
          <ConfirmPanel
            question={asking.question}
            confirmLabel={asking.yes}
            busy={busy}
            onConfirm={asking.run}
            onCancel={() => setConfirm(null)}
          />
        ) : (
          <div className="buttons receipt-actions">
            {conducted ? (
              <>
                <button
                  type="button"
                  className="primary"
                  disabled={busy}
                  aria-keyshortcuts="Control+S"
                  onClick={() => submit(true)}
                >
                  {t('receipts.saveChanges')}
                </button>
                <button type="button" className="secondary" disabled={busy} onClick={() => setConfirm('unconduct')}>
                  {t('receipts.unconduct')}
                </button>
              </>
            ) : (
              <>
                <button
                  type="button"
                  className="secondary"
                  disabled={busy}
                  aria-keyshortcuts="Control+S"
                  onClick={() => submit(false)}
                >
                  {t('receipts.saveDraft')}
                </button>
                <button type="button" className="primary" disabled={busy} onClick={() => submit(true)}>
                  {t('receipts.conduct')}
                </button>
              </>
            )}
            {saved && (
              <button type="button" className="danger" disabled={busy} onClick={() => setConfirm('delete')}>
                {t('receipts.delete')}
              </button>
            )}
          </div>
        )}
      </footer>
    </section>
  );
}

/** The editor for a new receipt (`receiptId` null) or a stored one, read with its lines first. */
export function ReceiptEditor({
  receiptId,
  refs,
  onClose,
}: {
  readonly receiptId: string | null;
  readonly refs: References;
  readonly onClose: (notice: string) => void;
}) {
  const t = useT();
  const bridge = useBridge();
  // Read once per opening, not on every data change: a sync must not overwrite what the cashier is typing.
  const stored = useLoad(
    () =>
      receiptId === null
        ? Promise.resolve(null)
        : bridge.run('ReceiptController_findOne', { params: { id: receiptId } }),
    [receiptId],
  );
  if (receiptId === null) return <ReceiptForm stored={null} refs={refs} onClose={onClose} />;
  if (stored.error !== undefined) {
    return (
      <section className="screen receipt-editor">
        <button type="button" className="secondary" onClick={() => onClose('')}>
          ← {t('receipts.back')}
        </button>
        <ErrorLines lines={errorLines(stored.error)} />
      </section>
    );
  }
  if (!stored.data) {
    return <p className="muted screen">{t('common.loading')}</p>;
  }
  return <ReceiptForm stored={stored.data} refs={refs} onClose={onClose} />;
}
