/**
 * Pokes across service instances on PostgreSQL (./pokes.ts): announcements go out with `pg_notify` on a pooled
 * connection, and each instance LISTENs on one dedicated connection of its own (a pooled one would be handed to
 * other work and lose the LISTEN). PostgreSQL delivers a notification to every listener, the sender's own instance
 * included, which ./pokes.ts recognises by the instance id in the payload and skips (it delivered locally at once).
 *
 * When the dedicated connection breaks, notifications sent meanwhile are lost; after reconnecting every connected
 * till is poked once, so none waits for its polling fallback because of it.
 */
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { CHANGES_CHANNEL, type ChangePublisher, type Pokes } from './pokes.js';

export function notifyPublisher(db: Kysely<unknown>): ChangePublisher {
  return {
    async publish(payload) {
      await sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`.execute(db);
    },
  };
}

export interface ChangeListener {
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/** Listens until closed, reconnecting with a doubling delay; resolves once the first LISTEN is in place. */
export async function listenForChanges(url: string, pokes: Pokes, onError: (error: unknown) => void = () => undefined): Promise<ChangeListener> {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload) pokes.receive(message.payload);
    });
    next.on('error', (error) => {
      onError(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${CHANGES_CHANNEL}`);
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
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
