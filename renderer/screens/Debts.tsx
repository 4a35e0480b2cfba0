/**
 * Client debts: clients with their balances (search by name or phone), a client's history, and recording a credit
 * sale or a repayment — a sale with the client's signature drawn on screen, sent as a PNG data URL in
 * `signature_url`. Everything runs on the terminal's own store, so it works offline and the balance moves at once.
 * Amounts are exact: decimal strings in, bigint units for the arithmetic (shared/decimal.ts), strings out.
 */
import { useCallback, useDeferredValue, useId, useMemo, useState, type FormEvent } from 'react';
import { MAX_SIGNATURE_BASE64 } from '../../shared/catalogue/client-debt.js';
import { formatMoney, MONEY } from '../../shared/decimal.js';
import type { SessionEmployee } from '../../shared/terminal-contract.js';
import { errorLines, type Bridge } from '../bridge.js';
import { ErrorLines } from '../components/ErrorLines.js';
import { describedBy, FieldError } from '../components/FieldError.js';
import { SignaturePad } from '../components/SignaturePad.js';
import type { MessageKey } from '../i18n/index.js';
import { searchKey, showDateTime, showMoney, unitsOrUndefined } from '../lib/format.js';
import { useNextActionClears } from '../lib/status.js';
import { useUnsavedWork } from '../lib/unsaved-work.js';
import { useSearchListKeys } from '../lib/search-list-keys.js';
import { KeyHints } from '../components/KeyHints.js';
import { useLoad } from '../lib/use-load.js';
import { useBridge, useT, useTerminal } from '../state/context.js';

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
interface DebtEntry {
  readonly id: string;
  readonly client_id: string;
  readonly debt_amount: string;
  readonly kind?: string;
  readonly signature_url: string | null;
  readonly dt_created: string;
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
  const [clients, debts, workplaces] = await Promise.all([
    bridge.run<Client[]>('ClientController_findAll'),
    bridge.run<Debt[]>('ClientDebtController_findAllDebts'),
    bridge.run<Workplace[]>('BusinessController_findAllWorkplaces'),
  ]);
  return { balances: clientBalances(clients, debts), workplaces };
}

type Kind = 'sale' | 'repayment';

function RecordForm({
  client,
  pointId,
  onRecorded,
}: {
  readonly client: ClientBalance;
  readonly pointId: string;
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
  // A typed amount or a drawn signature is work F1–F5 must not throw away without asking.
  useUnsavedWork(amount.trim() !== '' || signature !== null);

  const units = unitsOrUndefined(amount, MONEY);
  const valid = units !== undefined && units > 0n;
  const signed = valid ? (kind === 'sale' ? units : -units) : 0n;
  const after = formatMoney(unitsOrUndefined(client.balance, MONEY)! + signed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    setProblem([]);
    setFieldProblem(null);
    if (!valid) return setFieldProblem({ field: 'amount', text: t('debts.amountInvalid') });
    if (kind === 'sale' && !signature) return setFieldProblem({ field: 'signature', text: t('debts.signatureRequired') });
    if (signature && signature.length - 'data:image/png;base64,'.length > MAX_SIGNATURE_BASE64)
      return setFieldProblem({ field: 'signature', text: t('debts.signatureTooLarge') });
    setBusy(true);
    bridge
      .run('ClientDebtController_createTransaction', {
        body: {
          client_id: client.id,
          debt_amount: formatMoney(signed),
          employee_id: employee?.id ?? '',
          id_automated_point: pointId,
          ...(signature ? { signature_url: signature } : {}),
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
    <form className="form record-form" onSubmit={submit} aria-label={t('debts.record')} {...clearsOnNextAction}>
      <div className="segmented" role="radiogroup">
        {(['sale', 'repayment'] as const).map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={kind === option}
            className={kind === option ? 'segment active' : 'segment'}
            onClick={() => setKind(option)}
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
            if (amountError) setFieldProblem(null);
          }}
        />
      </label>
      <FieldError id={`${errorId}-amount`} text={amountError} />
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
          <FieldError id={`${errorId}-signature`} text={signatureError} />
        </div>
      )}
      <ErrorLines lines={problem} />
      {done && (
        <div className="success" role="status">
          {t('debts.recorded')}
        </div>
      )}
      <button type="submit" className="primary" disabled={busy}>
        {t('debts.record')}
      </button>
    </form>
  );
}

function History({ client }: { readonly client: ClientBalance }) {
  const t = useT();
  const bridge = useBridge();
  const language = useTerminal((state) => state.language);
  const version = useTerminal((state) => state.dataVersion);
  // The query narrows the list on the service; the filter keeps it right whatever the store answers.
  const entries = useLoad(
    async () =>
      (await bridge.run<DebtEntry[]>('ClientDebtController_findAllTransactions', { query: { client_id: client.id } })).filter(
        (entry) => entry.client_id === client.id,
      ),
    [client.id, version],
  );
  return (
    <section>
      <h2>{t('debts.history')}</h2>
      {entries.error !== undefined && <ErrorLines lines={errorLines(entries.error)} />}
      {entries.data?.length === 0 && <p className="muted">{t('debts.noHistory')}</p>}
      <ul className="history" data-testid="debt-history">
        {entries.data?.map((entry) => (
          <li key={entry.id}>
            <span className="muted">{showDateTime(entry.dt_created, language)}</span>
            <span>{entry.kind ? t(`debts.kind.${entry.kind}` as MessageKey) : ''}</span>
            <span className={entry.debt_amount.startsWith('-') ? 'amount negative' : 'amount'}>
              {showMoney(entry.debt_amount)}
            </span>
            <span className="muted">{entry.signature_url ? `✍ ${t('debts.signed')}` : ''}</span>
          </li>
        ))}
      </ul>
    </section>
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
  const keys = useSearchListKeys();

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
          ref={keys.searchRef}
          onKeyDown={keys.onSearchKeyDown}
          onChange={(event) => setSearch(event.target.value)}
        />
        <KeyHints action={t('keys.action.openClient')} />
        <label className="checkbox">
          <input type="checkbox" checked={onlyDebtors} onChange={(event) => setOnlyDebtors(event.target.checked)} />
          {t('debts.onlyDebtors')}
        </label>
        {loaded.error !== undefined && <ErrorLines lines={errorLines(loaded.error)} />}
        {loaded.loading && !loaded.data && <p className="muted">{t('common.loading')}</p>}
        {loaded.data && visible.length === 0 && <p className="muted">{t('common.empty')}</p>}
        <ul
          className="client-list"
          data-testid="client-list"
          ref={(element) => {
            keys.listRef.current = element;
          }}
          onKeyDownCapture={keys.onListKeyDown}
        >
          {visible.slice(0, SHOWN_CLIENTS).map((client) => (
            <li key={client.id}>
              <button
                type="button"
                className={client.id === selectedId ? 'client-row active' : 'client-row'}
                onClick={() => setSelectedId(client.id)}
              >
                <span className="client-name">{client.full_name}</span>
                <span className="muted">{client.phone_number ?? ''}</span>
                <span className={client.balance.startsWith('-') ? 'amount negative' : 'amount'} data-testid="client-balance">
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
              <div className="big-amount" data-testid="selected-balance">
                {t('debts.balance')}: {showMoney(selected.balance)}
              </div>
            </header>
            <RecordForm key={selected.id} client={selected} pointId={pointId} onRecorded={loaded.reload} />
            <History client={selected} />
          </>
        )}
      </div>
    </section>
  );
}
