/**
 * A till that is a copy of another till (its data copied to another computer or folder; the service saw the same
 * connection used from a second install and said so). It says what that means, that the office was told, how many
 * operations it holds are still being sent (the copy still delivers them, under the old connection), and leads to
 * connecting this computer as a new till. The core refuses new writes meanwhile; reads still work. Compact (the
 * action beside the title): the selling screen under it must still fit 1024×768.
 */
import { showDateTime } from '../lib/format.js';
import { useT, useTerminal } from '../state/context.js';

export function TillCopy() {
  const t = useT();
  const language = useTerminal((state) => state.language);
  const since = useTerminal((state) => state.sync?.copyDetectedAt ?? null);
  // What the core waits for before it lets the copy enroll as a new till: its queue and what it sends again.
  const sending = useTerminal((state) => (state.sync?.pendingOperations ?? 0) + (state.sync?.resendsWaiting ?? 0));
  const startReenroll = useTerminal((state) => state.startReenroll);

  return (
    <section className="till-copy" role="alert" aria-labelledby="till-copy-title" data-testid="till-copy" data-sending={sending}>
      <header className="till-copy-header">
        <h2 id="till-copy-title">{t('tillCopy.title')}</h2>
        <button type="button" className="primary" onClick={startReenroll}>
          {t('tillCopy.connect')}
        </button>
      </header>
      <p>{t('tillCopy.intro', { time: showDateTime(since, language) })}</p>
      <p>
        <strong data-testid="till-copy-sending">
          {sending > 0 ? t('tillCopy.sending', { count: sending }) : t('tillCopy.allSent')}
        </strong>{' '}
        {t(sending > 0 ? 'tillCopy.next' : 'tillCopy.nextNow')}
      </p>
    </section>
  );
}
