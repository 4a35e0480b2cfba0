/**
 * The sync status, always on screen: online or offline, whether other tills' changes arrive at once (the poke
 * connection is live) or by polling, operations waiting to be sent, the last successful sync,
 * and how many operations need attention (a button to the inbox). "Sync now" asks for a cycle at once. When sync
 * fails it says which of five ways, and since when: no network, the service not answering, the credential refused
 * (the owner disconnected this till), the service busy (it will be tried again by itself), a service error with its
 * status. What the till is busy repairing (operations sent again, its data downloaded again) is said on the line
 * below (./SyncActivity.tsx).
 */
import { errorLines } from '../bridge.js';
import { showTime } from '../lib/format.js';
import { useT, useTerminal } from '../state/context.js';
import { useState } from 'react';
import type { SyncStatusPayload } from '../../shared/terminal-contract.js';
import type { Language, Translate } from '../i18n/index.js';

/** The failure in words with when it began, or null while sync works (or has not failed yet). */
export function syncProblemText(sync: SyncStatusPayload | null, t: Translate, language: Language): string | null {
  if (!sync?.problem) return null;
  const time = showTime(sync.problemSince ?? null, language);
  switch (sync.problem) {
    case 'no-network':
      return t('syncStates.noNetwork', { time });
    case 'not-answering':
      return t('syncStates.notAnswering', { time });
    case 'credential-refused':
      return t(sync.refusedReason === 'TERMINAL_UNKNOWN' ? 'syncStates.unknownToService' : 'syncStates.credentialRefused', { time });
    case 'busy':
      return t('syncStates.busy', { time });
    case 'service-error':
      return t('syncStates.serviceError', { time, status: sync.problemStatus ?? '' });
  }
}

export function SyncBar({ onOpenInbox }: { readonly onOpenInbox: () => void }) {
  const t = useT();
  const sync = useTerminal((state) => state.sync);
  const language = useTerminal((state) => state.language);
  const syncNow = useTerminal((state) => state.syncNow);
  const [problem, setProblem] = useState<string | null>(null);

  const online = (sync?.online ?? false) && !sync?.problem;
  const problemText = syncProblemText(sync, t, language);
  const pending = sync?.pendingOperations ?? 0;
  // Operations a restored service lost are to be sent too: never "All sent" while they wait (./SyncActivity.tsx says which).
  const toSend = pending + (sync?.resendsWaiting ?? 0);
  const attention = sync?.needsAttention ?? 0;
  // Operations applied with a warning (stock below zero, a deleted record…) wait above the inbox until marked seen.
  const warnings = sync?.openWarnings ?? 0;
  return (
    <div
      className="sync-bar"
      role="status"
      aria-live="polite"
      data-testid="sync-status"
      data-online={online}
      data-pending={pending}
      data-attention={attention}
      data-problem={sync?.problem ?? ''}
      data-updates={sync?.updates ?? ''}
    >
      <span className={online ? 'sync-dot online' : 'sync-dot offline'} aria-hidden="true" />
      <span className="sync-state" data-testid="sync-online">
        {sync?.syncing && !problemText ? t('sync.syncing') : (problemText ?? (online ? t('sync.online') : t('sync.offline')))}
      </span>
      {online && sync?.updates && (
        // How other tills' changes reach this one: at once (the poke connection is up) or by polling.
        <span className={`sync-updates ${sync.updates}`} data-testid="sync-updates" data-updates={sync.updates}>
          {t(sync.updates === 'live' ? 'sync.live' : 'sync.polling')}
        </span>
      )}
      <span className={toSend > 0 ? 'sync-pending waiting' : 'sync-pending'} data-testid="sync-pending">
        {toSend > 0 ? t('sync.pending', { count: toSend }) : t('sync.allSent')}
      </span>
      <span className="sync-last" data-testid="sync-last">
        {sync?.lastSyncAt ? t('sync.lastSync', { time: showTime(sync.lastSyncAt, language) }) : t('sync.never')}
      </span>
      {attention > 0 && (
        <button type="button" className="attention" onClick={onOpenInbox} data-testid="sync-attention">
          {t('sync.attention', { count: attention })}
        </button>
      )}
      {warnings > 0 && (
        <button type="button" className="warnings-count" onClick={onOpenInbox} data-testid="sync-warnings">
          {t('warnings.syncBar', { count: warnings })}
        </button>
      )}
      <button
        type="button"
        className="secondary small"
        title={problem ?? undefined}
        onClick={() => {
          setProblem(null);
          syncNow().catch((error: unknown) => setProblem(errorLines(error).join(' ')));
        }}
      >
        {t('sync.now')}
      </button>
    </div>
  );
}
