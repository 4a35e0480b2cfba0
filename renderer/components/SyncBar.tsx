/**
 * The sync status, always on screen: online or offline, operations waiting to be sent, the last successful sync,
 * and how many operations need attention (a button to the inbox). "Sync now" asks for a cycle at once.
 */
import { errorLines } from '../bridge.js';
import { showTime } from '../lib/format.js';
import { useT, useTerminal } from '../state/context.js';
import { useState } from 'react';

export function SyncBar({ onOpenInbox }: { readonly onOpenInbox: () => void }) {
  const t = useT();
  const sync = useTerminal((state) => state.sync);
  const language = useTerminal((state) => state.language);
  const syncNow = useTerminal((state) => state.syncNow);
  const [problem, setProblem] = useState<string | null>(null);

  const online = sync?.online ?? false;
  const pending = sync?.pendingOperations ?? 0;
  const attention = sync?.needsAttention ?? 0;
  return (
    <div
      className="sync-bar"
      role="status"
      aria-live="polite"
      data-testid="sync-status"
      data-online={online}
      data-pending={pending}
      data-attention={attention}
    >
      <span className={online ? 'sync-dot online' : 'sync-dot offline'} aria-hidden="true" />
      <span className="sync-state" data-testid="sync-online">
        {sync?.syncing ? t('sync.syncing') : online ? t('sync.online') : t('sync.offline')}
      </span>
      <span className={pending > 0 ? 'sync-pending waiting' : 'sync-pending'} data-testid="sync-pending">
        {pending > 0 ? t('sync.pending', { count: pending }) : t('sync.allSent')}
      </span>
      <span className="sync-last" data-testid="sync-last">
        {sync?.lastSyncAt ? t('sync.lastSync', { time: showTime(sync.lastSyncAt, language) }) : t('sync.never')}
      </span>
      {attention > 0 && (
        <button type="button" className="attention" onClick={onOpenInbox} data-testid="sync-attention">
          {t('sync.attention', { count: attention })}
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
