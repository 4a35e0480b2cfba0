/**
 * A till the owner disconnected (issue 14, item 1): it says so, lists the operations it still holds unsent — kept,
 * never dropped, each said in words as the inbox says it — saves them to a JSON file for support, and leads to connecting the till again with a new code
 * (the kept operations are then sent, once each). The core refuses new writes meanwhile; reads still work.
 */
import { useState } from 'react';
import type { UnsentOperationPayload } from '../../shared/terminal-contract.js';
import { errorLines } from '../bridge.js';
import { showDateTime } from '../lib/format.js';
import { useLoad } from '../lib/use-load.js';
import { loadNames, say, summarize } from '../screens/inbox/summary.js';
import { useBridge, useT, useTerminal } from '../state/context.js';
import { ErrorLines } from './ErrorLines.js';

/** The file support gets: what the till holds, as queued (ids and mutation ids included), with where it came from. */
export function unsentExport(operations: readonly UnsentOperationPayload[], at: Date): string {
  return JSON.stringify({ kind: 'kassa-unsent-operations', exportedAt: at.toISOString(), count: operations.length, operations }, null, 2);
}

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function Disconnected() {
  const t = useT();
  const bridge = useBridge();
  const language = useTerminal((state) => state.language);
  const dataVersion = useTerminal((state) => state.dataVersion);
  const pending = useTerminal((state) => state.sync?.pendingOperations ?? 0);
  // The service restored from a backup older than this till's connection no longer knows it: not the owner's doing.
  const unknown = useTerminal((state) => state.sync?.refusedReason === 'TERMINAL_UNKNOWN');
  const startReenroll = useTerminal((state) => state.startReenroll);
  const unsent = useLoad(() => bridge.terminal('terminal.unsentList'), [bridge, dataVersion, pending]);
  // Each operation in words, as the inbox says it ("Repayment 50 000 — Dilnoza Yusupova"); its id is in the file.
  const names = useLoad(() => loadNames(bridge), [bridge, dataVersion]);
  const [problem, setProblem] = useState<string[]>([]);
  const operations = unsent.data ?? [];

  return (
    <section className="disconnected" role="alert" aria-labelledby="disconnected-title" data-testid="disconnected">
      <h2 id="disconnected-title">{t(unknown ? 'syncStates.unknownTitle' : 'syncStates.disconnectedTitle')}</h2>
      <p>{t(unknown ? 'syncStates.unknownIntro' : 'syncStates.disconnectedIntro')}</p>
      <p className="disconnected-kept">{operations.length > 0 ? t('syncStates.unsentKept', { count: operations.length }) : t('syncStates.noneUnsent')}</p>
      <div className="disconnected-actions">
        <button type="button" className="primary" onClick={startReenroll}>
          {t('syncStates.reconnect')}
        </button>
        <button
          type="button"
          className="secondary"
          disabled={operations.length === 0}
          onClick={() => {
            setProblem([]);
            bridge
              .terminal('terminal.unsentList')
              .then((fresh) => download(unsentExport(fresh, new Date()), `kassa-unsent-${new Date().toISOString().replace(/[:.]/g, '-')}.json`))
              .catch((error: unknown) => setProblem(errorLines(error)));
          }}
        >
          {t('syncStates.export')}
        </button>
      </div>
      <ErrorLines lines={[...problem, ...(unsent.error ? errorLines(unsent.error) : [])]} />
      {operations.length > 0 && (
        <details open className="disconnected-list">
          <summary>{t('syncStates.unsentTitle', { count: operations.length })}</summary>
          <table data-testid="unsent-operations">
            <thead>
              <tr>
                <th>{t('syncStates.colWhen')}</th>
                <th>{t('syncStates.colOperation')}</th>
                <th>{t('syncStates.colState')}</th>
              </tr>
            </thead>
            <tbody>
              {operations.map((operation) => (
                <tr key={operation.mutation_id}>
                  <td>{showDateTime(operation.occurred_at, language)}</td>
                  <td>
                    {names.data
                      ? say(t, summarize(operation.name, operation.params, operation.args, names.data, t('inbox.unknownClient')))
                      : operation.name}
                  </td>
                  <td>{operation.status === 'sent' ? t('syncStates.stateSent') : t('syncStates.statePending')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </section>
  );
}
