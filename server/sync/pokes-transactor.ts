/**
 * The one place the service's writes announce their changes (./pokes.ts): every write of the service goes through
 * its transactor, so this wraps it. After the work, still inside the transaction and before the version stamp
 * empties it, `sync_pending` holds exactly the change-log entries this write captured (PostgreSQL shows a
 * transaction only its own uncommitted rows; SQLite's group commit stamps and empties it after each operation).
 * Their businesses and scopes are announced once the commit is durable — never before, so a poked till's pull
 * always finds the change — and never for a write that failed or logged nothing (a login's audit entry, a till's
 * health note: a pull writes one, and poking for it would make every pull poke every till).
 *
 * A sync push stamps its version itself, inside its work (`stampsItself`), so its entries are gone before this
 * reads; the push announces its business itself (server/sync/handlers.ts). On PostgreSQL the read is one more
 * round trip per write outside the push; the fleet's hot path (the push) does not pay it.
 */
import { sql, type Kysely } from 'kysely';
import type { Transactor } from '../../db/transactor.js';
import type { Database } from '../../db/schema.js';

/** Businesses and scopes of the change-log entries the transaction has captured so far. */
async function capturedScopes(tx: Kysely<Database>): Promise<Map<string, Set<string>>> {
  const rows = await sql<{ business_id: string; scope: string }>`select distinct business_id, scope from sync_pending`.execute(tx);
  const touched = new Map<string, Set<string>>();
  for (const row of rows.rows) {
    const scopes = touched.get(row.business_id) ?? new Set<string>();
    // A push's marker entry has no scope (app/sync/push.ts); pushes announce themselves anyway.
    if (row.scope) scopes.add(row.scope);
    touched.set(row.business_id, scopes);
  }
  return touched;
}

export function announcingTransactor(inner: Transactor, announce: (businessId: string, scopes: Iterable<string>) => void): Transactor {
  return {
    async transaction(work, options) {
      let touched: Map<string, Set<string>> | null = null;
      const value = await inner.transaction(async (tx) => {
        const result = await work(tx);
        if (!options?.stampsItself) touched = await capturedScopes(tx);
        return result;
      }, options);
      // Resolved: committed and durable.
      for (const [businessId, scopes] of (touched ?? new Map<string, Set<string>>()) as Map<string, Set<string>>) announce(businessId, scopes);
      return value;
    },
  };
}
