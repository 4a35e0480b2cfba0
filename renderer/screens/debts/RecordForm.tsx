/**
 * Recording a credit sale or a repayment for one client: the amount (a decimal comma accepted), the balance after
 * shown at once (bigint units, never a float), the client's signature for a sale, how a repayment was paid, and a
 * confirmation when a repayment is more than the debt. The debt screen uses it, and so does the needs-attention inbox
 * to correct a refused debt entry and send it again (`initial`, `send`): the same form the entry was made with.
 */
import { useCallback, useId, useState, type FormEvent } from 'react';
import { MAX_SIGNATURE_BASE64 } from '../../../shared/catalogue/client-debt.js';
import { formatMoney, MONEY } from '../../../shared/decimal.js';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { describedBy, FieldError } from '../../components/FieldError.js';
import { SignaturePad } from '../../components/SignaturePad.js';
import { showMoney, unitsOrUndefined } from '../../lib/format.js';
import { useNextActionClears } from '../../lib/status.js';
import { useUnsavedWork } from '../../lib/unsaved-work.js';
import { useBridge, useT, useTerminal } from '../../state/context.js';
import { isOverpayment, type PaymentMethod } from './entries.js';

export type Kind = 'sale' | 'repayment';

/** What the form starts with when it corrects a refused entry. */
export interface RecordInitial {
  readonly kind: Kind;
  /** Positive amount text. */
  readonly amount: string;
  readonly methodId?: string | null;
  /** A refused sale's signature: kept (the client signed already), unless the cashier clears it. */
  readonly signature?: string | null;
  /** The employee and point the entry was first recorded with: a correction keeps them. */
  readonly employeeId?: string;
}

export interface RecordClient {
  readonly id: string;
  /** Canonical money text; "0" when the client owes nothing. */
  readonly balance: string;
}


export function RecordForm({
  client,
  pointId,
  methods,
  onRecorded,
  initial,
  send: sendBody,
  submitLabel,
}: {
  readonly client: RecordClient;
  readonly pointId: string;
  /** How a repayment can be paid (cash first); empty when the list could not be read. */
  readonly methods: readonly PaymentMethod[];
  /** Refreshes what the entry changed; "Recorded." shows once it has, beside the new balance. */
  readonly onRecorded: () => Promise<unknown> | void;
  readonly initial?: RecordInitial;
  /** Where the body goes; by default a new debt transaction through the terminal core. */
  readonly send?: (body: Record<string, unknown>) => Promise<unknown>;
  readonly submitLabel?: string;
}) {
  const t = useT();
  const bridge = useBridge();
  const employee = useTerminal((state) => state.employee);
  const [kind, setKind] = useState<Kind>(initial?.kind ?? 'sale');
  const [amount, setAmount] = useState(initial?.amount ?? '');
  const [signature, setSignature] = useState<string | null>(initial?.signature ?? null);
  const [keptSignature, setKeptSignature] = useState(Boolean(initial?.signature));
  const [signatureKey, setSignatureKey] = useState(0);
  const [problem, setProblem] = useState<string[]>([]);
  // Problems of one field stand next to it.
  const [fieldProblem, setFieldProblem] = useState<{ readonly field: 'amount' | 'signature'; readonly text: string } | null>(
    null,
  );
  const amountError = fieldProblem?.field === 'amount' ? fieldProblem.text : '';
  const signatureError = fieldProblem?.field === 'signature' ? fieldProblem.text : '';
  const errorId = useId();
  const [done, setDone] = useState(false);
  const clearsOnNextAction = useNextActionClears(useCallback(() => setDone(false), []));
  const [busy, setBusy] = useState(false);
  const [methodId, setMethodId] = useState(initial?.methodId ?? methods[0]?.id ?? '');
  // A repayment larger than the balance waits here for the cashier's confirmation.
  const [confirming, setConfirming] = useState(false);

  // A typed amount or a drawn signature is work F1–F5 must not throw away without asking (a correction's kept
  // signature is not new work).
  useUnsavedWork(amount.trim() !== (initial?.amount ?? '') || (signature !== null && !keptSignature));

  const units = unitsOrUndefined(amount, MONEY);
  const valid = units !== undefined && units > 0n;
  const signed = valid ? (kind === 'sale' ? units : -units) : 0n;
  const after = formatMoney(unitsOrUndefined(client.balance, MONEY)! + signed);

  const paidBy = kind === 'repayment' && methods.length > 0 ? methodId : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    setProblem([]);
    setFieldProblem(null);
    if (!valid) return setFieldProblem({ field: 'amount', text: t('debts.amountInvalid') });
    if (kind === 'sale' && !signature) return setFieldProblem({ field: 'signature', text: t('debts.signatureRequired') });
    if (signature && signature.length - 'data:image/png;base64,'.length > MAX_SIGNATURE_BASE64)
      return setFieldProblem({ field: 'signature', text: t('debts.signatureTooLarge') });
    if (kind === 'repayment' && methods.length > 0 && !methods.some((method) => method.id === methodId))
      return setProblem([t('debts.paymentRequired')]);
    setProblem([]);
    if (kind === 'repayment' && isOverpayment(client.balance, units ?? 0n) && !confirming) return setConfirming(true);
    send();
  };

  const send = () => {
    setConfirming(false);
    setBusy(true);
    const body = {
      client_id: client.id,
      debt_amount: formatMoney(signed),
      employee_id: initial?.employeeId ?? employee?.id ?? '',
      id_automated_point: pointId,
      ...(signature ? { signature_url: signature } : {}),
      ...(paidBy ? { payment_type_id: paidBy } : {}),
    };
    (sendBody ? sendBody(body) : bridge.run('ClientDebtController_createTransaction', { body }))
      .then(
        async () => {
          setAmount('');
          setSignature(null);
          setSignatureKey((value) => value + 1);
          // The entry is stored; a failed refresh only leaves the old balance on screen until the next one.
          await Promise.resolve(onRecorded()).catch(() => undefined);
          setDone(true);
        },
        (error: unknown) => setProblem(errorLines(error)),
      )
      .finally(() => setBusy(false));
  };

  return (
    <form className="form record-form" onSubmit={submit} aria-label={t('debts.record')} {...clearsOnNextAction}>
      <div className="segmented" role="radiogroup">
        {(['sale', 'repayment'] as const).map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={kind === option}
            className={kind === option ? 'segment active' : 'segment'}
            onClick={() => {
              setKind(option);
              setConfirming(false);
            }}
          >
            {t(option === 'sale' ? 'debts.sale' : 'debts.repayment')}
          </button>
        ))}
      </div>
      <label>
        {t('debts.amount')}
        <input
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          {...describedBy(`${errorId}-amount`, amountError)}
          onChange={(event) => {
            setAmount(event.target.value);
            setConfirming(false);
            if (amountError) setFieldProblem(null);
          }}
        />
      </label>
      <FieldError id={`${errorId}-amount`} text={amountError} />
      {kind === 'repayment' && methods.length > 0 && (
        <label>
          {t('debts.paidBy')}
          <select name="paidBy" value={methodId} onChange={(event) => setMethodId(event.target.value)}>
            {/* A refused repayment's method that can no longer take money: the cashier picks another. */}
            {!methods.some((method) => method.id === methodId) && <option value={methodId}>{t('inbox.noChoice')}</option>}
            {methods.map((method) => (
              <option key={method.id} value={method.id}>
                {method.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="muted" data-testid="balance-after">
        {valid ? t('debts.balanceAfter', { amount: showMoney(after) }) : '\u00a0'}
      </div>
      {kind === 'sale' && keptSignature && (
        <div className="muted">
          ✍ {t('debts.signatureKept')}{' '}
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setKeptSignature(false);
              setSignature(null);
            }}
          >
            {t('debts.clearSignature')}
          </button>
        </div>
      )}
      {kind === 'sale' && !keptSignature && (
        <div>
          <div className="field-label">{t('debts.signature')}</div>
          <SignaturePad
            key={signatureKey}
            label={t('debts.signature')}
            clearLabel={t('debts.clearSignature')}
            onChange={setSignature}
          />
          <FieldError id={`${errorId}-signature`} text={signatureError} />
        </div>
      )}
      <ErrorLines lines={problem} />
      {confirming && valid && (
        <div className="confirm-panel" role="alertdialog" aria-label={t('debts.overpay.title')}>
          <strong>{t('debts.overpay.title')}</strong>
          <p>
            {t('debts.overpay.text', {
              balance: showMoney(client.balance),
              amount: showMoney(formatMoney(units ?? 0n)),
              credit: showMoney(formatMoney(-unitsOrUndefined(after, MONEY)!)),
            })}
          </p>
          <div className="actions">
            <button type="button" className="primary" onClick={send} disabled={busy}>
              {t('debts.overpay.confirm')}
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      )}
      {done && (
        <div className="success" role="status">
          {t('debts.recorded')}
        </div>
      )}
      {!confirming && (
        <button type="submit" className="primary" disabled={busy}>
          {submitLabel ?? t('debts.record')}
        </button>
      )}
    </form>
  );
}

