/**
 * What went wrong at this till that nobody here has read yet (the core's incidents: the service restored from an
 * older backup, …), one notice each under the sync bar, until someone presses Seen. Amber when the till repaired it
 * (it sent again what the service lost), red when something could not be recovered and the office must be told.
 * Read only while the sync status counts unseen incidents, so a till with none makes no call.
 */
import { useEffect, useRef, useState } from 'react';
import type { IncidentPayload } from '../../shared/terminal-contract.js';
import { errorLines } from '../bridge.js';
import { showDateTime } from '../lib/format.js';
import { incidentWords } from '../lib/incident-words.js';
import { useLoad } from '../lib/use-load.js';
import { useBridge, useT, useTerminal } from '../state/context.js';
import { ErrorLines } from './ErrorLines.js';

const NONE: IncidentPayload[] = [];

export function Incidents() {
  const t = useT();
  const bridge = useBridge();
  const language = useTerminal((state) => state.language);
  const unseen = useTerminal((state) => state.sync?.unseenIncidents ?? 0);
  const resending = useTerminal((state) => (state.sync?.resendsWaiting ?? 0) > 0);
  const incidents = useLoad(
    () => (unseen > 0 ? bridge.terminal('terminal.incidentsList') : Promise.resolve(NONE)),
    [bridge, unseen],
  );
  const [problem, setProblem] = useState<string[]>([]);
  const section = useRef<HTMLElement>(null);
  const refocus = useRef(false);

  const seen = (id: string) => {
    setProblem([]);
    bridge.terminal('terminal.incidentSeen', { id }).then(
      () => {
        refocus.current = true;
        return incidents.reload();
      },
      (error: unknown) => setProblem(errorLines(error)),
    );
  };

  const list = unseen > 0 ? (incidents.data ?? NONE) : NONE;
  // The button pressed is gone: the keyboard goes on to the next notice's Seen, not back to the page's start.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    section.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [list]);
  if (list.length === 0 && problem.length === 0) return null;
  const newestRestore = list.find((incident) => incident.kind === 'SERVICE_REWOUND')?.id;
  return (
    <section className="incidents" ref={section} aria-label={t('incidents.label')} data-testid="incidents">
      {list.map((incident) => {
        // Only the newest restore can still be sending (a later restore starts the resends over).
        const words = incidentWords(incident, t, resending && incident.id === newestRestore);
        return (
          <article
            key={incident.id}
            className={words.danger ? 'incident danger' : 'incident'}
            role="alert"
            data-testid="incident"
            data-kind={incident.kind}
            data-danger={words.danger}
          >
            <div className="incident-text">
              <p>
                <strong>{words.title}</strong>
                <span className="incident-when">
                  {' '}
                  · {t('incidents.when', { time: showDateTime(incident.occurredAt, language) })}
                </span>
              </p>
              {words.sentences.length > 0 && <p>{words.sentences.join(' ')}</p>}
              {words.forOffice && <p className="incident-office">{words.forOffice}</p>}
            </div>
            <button type="button" onClick={() => seen(incident.id)}>
              {t('incidents.seen')}
            </button>
          </article>
        );
      })}
      <ErrorLines lines={problem} />
    </section>
  );
}
