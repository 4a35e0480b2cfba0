/**
 * One sale: its lines and payments, its refunds so far, and what can be done with it — a refund of some or all of
 * what is left (closed sales), or a void (open orders). Either asks for a manager's PIN first (ManagerApproval),
 * then commits on the till's own store (offline too) and prints its slip after the commit (the refund slip, the void
 * slip): the printing is started, not waited for, so a slow or failing printer never holds the screen, and a printer
 * that fails says why and offers a reprint — the refund or void stands either way. "Preview" shows the sale's
 * receipt (or a voided order's slip) as the paper would. F9 refunds, F8 voids, Esc goes back to the list.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatMoney, formatQuantity, type Money, type Quantity } from '../../../shared/decimal.js';
import type { OperationInputOf } from '../../../shared/catalogue/wire-types.js';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { ManagerApproval } from '../../components/ManagerApproval.js';
import { approvedBridge, LockIcon, useHolds } from '../../components/RightGate.js';
import { ACTION_RIGHTS } from '../../lib/rights.js';
import { PreviewButton } from '../../components/PrintPreview.js';
import { printDocument, reprintLast, type PrintRequest, type PrintResult } from '../../printing.js';
import type { OpenShift } from '../../shift/open-shift.js';
import { useLoad } from '../../lib/use-load.js';
import { useUnsavedWork } from '../../lib/unsaved-work.js';
import { useFormat } from '../../lib/use-format.js';
import { useBridge, useT, useTerminal } from '../../state/context.js';
import { MoneyBack } from './MoneyBack.js';
import { RefundLines } from './RefundLines.js';
import { amountsFor, checkForm, chosenOf, EMPTY_FORM, type Problem, type RefundForm } from './refund-form.js';
import { chosenValue, everything, refundBody } from './refund-plan.js';
import { loadSaleDetail } from './sales-data.js';

export interface SaleDetailProps {
  readonly saleId: string;
  readonly shift: OpenShift | null;
  readonly workplaceId: string | null;
  /** After a refund or void was written (the list reloads). */
  readonly onChanged: () => void;
  readonly onBack: () => void;
}

type Outcome = { readonly message: string; readonly print?: PrintResult };

export function SaleDetail({ saleId, shift, workplaceId, onChanged, onBack }: SaleDetailProps) {
  const t = useT();
  const f = useFormat();
  const bridge = useBridge();
  const version = useTerminal((state) => state.dataVersion);
  const detail = useLoad(() => loadSaleDetail(bridge, saleId), [saleId, version]);
  const [form, setForm] = useState<RefundForm>(EMPTY_FORM);
  const [problems, setProblems] = useState<string[]>([]);
  const [asking, setAsking] = useState<'refund' | 'void' | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** The void made here (who approved it, why), so its slip's preview names them as the printed slip did. */
  const [voidedHere, setVoidedHere] = useState<{ readonly managerId: string; readonly reason?: string } | null>(null);
  /** Which sale is on screen: a print answer that comes back after the cashier moved on is not shown on another sale. */
  const shownSale = useRef(saleId);
  shownSale.current = saleId;
  const read = f.units;
  const data = detail.data;
  const state = data?.state;
  const sale = state?.sale;
  const canRefund = !!sale && sale.is_closed && !sale.is_voided && !sale.is_refunded && !state?.fullyRefunded;
  const canVoid = !!sale && !sale.is_closed && !sale.is_voided;
  const chosen = useMemo(() => (state ? chosenOf(form, read) : new Map<string, Quantity>()), [state, form, read]);
  const value: Money = state ? chosenValue(state, chosen) : (0n as Money);
  // A refund being typed is work the leave guard asks about (another screen, sign-out).
  useUnsavedWork(Object.values(form.quantities).some((text) => text.trim() !== '') || busy);

  useEffect(() => {
    setForm(EMPTY_FORM);
    setProblems([]);
    setOutcome(null);
    setVoidedHere(null);
  }, [saleId]);

  /** Prints after the commit without holding the screen; the answer joins the outcome when it comes. */
  const printAfterCommit = (request: PrintRequest, message: string) => {
    const forSale = saleId;
    void printDocument(request).then((print) => {
      if (shownSale.current === forSale) setOutcome((current) => (current?.message === message ? { message, print } : current));
    });
  };

  const say = (problem: Problem) => {
    const values = { ...problem.values };
    for (const key of ['amount', 'given'] as const) if (typeof values[key] === 'string') values[key] = f.money(values[key]);
    if (typeof values.quantity === 'string') values.quantity = f.quantity(values.quantity);
    return t(problem.key, values);
  };

  /** Amounts as the screen shows money ("21 000"), which the form reads back exactly. */
  const shown = (amounts: Record<string, string>) => Object.fromEntries(Object.entries(amounts).map(([id, text]) => [id, f.money(text)]));
  const withQuantities = (quantities: Record<string, string>): RefundForm => {
    if (!state || form.amountsEdited) return { ...form, quantities };
    return { ...form, quantities, amounts: shown(amountsFor(state, chosenOf({ ...form, quantities }, read))) };
  };
  const setQuantity = (lineId: string, text: string) => setForm(withQuantities({ ...form.quantities, [lineId]: text }));
  const returnEverything = () => {
    if (!state) return;
    const all = everything(state);
    setForm({
      ...form,
      quantities: Object.fromEntries([...all].map(([lineId, left]) => [lineId, f.quantity(formatQuantity(left))])),
      amounts: shown(amountsFor(state, all)),
      amountsEdited: false,
    });
  };

  const startRefund = () => {
    if (!state || !canRefund) return;
    setOutcome(null);
    if (!shift) return setProblems([t('sales.needsShift')]);
    const checked = checkForm(state, form, read, data.names);
    if (!checked.ok) return setProblems(checked.problems.map(say));
    setProblems([]);
    setAsking('refund');
  };
  const startVoid = () => {
    if (!canVoid) return;
    setOutcome(null);
    setProblems([]);
    setAsking('void');
  };

  // A refund always takes a manager's PIN; a cashier whose role lacks REFUNDS then refunds AS that manager (the
  // core's override, once), so the service checks the manager's right.
  const refunds = useHolds()(ACTION_RIGHTS.refund);
  const commit = async (managerId: string, approvalId?: string) => {
    if (!state || !data || busy) return;
    const runner = approvalId ? approvedBridge(bridge, approvalId) : bridge;
    const kind = asking;
    setAsking(null);
    setBusy(true);
    try {
      if (kind === 'refund') {
        const checked = checkForm(state, form, read, data.names);
        if (!checked.ok) return setProblems(checked.problems.map(say));
        const body = refundBody(state, data.refunds, checked.chosen, checked.payments, {
          managerId,
          settlementId: shift?.id ?? null,
          workplaceId,
          reason: form.reason,
        });
        const input: OperationInputOf<'OrderRefundController_create'> = { params: { id: state.sale.id }, body };
        const refund = await runner.run('OrderRefundController_create', input);
        setForm(EMPTY_FORM);
        const message = t('sales.refunded', { amount: f.money(refund.total_sum) });
        setOutcome({ message });
        onChanged();
        // Printed after the commit: a printer problem never takes the refund back.
        printAfterCommit({ kind: 'refund', refundId: refund.id }, message);
      } else if (kind === 'void') {
        const reason = form.reason.trim();
        await runner.run('OrderRefundController_void', {
          params: { id: state.sale.id },
          body: { manager_id: managerId, settlement_id: shift?.id ?? null, ...(reason ? { reason } : {}) },
        });
        const message = t('sales.voided', { number: state.sale.order_id });
        setForm(EMPTY_FORM);
        setVoidedHere({ managerId, ...(reason ? { reason } : {}) });
        setOutcome({ message });
        onChanged();
        // The void slip, after the commit like the refund's: a printer problem never takes the void back.
        printAfterCommit({ kind: 'void', orderId: state.sale.id, managerId, ...(reason ? { reason } : {}) }, message);
      }
      detail.reload();
    } catch (error) {
      setProblems(errorLines(error));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    // A dialog over the screen (the manager's PIN, the print preview) takes the keys.
    const dialogOpen = () => asking !== null || document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
    const onKey = (event: KeyboardEvent) => {
      if (dialogOpen()) return;
      if (event.key === 'F9') {
        event.preventDefault();
        startRefund();
      } else if (event.key === 'Escape') {
        event.preventDefault();
        onBack();
      }
    };
    // F8 in the capture phase: it voids here (when a void is possible) before the navigation's F8 (AppFrame)
    // would take it, which then leaves it alone.
    const onVoidKey = (event: KeyboardEvent) => {
      if (dialogOpen() || event.key !== 'F8' || !canVoid) return;
      event.preventDefault();
      startVoid();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keydown', onVoidKey, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keydown', onVoidKey, true);
    };
  });

  if (detail.error !== undefined && !data) return <ErrorLines lines={errorLines(detail.error)} />;
  const previewRequest: PrintRequest | null = !sale
    ? null
    : sale.is_voided
      ? { kind: 'void', orderId: sale.id, ...(voidedHere ?? {}) }
      : sale.is_closed
        ? { kind: 'sale', orderId: sale.id, openDrawer: false }
        : null;
  if (!state || !sale || !data) return <p className="muted">{t('common.loading')}</p>;
  return (
    <div className="sale-detail" data-testid="sale-detail">
      <header className="client-header">
        <h2>{t('sales.sale', { number: sale.order_id })}</h2>
        <div className="muted">{f.dateTime(sale.dt_created)}</div>
        <div className="big-amount">
          {t('sales.total')}: {f.money(sale.total_sum)}
        </div>
      </header>
      {data.discountApprover && (
        <p className="muted" data-testid="discount-approver">
          {data.discountApprover.name ? t('sales.discountApprovedBy', { name: data.discountApprover.name }) : t('sales.discountApprovedByManager')}
        </p>
      )}
      {sale.is_voided && <p className="notice">{t('sales.voidedNote')}</p>}
      {!sale.is_closed && !sale.is_voided && <p className="notice">{t('sales.openNote')}</p>}
      {sale.is_closed && state.fullyRefunded && <p className="notice">{t('sales.allReturned')}</p>}
      <RefundLines state={state} names={data.names} quantities={form.quantities} editable={canRefund} onQuantity={setQuantity} />
      {data.refunds.length > 0 && (
        <div className="sale-refunds" data-testid="sale-refunds">
          <h3>{t('sales.refunds')}</h3>
          <ul>
            {data.refunds.map((refund) => (
              <li key={refund.id}>
                {t('sales.refundEntry', { number: refund.refund_number, time: f.dateTime(refund.dt_created), amount: f.money(refund.total_sum) })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {canRefund && (
        <>
          <div className="toolbar">
            <button type="button" className="small" onClick={returnEverything} data-testid="refund-all">
              {t('sales.refundAll')}
            </button>
            <button type="button" className="small" onClick={() => setForm(EMPTY_FORM)}>
              {t('sales.clear')}
            </button>
          </div>
          <MoneyBack
            state={state}
            amounts={form.amounts}
            value={value}
            onAmount={(methodId, text) => setForm({ ...form, amounts: { ...form.amounts, [methodId]: text }, amountsEdited: true })}
          />
        </>
      )}
      {(canRefund || canVoid) && (
        <label>
          {t('sales.reason')}
          <input value={form.reason} onChange={(event) => setForm({ ...form, reason: event.target.value })} />
        </label>
      )}
      <ErrorLines lines={problems} />
      {outcome && (
        <div className="success" role="status" data-testid="sale-outcome">
          {outcome.message}
          {outcome.print && !outcome.print.ok && (
            <div className="error">
              {t('sales.printFailed', { message: outcome.print.message ?? '' })}
              {outcome.print.canReprint && (
                <button type="button" className="small" onClick={() => void reprintLast().then((print) => setOutcome({ ...outcome, print }))}>
                  {t('sales.reprint')}
                </button>
              )}
            </div>
          )}
        </div>
      )}
      <div className="buttons">
        {canRefund && (
          <button type="button" className="primary" disabled={busy} onClick={startRefund} aria-keyshortcuts="F9" data-testid="refund-button">
            <kbd className="nav-key" aria-hidden="true">F9</kbd> {t('sales.refund')} {refunds ? null : <LockIcon />}
          </button>
        )}
        {canVoid && (
          <button type="button" className="danger" disabled={busy} onClick={startVoid} aria-keyshortcuts="F8" data-testid="void-button">
            <kbd className="nav-key" aria-hidden="true">F8</kbd> {t('sales.void')} {refunds ? null : <LockIcon />}
          </button>
        )}
        {previewRequest && (
          <PreviewButton
            request={previewRequest}
            onPrint={() => void printDocument(previewRequest).then((print) => setOutcome((current) => ({ message: print.ok ? t('printing.printed') : (current?.message ?? ''), print })))}
            testId="sale-preview"
          />
        )}
      </div>
      <p className="key-hints muted">{t('sales.keysDetail')}</p>
      {asking && (
        <ManagerApproval
          reason={
            asking === 'refund'
              ? t('sales.approveRefund', { amount: f.money(formatMoney(value)), number: sale.order_id })
              : t('sales.approveVoid', { number: sale.order_id })
          }
          hold={refunds ? undefined : 'once'}
          onApproved={({ managerId, approvalId }) => void commit(managerId, approvalId)}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}

