/**
 * Client debts: clients with their balances (search by name or phone), a client's history, and recording a credit
 * sale or a repayment — a sale with the client's signature drawn on screen, sent as a PNG data URL in
 * `signature_url`, a repayment with how it was paid (`payment_type_id`: cash, card…) and, when it is more than the
 * client owes, only after the cashier confirms. History entries are labelled and coloured by what they are
 * (./debts/). Everything runs on the terminal's own store, so it works offline and the balance moves at once.
 * Amounts are exact: decimal strings in, bigint units for the arithmetic (shared/decimal.ts), strings out.
 */
import { useDeferredValue, useMemo, useState, type FormEvent } from 'react';
import { MAX_SIGNATURE_BASE64 } from '../../shared/catalogue/client-debt.js';
import { formatMoney, MONEY } from '../../shared/decimal.js';
import type { SessionEmployee } from '../../shared/terminal-contract.js';
import { errorLines, type Bridge } from '../bridge.js';
import { ErrorLines } from '../components/ErrorLines.js';
import { SignaturePad } from '../components/SignaturePad.js';
import { searchKey, showMoney, unitsOrUndefined } from '../lib/format.js';
import { useLoad } from '../lib/use-load.js';
import { useBridge, useT, useTerminal } from '../state/context.js';
import { balanceTone, isOverpayment, repaymentMethods, type PaymentMethod } from './debts/entries.js';
import { History } from './debts/History.js';

interface Client {
  readonly id: string;
  readonly full_name: string;
  readonly phone_number: string | null;
}
interface Debt {
  readonly id: string;
  readonly client_id: string;
  readonly debt_amount: string;
  readonly is_deleted: boolean;
}
interface Workplace {
  readonly id: string;
  readonly automated_point_id: string | null;
}

export interface ClientBalance extends Client {
  /** Canonical money text; "0" for a client without a debt record. */
  readonly balance: string;
  readonly key: string;
}

/** Clients with their balances (live debt records only), sorted by name. */
export function clientBalances(clients: readonly Client[], debts: readonly Debt[]): ClientBalance[] {
  const balances = new Map(debts.filter((debt) => !debt.is_deleted).map((debt) => [debt.client_id, debt.debt_amount]));
  return clients
    .map((client) => ({
      ...client,
      balance: balances.get(client.id) ?? '0',
      key: `${searchKey(client.full_name)} ${searchKey(client.phone_number)}`,
    }))
    .sort((a, b) => a.full_name.localeCompare(b.full_name));
}

/** The point a debt entry is recorded at: the employee's workplace's point, else "0" (the whole business). */
export function pointOf(employee: SessionEmployee | null, workplaces: readonly Workplace[]): string {
  const workplace = workplaces.find((entry) => entry.id === employee?.workplace_id);
  return workplace?.automated_point_id ?? '0';
}

const SHOWN_CLIENTS = 300;

async function loadClients(bridge: Bridge) {
  const [clients, debts, workplaces, methods] = await Promise.all([
    bridge.run<Client[]>('ClientController_findAll'),
    bridge.run<Debt[]>('ClientDebtController_findAllDebts'),
    bridge.run<Workplace[]>('BusinessController_findAllWorkplaces'),
    // Without the list a repayment is still recorded, just without how it was paid.
    bridge.run<PaymentMethod[]>('PaymentMethodController_findAll').catch(() => []),
  ]);
  return { balances: clientBalances(clients, debts), workplaces, methods: repaymentMethods(methods) };
}

type Kind = 'sale' | 'repayment';

function RecordForm({
  client,
  pointId,
  methods,
  onRecorded,
}: {
  readonly client: ClientBalance;
  readonly pointId: string;
  /** How a repayment can be paid (cash first); empty when the list could not be read. */
  readonly methods: readonly PaymentMethod[];
  readonly onRecorded: () => void;
}) {
  const t = useT();
  const bridge = useBridge();
  const employee = useTerminal((state) => state.employee);
  const [kind, setKind] = useState<Kind>('sale');
  const [amount, setAmount] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [signatureKey, setSignatureKey] = useState(0);
  const [problem, setProblem] = useState<string[]>([]);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [methodId, setMethodId] = useState(methods[0]?.id ?? '');
  // A repayment larger than the balance waits here for the cashier's confirmation.
  const [confirming, setConfirming] = useState(false);

  const units = unitsOrUndefined(amount, MONEY);
  const valid = units !== undefined && units > 0n;
  const signed = valid ? (kind === 'sale' ? units : -units) : 0n;
  const after = formatMoney(unitsOrUndefined(client.balance, MONEY)! + signed);

  const paidBy = kind === 'repayment' && methods.length > 0 ? methodId : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    if (!valid) return setProblem([t('debts.amountInvalid')]);
    if (kind === 'sale' && !signature) return setProblem([t('debts.signatureRequired')]);
    if (signature && signature.length - 'data:image/png;base64,'.length > MAX_SIGNATURE_BASE64)
      return setProblem([t('debts.signatureTooLarge')]);
    if (kind === 'repayment' && methods.length > 0 && !methods.some((method) => method.id === methodId))
      return setProblem([t('debts.paymentRequired')]);
    setProblem([]);
    if (kind === 'repayment' && isOverpayment(client.balance, units ?? 0n) && !confirming) return setConfirming(true);
    send();
  };

  const send = () => {
    setConfirming(false);
    setBusy(true);
    bridge
      .run('ClientDebtController_createTransaction', {
        body: {
          client_id: client.id,
          debt_amount: formatMoney(signed),
          employee_id: employee?.id ?? '',
          id_automated_point: pointId,
          ...(signature ? { signature_url: signature } : {}),
          ...(paidBy ? { payment_type_id: paidBy } : {}),
        },
      })
      .then(
        () => {
          setAmount('');
          setSignature(null);
          setSignatureKey((value) => value + 1);
          setDone(true);
          onRecorded();
        },
        (error: unknown) => setProblem(errorLines(error)),
      )
      .finally(() => setBusy(false));
  };

  return (
    <form className="form record-form" onSubmit={submit} aria-label={t('debts.record')}>
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
          onChange={(event) => {
            setAmount(event.target.value);
            setConfirming(false);
          }}
        />
      </label>
      {kind === 'repayment' && methods.length > 0 && (
        <label>
          {t('debts.paidBy')}
          <select name="paidBy" value={methodId} onChange={(event) => setMethodId(event.target.value)}>
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
      {kind === 'sale' && (
        <div>
          <div className="field-label">{t('debts.signature')}</div>
          <SignaturePad
            key={signatureKey}
            label={t('debts.signature')}
            clearLabel={t('debts.clearSignature')}
            onChange={setSignature}
          />
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
          {t('debts.record')}
        </button>
      )}
    </form>
  );
}

export function Debts() {
  const t = useT();
  const bridge = useBridge();
  const employee = useTerminal((state) => state.employee);
  const version = useTerminal((state) => state.dataVersion);
  const loaded = useLoad(() => loadClients(bridge), [version]);
  const [search, setSearch] = useState('');
  const [onlyDebtors, setOnlyDebtors] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const query = useDeferredValue(searchKey(search));

  const visible = useMemo(() => {
    const all = loaded.data?.balances ?? [];
    return all.filter(
      (client) =>
        (!onlyDebtors || (!client.balance.startsWith('-') && client.balance !== '0')) &&
        (query === '' || client.key.includes(query)),
    );
  }, [loaded.data, onlyDebtors, query]);
  const selected = loaded.data?.balances.find((client) => client.id === selectedId) ?? null;
  const pointId = pointOf(employee, loaded.data?.workplaces ?? []);

  return (
    <section className="screen two-pane">
      <div className="pane list-pane">
        <h1>{t('debts.title')}</h1>
        <input
          type="search"
          className="search"
          placeholder={t('debts.searchPlaceholder')}
          aria-label={t('common.search')}
          value={search}
          autoFocus
          onChange={(event) => setSearch(event.target.value)}
        />
        <label className="checkbox">
          <input type="checkbox" checked={onlyDebtors} onChange={(event) => setOnlyDebtors(event.target.checked)} />
          {t('debts.onlyDebtors')}
        </label>
        {loaded.error !== undefined && <ErrorLines lines={errorLines(loaded.error)} />}
        {loaded.loading && !loaded.data && <p className="muted">{t('common.loading')}</p>}
        {loaded.data && visible.length === 0 && <p className="muted">{t('common.empty')}</p>}
        <ul className="client-list" data-testid="client-list">
          {visible.slice(0, SHOWN_CLIENTS).map((client) => (
            <li key={client.id}>
              <button
                type="button"
                className={client.id === selectedId ? 'client-row active' : 'client-row'}
                onClick={() => setSelectedId(client.id)}
              >
                <span className="client-name">{client.full_name}</span>
                <span className="muted">{client.phone_number ?? ''}</span>
                <span className={`amount tone-${balanceTone(client.balance)}`} data-testid="client-balance">
                  {showMoney(client.balance)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="pane detail-pane">
        {!selected && <p className="muted">{t('debts.selectClient')}</p>}
        {selected && (
          <>
            <header className="client-header">
              <h2>{selected.full_name}</h2>
              <div className="muted">{selected.phone_number}</div>
              <div className={`big-amount tone-${balanceTone(selected.balance)}`} data-testid="selected-balance">
                {t(selected.balance.startsWith('-') ? 'debts.inCredit' : 'debts.balance')}: {showMoney(selected.balance)}
              </div>
            </header>
            <RecordForm key={selected.id} client={selected} pointId={pointId} methods={loaded.data?.methods ?? []} onRecorded={loaded.reload} />
            <History clientId={selected.id} methods={loaded.data?.methods ?? []} />
          </>
        )}
      </div>
    </section>
  );
}
