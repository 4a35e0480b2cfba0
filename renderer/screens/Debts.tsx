/**
 * Client debts: clients with their balances (search by name or phone), a client's history, and recording a credit
 * sale or a repayment — a sale with the client's signature drawn on screen, sent as a PNG data URL in
 * `signature_url`, a repayment with how it was paid (`payment_type_id`: cash, card…) and, when it is more than the
 * client owes, only after the cashier confirms. History entries are labelled and coloured by what they are
 * (./debts/). Everything runs on the terminal's own store, so it works offline and the balance moves at once.
 * Amounts are exact: decimal strings in, bigint units for the arithmetic (shared/decimal.ts), strings out.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import type { OperationRecord } from '../../shared/catalogue/wire-types.js';
import type { SessionEmployee } from '../../shared/terminal-contract.js';
import { errorLines, type Bridge } from '../bridge.js';
import { ErrorLines } from '../components/ErrorLines.js';
import { KeyHints } from '../components/KeyHints.js';
import { searchKey, showMoney } from '../lib/format.js';
import { useSearchListKeys } from '../lib/search-list-keys.js';
import { useLoad } from '../lib/use-load.js';
import { useBridge, useT, useTerminal } from '../state/context.js';
import { balanceTone, repaymentMethods } from './debts/entries.js';
import { History } from './debts/History.js';
import { RecordForm } from './debts/RecordForm.js';

/** What the screen reads of the catalogue's records. */
type Client = Pick<OperationRecord<'ClientController_findAll'>, 'id' | 'full_name' | 'phone_number'>;
type Debt = Pick<OperationRecord<'ClientDebtController_findAllDebts'>, 'id' | 'client_id' | 'debt_amount' | 'is_deleted'>;
type Workplace = Pick<OperationRecord<'BusinessController_findAllWorkplaces'>, 'id' | 'automated_point_id'>;

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
    bridge.run('ClientController_findAll'),
    bridge.run('ClientDebtController_findAllDebts'),
    bridge.run('BusinessController_findAllWorkplaces'),
    // Without the list a repayment is still recorded, just without how it was paid.
    bridge.run('PaymentMethodController_findAll').catch(() => []),
  ]);
  return { balances: clientBalances(clients, debts), workplaces, methods: repaymentMethods(methods) };
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
                {selected.balance.startsWith('-')
                  ? `${t('debts.inCredit')}: ${showMoney(selected.balance.slice(1))}`
                  : `${t('debts.balance')}: ${showMoney(selected.balance)}`}
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
