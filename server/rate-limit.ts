/**
 * Request rate limits for the operations that guess secrets or create tenants (the reference had none: S12,
 * S3/S7 brute force). Fixed windows per client address and, for logins, per account too — so one attacker cannot
 * try many accounts and many attackers cannot hammer one account.
 *
 * The windows live in the database (`rate_limit_windows`, migration 0030), not in this process: several service
 * instances behind a balancer count every hit together, whichever instance it reached (issue 19). A hit is ONE
 * upsert statement that either adds one to the stored window or, when that window has ended, starts a new one — no
 * read-then-write, so two instances counting the same key at once never lose a hit. Ended windows are deleted at
 * most once a minute per instance, so the table holds only the windows of the last hour's distinct keys.
 *
 * The window's start comes from the instance's clock: instances whose clocks disagree by a few seconds shift a
 * window by that much, never the count within it (hosts behind one balancer run NTP).
 */
import { createHash } from 'node:crypto';
import { PostgresAdapter, sql } from 'kysely';
import type { DatabaseHandle } from '../db/connect.js';
import type { ThrottleClass } from '../shared/catalogue/operation.js';
import { OperationError } from '../shared/errors.js';
import { loginKey } from '../shared/identity-text.js';

export interface RateLimits {
  /** Attempts per minute at each login-like operation, per client address and per account. */
  readonly loginPerMinute: number;
  /** Registrations per hour per client address. */
  readonly registrationsPerHour: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { loginPerMinute: 20, registrationsPerHour: 10 };

/** How often an instance deletes ended windows (one indexed delete, inside a hit's transaction). */
export const PRUNE_EVERY_MS = 60_000;

interface WindowRow {
  key: string;
  ends_at: bigint | string | number;
  hits: bigint | string | number;
}

/** Counts hits per key in fixed windows of `windowMs`, in the database; `hit` reports how long to wait once `limit` is spent. */
export class FixedWindowCounter {
  private prunedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'db' | 'writes'>,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Counts one hit on each key (all in one statement); returns 0 when every key is within its limit, else the whole
   * seconds until the latest-ending spent window ends.
   */
  async hit(...keys: string[]): Promise<number> {
    const now = this.clock();
    const prune = now - this.prunedAt >= PRUNE_EVERY_MS;
    if (prune) this.prunedAt = now;
    const values = sql.join(keys.map((key) => sql`(${key}, ${BigInt(now)}, ${BigInt(now + this.windowMs)}, ${1n})`));
    // `excluded.started_at` is now: a stored window that has ended by now restarts, any other counts one more.
    const upsert = sql<WindowRow>`
      insert into rate_limit_windows (key, started_at, ends_at, hits) values ${values}
      on conflict (key) do update set
        started_at = case when rate_limit_windows.ends_at <= excluded.started_at then excluded.started_at else rate_limit_windows.started_at end,
        ends_at = case when rate_limit_windows.ends_at <= excluded.started_at then excluded.ends_at else rate_limit_windows.ends_at end,
        hits = case when rate_limit_windows.ends_at <= excluded.started_at then 1 else rate_limit_windows.hits + 1 end
      returning key, ends_at, hits`;
    let rows: WindowRow[];
    if (this.database.db.getExecutor().adapter instanceof PostgresAdapter) {
      // PostgreSQL: the one statement on its own is its own transaction — one round trip per attempt.
      if (prune) await this.database.db.deleteFrom('rate_limit_windows').where('ends_at', '<=', BigInt(now)).execute();
      rows = (await upsert.execute(this.database.db)).rows;
    } else {
      // SQLite: the one writer connection may be inside a group commit; the hit joins it like any write. The table is
      // not captured for sync, so there is no change to stamp and the stamp's statement is skipped.
      rows = await this.database.writes.transaction(
        async (tx) => {
          if (prune) await tx.deleteFrom('rate_limit_windows').where('ends_at', '<=', BigInt(now)).execute();
          return (await upsert.execute(tx)).rows;
        },
        { stampsItself: true },
      );
    }
    let wait = 0;
    for (const row of rows) {
      if (Number(row.hits) <= this.limit) continue;
      wait = Math.max(wait, Math.max(1, Math.ceil((Number(row.ends_at) - now) / 1000)));
    }
    return wait;
  }
}

export interface Throttle {
  /** Rejects with 429 (with the seconds to wait) when the caller has spent its allowance for this operation. */
  check(operationId: string, throttle: ThrottleClass, clientAddress: string, body: unknown): Promise<void>;
}

/** The account a login-like body names (a login or a workplace), normalised so case changes do not reset it. */
function accountOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const fields = body as Record<string, unknown>;
  const account = fields.login ?? fields.workplaceId;
  // The login's own uniqueness key, so neither case, width nor surrounding spaces start a fresh allowance; stored
  // as its digest, because the body is not validated yet (a megabyte login, or a NUL PostgreSQL text cannot hold).
  return typeof account === 'string' ? createHash('sha256').update(loginKey(account)).digest('base64url') : null;
}

export function createThrottle(
  limits: RateLimits,
  database: Pick<DatabaseHandle, 'db' | 'writes'>,
  clock: () => number = Date.now,
): Throttle {
  const login = new FixedWindowCounter(database, limits.loginPerMinute, 60_000, clock);
  const registration = new FixedWindowCounter(database, limits.registrationsPerHour, 3_600_000, clock);
  return {
    async check(operationId, throttle, clientAddress, body) {
      let wait: number;
      if (throttle === 'registration') {
        wait = await registration.hit(`${operationId}|ip|${clientAddress}`);
      } else {
        const account = accountOf(body);
        const keys = [`${operationId}|ip|${clientAddress}`];
        if (account !== null) keys.push(`${operationId}|account|${account}`);
        wait = await login.hit(...keys);
      }
      if (wait > 0) throw new OperationError(429, `Too many attempts; try again in ${wait} seconds`, { retryAfterSeconds: wait });
    },
  };
}
