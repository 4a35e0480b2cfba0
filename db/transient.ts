/**
 * Failures of the database, not of the request (docs/sync.md, "Conflicts and an unavailable database"): the same
 * request succeeds when sent again. They are answered 503 with a `Retry-After` (server/errors.ts), never 500, and a
 * push that meets one aborts its whole batch for the till to retry (app/sync/push.ts).
 *
 * - `conflict`: PostgreSQL aborted the transaction to resolve a conflict with another — a deadlock (40P01), a
 *   serialization failure (40001), a lock or statement timeout (55P03, 57014) — or SQLite's file was busy; or two
 *   queues stored the same operation at once (the unique index on a push's mutation id: the one sent again finds the
 *   first stored and is answered from it, app/sync/push-duplicates.ts). Over in a moment: retry after a second.
 * - `unavailable`: the database cannot be reached or is refusing work — connections (08xxx, a refused or reset
 *   socket, a pool that timed out waiting), too many connections, out of memory or disk (53xxx), shutting down
 *   (57P01–57P03). Retry after a few seconds.
 */
export type TransientFailure = 'conflict' | 'unavailable';

const CONFLICTS = new Set(['40001', '40P01', '55P03', '57014']);
/** The unique index on a push's mutation id among the operations that ran (migration 0037). */
const DUPLICATE_OPERATION = 'sync_mutations_mutation_uq';
const UNAVAILABLE = new Set(['53000', '53100', '53200', '53300', '57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/** Messages of the pg driver and pool for connections lost or never had, which carry no code. */
const UNAVAILABLE_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect/, /^Client has encountered a connection error/];

/** Seconds a client waits before sending the request again. */
export const RETRY_AFTER_SECONDS: Record<TransientFailure, number> = { conflict: 1, unavailable: 5 };

/** The kind of transient failure `error` is, or null when it is not one. */
export function transientFailure(error: unknown): TransientFailure | null {
  const { code, message, constraint } = (error ?? {}) as { code?: unknown; message?: unknown; constraint?: unknown };
  if (typeof code === 'string') {
    if (CONFLICTS.has(code) || code.startsWith('SQLITE_BUSY')) return 'conflict';
    if (code === '23505' && constraint === DUPLICATE_OPERATION) return 'conflict';
    if (UNAVAILABLE.has(code) || code.startsWith('08')) return 'unavailable';
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return 'unavailable';
  return null;
}
