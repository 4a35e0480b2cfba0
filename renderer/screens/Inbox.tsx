/**
 * The needs-attention inbox: operations the central service refused, each with the reason and its full payload.
 * Discarding one takes a manager's PIN (checked by the core). Edit-and-resubmit comes later.
 */
import { useState, type FormEvent } from 'react';
import type { InboxEntryPayload } from '../../shared/terminal-contract.js';
import { asRpcError, errorLines } from '../bridge.js';
import { ErrorLines } from '../components/ErrorLines.js';
import { showDateTime } from '../lib/format.js';
import { useLoad } from '../lib/use-load.js';
import { useBridge, useT, useTerminal } from '../state/context.js';

/** The service's reason as lines: its `message` (one line or one per problem), or the raw value. */
export function reasonLines(reason: unknown): string[] {
  if (typeof reason === 'object' && reason !== null) {
    const { message, statusCode } = reason as { message?: unknown; statusCode?: unknown };
    const prefix = typeof statusCode === 'number' ? `${statusCode}: ` : '';
    if (typeof message === 'string') return [prefix + message];
    if (Array.isArray(message)) return message.map((line, index) => (index === 0 ? prefix : '') + String(line));
  }
  return [typeof reason === 'string' ? reason : JSON.stringify(reason)];
}

function Entry({ entry, onDone }: { readonly entry: InboxEntryPayload; readonly onDone: () => void }) {
  const t = useT();
  const bridge = useBridge();
  const language = useTerminal((state) => state.language);
  const [managerPin, setManagerPin] = useState('');
  const [problem, setProblem] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const discard = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem([]);
    bridge
      .terminal('terminal.inboxDiscard', { entryId: entry.mutation_id, managerPin })
      .then(onDone, (error: unknown) => {
        const { statusCode } = asRpcError(error);
        setProblem(statusCode === 401 ? [t('inbox.wrongPin')] : statusCode === 403 ? [t('inbox.notManager')] : errorLines(error));
        setManagerPin('');
      })
      .finally(() => setBusy(false));
  };

  return (
    <article className="inbox-entry" data-testid="inbox-entry">
      <header>
        <strong>{entry.name}</strong>
        <span className="muted"> · {t('inbox.when', { time: showDateTime(entry.occurred_at, language) })}</span>
      </header>
      <div className="inbox-reason">
        <span className="muted">{t('inbox.reason')}: </span>
        {reasonLines(entry.reason).map((line, index) => (
          <div key={index}>{line}</div>
        ))}
      </div>
      <details>
        <summary>{t('inbox.payload')}</summary>
        <pre className="payload">{JSON.stringify({ params: entry.params, body: entry.args }, null, 2)}</pre>
      </details>
      <form className="inline-form" onSubmit={discard}>
        <label>
          {t('inbox.managerPin')}
          <input
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={managerPin}
            onChange={(event) => setManagerPin(event.target.value)}
            required
          />
        </label>
        <button type="submit" className="danger" disabled={busy || managerPin === ''}>
          {t('inbox.discard')}
        </button>
      </form>
      <ErrorLines lines={problem} />
    </article>
  );
}

export function Inbox() {
  const t = useT();
  const bridge = useBridge();
  const version = useTerminal((state) => state.inboxVersion);
  const entries = useLoad(() => bridge.terminal('terminal.inboxList'), [version]);

  return (
    <section className="screen">
      <h1>{t('inbox.title')}</h1>
      <p className="muted">{t('inbox.intro')}</p>
      {entries.error !== undefined && <ErrorLines lines={errorLines(entries.error)} />}
      {entries.data?.length === 0 && <p>{t('inbox.empty')}</p>}
      {entries.data?.map((entry) => (
        <Entry key={entry.mutation_id} entry={entry} onDone={entries.reload} />
      ))}
    </section>
  );
}
