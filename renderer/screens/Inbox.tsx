/**
 * The needs-attention inbox: operations the central service refused, each with the reason and its full payload.
 * Each can be edited and sent again as a new operation (screens/inbox/ResubmitForm.tsx), or discarded on a
 * manager's PIN (checked by the core).
 */
import { useState, type FormEvent } from 'react';
import type { InboxEntryPayload } from '../../shared/terminal-contract.js';
import { asRpcError, errorLines } from '../bridge.js';
import { ErrorLines } from '../components/ErrorLines.js';
import { showDateTime } from '../lib/format.js';
import { useLoad } from '../lib/use-load.js';
import { useBridge, useT, useTerminal } from '../state/context.js';
import { ResubmitForm } from './inbox/ResubmitForm.js';
import { Warnings } from './inbox/Warnings.js';

/** The service's answer inside a stored reason: a rejected operation's result is `{ error: { statusCode, message } }`. */
function answerOf(reason: unknown): { message?: unknown; statusCode?: unknown } | null {
  if (typeof reason !== 'object' || reason === null) return null;
  return 'error' in reason
    ? answerOf((reason as { error: unknown }).error)
    : (reason as { message?: unknown; statusCode?: unknown });
}

/** Just the message lines of a reason (no status), to show next to the fields they name. */
export function messageLines(reason: unknown): string[] {
  const message = answerOf(reason)?.message;
  if (typeof message === 'string') return [message];
  return Array.isArray(message) ? message.map(String) : [];
}

/** The service's reason as lines, the first prefixed with its status; anything else shown raw. */
export function reasonLines(reason: unknown): string[] {
  const statusCode = answerOf(reason)?.statusCode;
  const lines = messageLines(reason);
  if (lines.length === 0) return [typeof reason === 'string' ? reason : JSON.stringify(reason)];
  const prefix = typeof statusCode === 'number' ? `${statusCode}: ` : '';
  return lines.map((line, index) => (index === 0 ? prefix : '') + line);
}

function Entry({ entry, onDone }: { readonly entry: InboxEntryPayload; readonly onDone: () => void }) {
  const t = useT();
  const bridge = useBridge();
  const language = useTerminal((state) => state.language);
  const [managerPin, setManagerPin] = useState('');
  const [problem, setProblem] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);

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
      {editing ? (
        <ResubmitForm entry={entry} reason={messageLines(entry.reason)} onDone={onDone} onCancel={() => setEditing(false)} />
      ) : (
        <div className="actions">
          <button type="button" onClick={() => setEditing(true)}>
            {t('inbox.edit')}
          </button>
        </div>
      )}
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
      <Warnings />
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
