/**
 * The needs-attention inbox: operations the central service refused, in words — what each was ("Repayment
 * 50 000.00 — Dilnoza Yusupova", names from this till's store), why it was refused as translated sentences, and a
 * way to correct it through the form it was made with (a debt entry through the debt form, a new goods receipt
 * through the receipt editor; other operations through a form built from their data, inbox/ResubmitForm.tsx). The raw operation name, the service's own lines and the
 * payload stay behind "Details". Discarding takes a manager's PIN (checked by the core).
 */
import { useState, type FormEvent } from 'react';
import type { InboxEntryPayload } from '../../shared/terminal-contract.js';
import { asRpcError, errorLines } from '../bridge.js';
import { ErrorLines } from '../components/ErrorLines.js';
import { showDateTime } from '../lib/format.js';
import { useLoad } from '../lib/use-load.js';
import { useBridge, useT, useTerminal } from '../state/context.js';
import { DebtCorrection } from './inbox/DebtCorrection.js';
import { ReceiptCorrection } from './inbox/ReceiptCorrection.js';
import { explainReason, messageLines, reasonLines } from './inbox/reason.js';
import { ResubmitForm } from './inbox/ResubmitForm.js';
import { loadNames, say, summarize, type Names } from './inbox/summary.js';
import { Warnings } from './inbox/Warnings.js';

// Kept importable from here: the reason's lines are read by other screens' tests and helpers.
export { messageLines, reasonLines };

/** Operations corrected through the form they were made with; the rest through a form built from their data. */
const OWN_FORMS = new Set(['ClientDebtController_createTransaction']);
/** Corrected in the full-screen receipt editor instead of inside the entry. */
const RECEIPT_CREATE = 'ReceiptController_create';

function Entry({
  entry,
  names,
  onDone,
  onCorrectReceipt,
}: {
  readonly entry: InboxEntryPayload;
  readonly names: Names;
  readonly onDone: () => void;
  readonly onCorrectReceipt: () => void;
}) {
  const t = useT();
  const bridge = useBridge();
  const language = useTerminal((state) => state.language);
  const [managerPin, setManagerPin] = useState('');
  const [problem, setProblem] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const reason = messageLines(entry.reason);

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

  const summary = say(t, summarize(entry.name, entry.params, entry.args, names, t('inbox.unknownClient')));
  return (
    <article className="inbox-entry" data-testid="inbox-entry" aria-label={summary}>
      <header>
        <strong data-testid="inbox-summary">{summary}</strong>
        <span className="muted"> · {t('inbox.when', { time: showDateTime(entry.occurred_at, language) })}</span>
      </header>
      <div className="inbox-reason" data-testid="inbox-reason">
        <span className="muted">{t('inbox.refused')} </span>
        {explainReason(entry.reason).map((phrase, index) => (
          <div key={index}>{say(t, phrase)}</div>
        ))}
      </div>
      {editing ? (
        OWN_FORMS.has(entry.name) ? (
          <DebtCorrection entry={entry} reason={reason} onDone={onDone} onCancel={() => setEditing(false)} />
        ) : (
          <ResubmitForm entry={entry} reason={reason} onDone={onDone} onCancel={() => setEditing(false)} />
        )
      ) : (
        <div className="actions">
          <button type="button" className="primary" onClick={() => (entry.name === RECEIPT_CREATE ? onCorrectReceipt() : setEditing(true))}>
            {t('inbox.correct')}
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
      <details className="inbox-details">
        <summary>{t('inbox.details')}</summary>
        <dl>
          <dt>{t('inbox.rawName')}</dt>
          <dd>
            <code>{entry.name}</code>
          </dd>
          <dt>{t('inbox.rawReason')}</dt>
          <dd>
            {reasonLines(entry.reason).map((line, index) => (
              <div key={index}>{line}</div>
            ))}
          </dd>
          <dt>{t('inbox.payload')}</dt>
          <dd>
            <pre className="payload">{JSON.stringify({ params: entry.params, body: entry.args }, null, 2)}</pre>
          </dd>
        </dl>
      </details>
    </article>
  );
}

export function Inbox() {
  const t = useT();
  const bridge = useBridge();
  const version = useTerminal((state) => state.inboxVersion);
  const dataVersion = useTerminal((state) => state.dataVersion);
  const entries = useLoad(() => bridge.terminal('terminal.inboxList'), [version]);
  // The names the summaries use, from this till's store (re-read when its data changes).
  const names = useLoad(() => loadNames(bridge), [dataVersion]);
  const [receipt, setReceipt] = useState<InboxEntryPayload | null>(null);
  const known = names.data;

  if (receipt) {
    return (
      <ReceiptCorrection
        entry={receipt}
        onDone={() => {
          setReceipt(null);
          entries.reload();
        }}
      />
    );
  }
  return (
    <section className="screen">
      {/* Sync warnings (shown at the till that made an operation) mount here, above the refused operations. */}
      <Warnings />
      <h1>{t('inbox.title')}</h1>
      <p className="muted">{t('inbox.intro')}</p>
      {entries.error !== undefined && <ErrorLines lines={errorLines(entries.error)} />}
      {entries.data?.length === 0 && <p>{t('inbox.empty')}</p>}
      {/* Until the names are read an entry would call its client "no longer on this till": wait for them. */}
      {known === undefined && entries.data !== undefined && entries.data.length > 0 && <p className="muted">{t('common.loading')}</p>}
      {known !== undefined && entries.data?.map((entry) => (
        <Entry
          key={entry.mutation_id}
          entry={entry}
          names={known}
          onDone={entries.reload}
          onCorrectReceipt={() => setReceipt(entry)}
        />
      ))}
    </section>
  );
}
