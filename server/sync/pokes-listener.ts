/**
 * Pokes across service instances on PostgreSQL (./pokes.ts): each instance keeps one dedicated connection that
 * LISTENs on `kassa_changes` and also sends its own announcements (`pg_notify`). Dedicated, because a pooled
 * connection would be handed to other work and lose the LISTEN, and an announcement waiting for a pooled connection
 * behind a fleet's pushes would delay every poke. PostgreSQL delivers a notification to every listener, the
 * sender's own instance included, which ./pokes.ts recognises by the instance id in the payload and skips (it
 * delivered locally at once).
 *
 * When the connection breaks, notifications sent meanwhile are lost (and ours are not sent); after reconnecting
 * every connected till is poked once, so none waits for its polling fallback because of it.
 *
 * The same connection hears the change capture's read-through position (`kassa_capture`, server/capture/progress.ts),
 * which pulls wait for.
 */
import pg from 'pg';
import { CAPTURE_CHANNEL, type CaptureProgress } from '../capture/progress.js';
import { CHANGES_CHANNEL, type Pokes } from './pokes.js';

export interface ChangeListener {
  /** Sends an announcement to every instance; fails while the connection is down (the announcement is lost). */
  publish(payload: string): Promise<void>;
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/** Listens until closed, reconnecting with a doubling delay; resolves once the first LISTEN is in place. */
export async function listenForChanges(
  url: string,
  pokes: Pokes,
  onError: (error: unknown) => void = () => undefined,
  progress: CaptureProgress | null = null,
): Promise<ChangeListener> {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload) pokes.receive(message.payload);
      if (message.channel === CAPTURE_CHANNEL && message.payload) progress?.receive(message.payload);
    });
    next.on('error', (error) => {
      onError(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    if (progress) await next.query(`LISTEN ${CAPTURE_CHANNEL}`);
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
  }

  function lost(which: pg.Client): void {
    if (client !== which || closed) return;
    client = null;
    which.end().catch(() => undefined);
    retry();
  }

  function retry(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        // Notifications sent while no connection listened are gone: every till pulls once.
        () => pokes.pokeEveryone(),
        (error: unknown) => {
          onError(error);
          retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
          retry();
        },
      );
    }, retryMs);
  }

  await connect();
  return {
    async publish(payload) {
      if (!client) throw new Error('not connected to PostgreSQL');
      await client.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
