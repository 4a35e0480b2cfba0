/**
 * Attaching a client to the sale (F11): search the till's clients by name or phone, or create one right here —
 * `ClientController_create` runs on the till's own store and is queued, so it works offline too.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { errorLines } from '../../bridge.js';
import { ErrorLines } from '../../components/ErrorLines.js';
import { searchKey } from '../../lib/format.js';
import { useLoad } from '../../lib/use-load.js';
import { useBridge, useT } from '../../state/context.js';
import type { SaleClient } from './sale-draft.js';

const SHOWN = 50;

export interface ClientPanelProps {
  readonly current: SaleClient | null;
  readonly onChoose: (client: SaleClient | null) => void;
  readonly onClose: () => void;
}

export function ClientPanel({ current, onChoose, onClose }: ClientPanelProps) {
  const t = useT();
  const bridge = useBridge();
  const clients = useLoad(() => bridge.run('ClientController_findAll'), []);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(searchKey(search));
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [problem, setProblem] = useState<string[]>([]);
  const found = useMemo(
    () =>
      (clients.data ?? [])
        .filter((client) => !client.is_deleted && (query === '' || `${searchKey(client.full_name)} ${searchKey(client.phone_number)}`.includes(query)))
        .slice(0, SHOWN),
    [clients.data, query],
  );

  const create = async () => {
    setProblem([]);
    try {
      const created = await bridge.run('ClientController_create', { body: { full_name: name, phone_number: phone.trim() === '' ? null : phone.trim() } });
      onChoose({ id: created.id, name: created.full_name });
      onClose();
    } catch (error) {
      setProblem(errorLines(error));
    }
  };

  return (
    <section className="sale-panel" role="dialog" aria-label={t('sale.client')} data-testid="client-panel">
      <header className="panel-header">
        <h2>{t('sale.client')}</h2>
        <button type="button" onClick={onClose}>
          {t('sale.line.close')}
        </button>
      </header>
      {current && (
        <p>
          <strong>{current.name}</strong>{' '}
          <button type="button" onClick={() => onChoose(null)}>
            {t('sale.client.detach')}
          </button>
        </p>
      )}
      <input
        type="search"
        className="search"
        autoFocus
        placeholder={t('sale.client.search')}
        aria-label={t('sale.client.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
          if (event.key === 'Enter' && found[0]) {
            onChoose({ id: found[0].id, name: found[0].full_name });
            onClose();
          }
        }}
      />
      {clients.error !== undefined && <ErrorLines lines={errorLines(clients.error)} />}
      <ul className="client-list" data-testid="sale-client-list">
        {found.map((client) => (
          <li key={client.id}>
            <button
              type="button"
              className="client-row"
              onClick={() => {
                onChoose({ id: client.id, name: client.full_name });
                onClose();
              }}
            >
              <span className="client-name">{client.full_name}</span>
              <span className="muted">{client.phone_number ?? ''}</span>
            </button>
          </li>
        ))}
      </ul>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <h3>{t('sale.client.create')}</h3>
        <input aria-label={t('sale.client.name')} placeholder={t('sale.client.name')} value={name} onChange={(event) => setName(event.target.value)} />
        <input aria-label={t('sale.client.phone')} placeholder={t('sale.client.phone')} value={phone} onChange={(event) => setPhone(event.target.value)} />
        <button type="submit">{t('sale.client.create')}</button>
      </form>
      <ErrorLines lines={problem} />
    </section>
  );
}
