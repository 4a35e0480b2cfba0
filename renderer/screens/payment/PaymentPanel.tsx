/**
 * The payment step of a sale (issue 16, "Payment"; docs/selling/payment.md). It takes the cart's draft, lets the
 * cashier pay by cash (amount received, banknote buttons, the change shown large), card (manual confirmation, the
 * payment terminal recorded), several methods at once (split), or on account (the client's balance and credit limit,
 * a signature, a manager's PIN over the limit), then runs the ONE `OrderController_create` that completes the sale,
 * starts the printing, and calls `onPaid`.
 *
 * Keys: Enter takes the payment being entered and, once the sale is paid exactly (or overpaid in cash), completes it;
 * Enter with nothing entered completes a paid sale; Esc goes back to the cart (nothing written). The sale is done
 * when it is committed: `onPaid` comes at once with the change and the printing still under way, and the next
 * sale's screen shows how the printing went (sale/LastSale.tsx) — printing never holds the next sale.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatMoney, MONEY } from '../../../shared/decimal.js';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { ManagerApproval } from '../../components/ManagerApproval.js';
import { unitsOrUndefined } from '../../lib/format.js';
import { refusedAsCopy } from '../../lib/write-refusal.js';
import { useFormat } from '../../lib/use-format.js';
import { useBridge, useT, useTerminal } from '../../state/context.js';
import type { PaidSale } from '../sale/LastSale.js';
import type { SaleDraft } from '../sale/sale-draft.js';
import { AccountSection } from './AccountSection.js';
import { commitSale, printSale } from './commit.js';
import { loadPaymentSetup, type PaymentSetup } from './payment-setup.js';
import { TenderEntry } from './TenderEntry.js';
import { TenderSummary } from './TenderSummary.js';
import { banknoteUnits, exceedsLimit, onAccount, summarise, unitsOfMoney, type Method, type Tender } from './tender.js';
import './payment.css';

export interface PaymentPanelProps {
  readonly draft: SaleDraft;
  /**
   * The sale is committed locally (its order id): the cart clears and the next sale is ready at once. `sale` carries
   * the change and the printing, which has only started.
   */
  readonly onPaid: (orderId: string, sale: PaidSale) => void;
  /** Back to the cart, nothing written. */
  readonly onBack: () => void;
}

type Phase = { kind: 'paying' } | { kind: 'saving' };

export function PaymentPanel({ draft, onPaid, onBack }: PaymentPanelProps) {
  const t = useT();
  const f = useFormat();
  const bridge = useBridge();
  const offline = useTerminal((state) => state.sync?.online === false);
  // A copy of another till takes no sales: its refusal is said as such, not as the core's English line.
  const copy = useTerminal((state) => Boolean(state.sync?.copyDetectedAt));
  // One id for every attempt at this sale: a retried commit is recognised, never doubled.
  const guid = useRef(globalThis.crypto.randomUUID()).current;
  const due = unitsOfMoney(draft.due);
  const [setup, setSetup] = useState<PaymentSetup | null>(null);
  const [loadProblem, setLoadProblem] = useState<string[]>([]);
  const [tenders, setTenders] = useState<Tender[]>([]);
  const [method, setMethod] = useState<Method | null>(null);
  const [amount, setAmount] = useState('');
  // The amount still shows the prefilled remainder: a banknote replaces it rather than adding to it.
  const [prefilled, setPrefilled] = useState(true);
  const [amountError, setAmountError] = useState('');
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [signature, setSignature] = useState<string | null>(null);
  const [signatureKey, setSignatureKey] = useState(0);
  // A manager's approval holds up to the balance it was given for: putting more on account asks again.
  const [approval, setApproval] = useState<{ managerId: string; managerName: string; upTo: bigint } | null>(null);
  const [asking, setAsking] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'paying' });
  // What went wrong, as lines; or refused because this till is a copy, kept as that fact rather than a string so a
  // language switch says it again.
  const [problem, setProblem] = useState<string[] | 'copy'>([]);
  const amountField = useRef<HTMLInputElement>(null);

  // The amount is text in the language it was typed in: when the language changes it is shown again in the new one
  // (ru/uz read "36,000" as 36 — a comma is their decimal sign).
  const amountLanguage = useRef(f.language);
  useEffect(() => {
    const before = amountLanguage.current;
    amountLanguage.current = f.language;
    if (before === f.language) return;
    setAmount((text) => {
      const units = text.trim() === '' ? undefined : unitsOrUndefined(text, MONEY, before);
      return units === undefined ? text : f.money(formatMoney(units));
    });
  }, [f]);

  const prefill = useCallback((remaining: bigint) => {
    setAmount(remaining > 0n ? f.money(formatMoney(remaining)) : '');
    setPrefilled(true);
    setAmountError('');
  }, [f]);

  useEffect(() => {
    let live = true;
    loadPaymentSetup(bridge, draft).then(
      (loaded) => {
        if (!live) return;
        setSetup(loaded);
        setMethod(loaded.methods[0] ?? null);
        setDeviceId(loaded.defaultDevice);
        prefill(due);
      },
      (error: unknown) => live && setLoadProblem(errorLines(error)),
    );
    return () => {
      live = false;
    };
    // Loaded once per sale: the draft does not change while its payment is on screen.
  }, []);

  useEffect(() => amountField.current?.focus(), [method, setup]);

  const entered = f.units(amount, MONEY);
  const account = setup?.account ?? null;
  const debtEntry = method?.kind === 'DEBT' && entered !== undefined && entered > 0n ? entered : 0n;
  const addingOnAccount = onAccount(tenders) + debtEntry;
  const overLimit = account !== null && exceedsLimit(account.balance, addingOnAccount, account.limit);
  const approved = approval !== null && account !== null && account.balance + addingOnAccount <= approval.upTo;
  const entry: Tender | null =
    method && entered !== undefined && entered > 0n
      ? {
          method,
          amount: entered,
          deviceId: method.kind === 'CARD' ? deviceId : null,
          signature: method.kind === 'DEBT' ? signature : null,
          approvedBy: method.kind === 'DEBT' && overLimit && approved ? approval.managerId : null,
        }
      : null;
  const withEntry = useMemo(() => (entry ? [...tenders, entry] : tenders), [tenders, entry]);
  const summary = summarise(due, withEntry);
  const paidSummary = summarise(due, tenders);

  const complete = (paid: readonly Tender[]) => {
    if (!setup?.shift) return setProblem([t('payment.noShift')]);
    setPhase({ kind: 'saving' });
    setProblem([]);
    commitSale(bridge, draft, paid, setup.shift.id, guid).then(
      ({ id: orderId, number }) => {
        // Done: printing starts now and is not waited for.
        onPaid(orderId, { orderId, number, change: summarise(due, paid).change, printing: printSale(orderId, paid) });
      },
      (error: unknown) => {
        setPhase({ kind: 'paying' });
        // The payments stay as taken and the entry is cleared: Enter tries the same sale again, never with the cash
        // entered twice.
        prefill(summarise(due, paid).remaining);
        setProblem(refusedAsCopy(error, copy) ? 'copy' : errorLines(error));
      },
    );
  };

  /** Takes the payment being entered; completes the sale when that pays it. */
  const add = () => {
    if (!method || phase.kind !== 'paying') return;
    if (!entry) {
      if (amount.trim() === '' && paidSummary.complete && tenders.length > 0) return complete(tenders);
      return setAmountError(t('payment.amountInvalid'));
    }
    if (method.kind === 'DEBT') {
      if (!account) return setProblem([t('payment.account.noClient')]);
      if (!signature) return setProblem([t('payment.account.signatureRequired')]);
      if (overLimit && !approved) return setAsking(true);
    }
    const next = [...tenders, entry];
    const after = summarise(due, next);
    if (after.overpaidWithoutCash) return setProblem([t('payment.overpaidWithoutCash')]);
    setProblem([]);
    setTenders(next);
    if (after.complete) return complete(next);
    prefill(after.remaining);
  };

  const remove = (index: number) => {
    const next = tenders.filter((_tender, position) => position !== index);
    setTenders(next);
    if (tenders[index]?.method.kind === 'DEBT') {
      setSignature(null);
      setSignatureKey((key) => key + 1);
      setApproval(null);
    }
    prefill(summarise(due, next).remaining);
  };

  const chooseMethod = (next: Method) => {
    setMethod(next);
    prefill(paidSummary.remaining);
    setProblem([]);
  };

  // Keys anywhere on the panel (a dialog on top stops them first).
  const keys = useRef({ add, onBack, ready: false });
  keys.current = { add, onBack, ready: setup !== null && method !== null };
  // An Enter pressed before the methods are loaded is kept, and acted on once they are (never silently dropped).
  const enterWhileLoading = useRef(false);
  useEffect(() => {
    if (!enterWhileLoading.current || !setup || !method || phase.kind !== 'paying') return;
    enterWhileLoading.current = false;
    add();
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || asking) return;
      if (event.key === 'Escape' && phase.kind === 'paying') {
        event.preventDefault();
        keys.current.onBack();
      } else if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement) && !(event.target instanceof HTMLSelectElement)) {
        event.preventDefault();
        if (!keys.current.ready) enterWhileLoading.current = true;
        else if (phase.kind === 'paying') keys.current.add();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [asking, phase.kind]);

  if (loadProblem.length > 0) {
    return (
      <section className="payment" data-testid="payment-panel">
        <ErrorLines lines={loadProblem} />
        <button type="button" onClick={onBack}>
          {t('payment.back')}
        </button>
      </section>
    );
  }
  if (!setup || !method) {
    return (
      <section className="payment" data-testid="payment-panel">
        <p className="muted">{setup ? t('payment.noMethods') : t('payment.loading')}</p>
        <button type="button" onClick={onBack}>
          {t('payment.back')}
        </button>
      </section>
    );
  }
  return (
    <section className="payment" data-testid="payment-panel" aria-busy={phase.kind === 'saving'}>
      <div className="payment-left">
        <TenderSummary tenders={tenders} devices={setup.devices} summary={paidSummary} preview={summary} onRemove={remove} />
        {!setup.shift && <p className="error">{t('payment.noShift')}</p>}
        <ErrorLines lines={problem === 'copy' ? [t('tillCopy.refused')] : problem} />
        {phase.kind === 'saving' && <p className="muted">{t('payment.saving')}</p>}
        <div className="payment-actions">
          <button type="button" onClick={onBack} disabled={phase.kind === 'saving'}>
            {t('payment.back')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={phase.kind === 'saving' || !summary.complete}
            onClick={() => (entry ? add() : complete(tenders))}
          >
            {t('payment.complete')}
          </button>
        </div>
        <p className="muted key-hints">{summary.complete ? t('payment.keysComplete') : t('payment.keysAdd')}</p>
      </div>
      <div className="payment-right">
        <TenderEntry
          methods={setup.methods}
          method={method}
          onMethod={chooseMethod}
          amount={amount}
          onAmount={(text) => {
            setAmount(text);
            setPrefilled(false);
            setAmountError('');
          }}
          amountField={amountField}
          amountError={amountError}
          onBanknote={(note) => {
            const base = prefilled ? 0n : (entered ?? 0n);
            setAmount(f.money(formatMoney(base + banknoteUnits(note))));
            setPrefilled(false);
            setAmountError('');
          }}
          onExact={() => prefill(paidSummary.remaining)}
          devices={setup.devices}
          deviceId={deviceId}
          onDevice={setDeviceId}
          account={
            <AccountSection
              account={account}
              adding={addingOnAccount}
              approvedBy={approved ? approval.managerName : null}
              offline={offline}
              signatureKey={signatureKey}
              onSignature={setSignature}
              onAskManager={() => setAsking(true)}
            />
          }
          onAdd={add}
          busy={phase.kind === 'saving'}
        />
      </div>
      {asking && account && (
        <ManagerApproval
          reason={t('payment.account.approvalReason', {
            client: account.name,
            after: f.money(formatMoney(account.balance + addingOnAccount)),
            limit: f.money(formatMoney(account.limit ?? 0n)),
          })}
          onApproved={(given) => {
            setApproval({ managerId: given.managerId, managerName: given.managerName ?? '', upTo: account.balance + addingOnAccount });
            setAsking(false);
            amountField.current?.focus();
          }}
          onCancel={() => {
            setAsking(false);
            amountField.current?.focus();
          }}
        />
      )}
    </section>
  );
}
