/**
 * Under the sync bar, while they last: what the till is busy repairing. Operations a restored service lost, being
 * sent again; and the till's data being downloaded again, with why (the service restored from an older backup, the
 * till connected as a new one, its scope changed, or offline longer than the service keeps its changes). Long
 * sentences, so on their own line: the one-line bar would cut them at 1024 px.
 */
import type { SyncStatusPayload } from '../../shared/terminal-contract.js';
import type { MessageKey, Translate } from '../i18n/index.js';
import { overallProgress } from '../lib/progress.js';
import { useT, useTerminal } from '../state/context.js';

/** Each reason the core gives for a download in words; an unknown one still says what is happening. */
const REDOWNLOAD_REASONS: ReadonlyMap<string, MessageKey> = new Map([
  ['CURSOR_BEFORE_RETENTION', 'syncStates.redownloading'],
  ['SERVICE_REWOUND', 'syncStates.redownload.SERVICE_REWOUND'],
  ['ENROLLED_AS_NEW', 'syncStates.redownload.ENROLLED_AS_NEW'],
  ['SCOPE_CHANGED', 'syncStates.redownload.SCOPE_CHANGED'],
]);

/** The download in words with its progress, or null when none runs. */
export function redownloadText(sync: SyncStatusPayload | null, t: Translate): string | null {
  if (!sync?.redownload) return null;
  const { rowsDone, rowsTotal } = overallProgress(sync.redownload);
  const key = REDOWNLOAD_REASONS.get(sync.redownload.reason) ?? 'syncStates.redownload.other';
  return t(key, { done: rowsDone, total: rowsTotal });
}

export function SyncActivity() {
  const t = useT();
  const sync = useTerminal((state) => state.sync);
  const resending = sync?.resendsWaiting ?? 0;
  const redownload = redownloadText(sync, t);
  if (resending === 0 && redownload === null) return null;
  return (
    <div className="sync-activity" role="status" aria-live="polite" data-testid="sync-activity">
      {resending > 0 && (
        <span className="sync-resending" data-testid="sync-resending" data-count={resending}>
          {t('syncStates.resending', { count: resending })}
        </span>
      )}
      {redownload && (
        <span className="sync-redownload" data-testid="sync-redownload" data-reason={sync?.redownload?.reason}>
          {redownload}
        </span>
      )}
    </div>
  );
}
