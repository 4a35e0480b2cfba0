/**
 * Pokes: tills hear of changes at once (issue 19, docs/sync.md "Pokes"). A till keeps one event stream open
 * (./pokes-stream.ts); when a commit logs changes in its scope, the service sends it a poke — no data, just "pull
 * now" — and the till pulls as it always does. Pokes carry nothing a till could miss: a lost poke only delays a
 * pull until the till's polling fallback, so they need no delivery guarantee, only to be fast and cheap.
 *
 * `announceChanges(businessId, scopes?)` is the one way in: called after the commit of every write that logged
 * changes on SQLite (./pokes-transactor.ts; the push). It knows nothing of versions. On PostgreSQL the change
 * capture consumer that leads (server/capture/consumer.ts) sends the announcement itself, with `NOTIFY`, once the
 * changes are in the log — whichever process it runs in — and every instance receives it as from another instance. Announcements of a burst are merged per business for COALESCE_MS, so many commits become one
 * message per business and, at each till, one poke.
 *
 * Across instances: on PostgreSQL the merged announcement is also published with `NOTIFY kassa_changes` and every
 * instance LISTENs on one dedicated connection (./pokes-listener.ts), poking its own connected tills. SQLite is
 * one process: the announcement is delivered in process only.
 */
import { randomUUID } from 'node:crypto';

/** How long announcements are merged before they go out: bounds added latency and the messages per burst. */
export const COALESCE_MS = 5;

/** The PostgreSQL channel every instance listens on. */
export const CHANGES_CHANNEL = 'kassa_changes';

/** NOTIFY payloads must stay below 8,000 bytes; beyond this many characters of scopes, the whole business is named. */
const MAX_SCOPES_TEXT = 6_000;

/** A connected till, as the hub sees it. */
export interface PokeSubscriber {
  /** Whether a change in these scopes (null: any scope) concerns this till. */
  concerns(scopes: ReadonlySet<string> | null): boolean;
  /** Pull now. Called at most once per delivery; the stream merges pokes it has not sent yet. */
  poke(): void;
  /** The service is closing: end the stream. */
  end(): void;
}

/** Where merged announcements go: other instances (PostgreSQL NOTIFY) or nowhere (SQLite). */
export interface ChangePublisher {
  publish(payload: string): Promise<void>;
}

export interface Pokes {
  /** After the commit of a write that logged changes of the business (in these scopes; none given: any scope). */
  announceChanges(businessId: string, scopes?: Iterable<string>): void;
  /** A message from another instance (the listener). Malformed or own messages are ignored. */
  receive(payload: string): void;
  /** Pokes every connected till: after the listener reconnects, notifications may have been missed. */
  pokeEveryone(): void;
  subscribe(businessId: string, subscriber: PokeSubscriber): () => void;
  /** Tills connected to this instance. */
  connectedCount(): number;
  /** Ends every stream (before the HTTP server closes: open streams would hold it open) and stops publishing. */
  close(): void;
}

/** Whether a change in `scopes` concerns a till of this point and warehouse (null: every warehouse). */
export function concernsScope(scopes: ReadonlySet<string> | null, pointId: string, warehouseId: string | null): boolean {
  if (scopes === null || scopes.has('biz') || scopes.has(`pt:${pointId}`)) return true;
  if (warehouseId !== null) return scopes.has(`wh:${warehouseId}`);
  for (const scope of scopes) if (scope.startsWith('wh:')) return true;
  return false;
}

/** `<instance>|<business>|<scope>,<scope>…` or `…|*` for every scope. */
export function encodeAnnouncement(instance: string, businessId: string, scopes: ReadonlySet<string> | null): string {
  const text = scopes === null ? '*' : [...scopes].join(',');
  return `${instance}|${businessId}|${text.length > MAX_SCOPES_TEXT ? '*' : text}`;
}

function decode(payload: string): { instance: string; businessId: string; scopes: Set<string> | null } | null {
  const [instance, businessId, scopes, ...rest] = payload.split('|');
  if (!instance || !businessId || scopes === undefined || rest.length > 0) return null;
  return { instance, businessId, scopes: scopes === '*' ? null : new Set(scopes.split(',').filter(Boolean)) };
}

export function createPokes(options: { publisher?: ChangePublisher; onPublishError?: (error: unknown) => void } = {}): Pokes {
  const instance = randomUUID();
  const subscribers = new Map<string, Set<PokeSubscriber>>();
  /** Announcements not sent yet: per business, the union of their scopes (null: any scope). */
  const pending = new Map<string, Set<string> | null>();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  function deliver(businessId: string, scopes: ReadonlySet<string> | null): void {
    for (const subscriber of subscribers.get(businessId) ?? []) if (subscriber.concerns(scopes)) subscriber.poke();
  }

  function flush(): void {
    timer = null;
    const batch = [...pending];
    pending.clear();
    for (const [businessId, scopes] of batch) {
      deliver(businessId, scopes);
      if (options.publisher && !closed) {
        options.publisher.publish(encodeAnnouncement(instance, businessId, scopes)).catch((error: unknown) => options.onPublishError?.(error));
      }
    }
  }

  return {
    announceChanges(businessId, scopes) {
      if (closed) return;
      const merged = pending.has(businessId) ? pending.get(businessId)! : new Set<string>();
      if (scopes === undefined || merged === null) pending.set(businessId, null);
      else {
        for (const scope of scopes) merged.add(scope);
        pending.set(businessId, merged);
      }
      timer ??= setTimeout(flush, COALESCE_MS);
    },
    receive(payload) {
      const message = decode(payload);
      if (!message || message.instance === instance) return;
      deliver(message.businessId, message.scopes);
    },
    pokeEveryone() {
      for (const group of subscribers.values()) for (const subscriber of group) subscriber.poke();
    },
    subscribe(businessId, subscriber) {
      const group = subscribers.get(businessId) ?? new Set();
      group.add(subscriber);
      subscribers.set(businessId, group);
      return () => {
        group.delete(subscriber);
        if (group.size === 0 && subscribers.get(businessId) === group) subscribers.delete(businessId);
      };
    },
    connectedCount() {
      let count = 0;
      for (const group of subscribers.values()) count += group.size;
      return count;
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
      for (const group of subscribers.values()) for (const subscriber of group) subscriber.end();
    },
  };
}
