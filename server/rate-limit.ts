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
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
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
    const rows = await this.write(async (db) => {
      if (prune) await db.deleteFrom('rate_limit_windows').where('ends_at', '<=', BigInt(now)).execute();
      return (await upsert.execute(db)).rows;
    });
    let wait = 0;
    for (const row of rows) {
      if (Number(row.hits) <= this.limit) continue;
      wait = Math.max(wait, Math.max(1, Math.ceil((Number(row.ends_at) - now) / 1000)));
    }
    return wait;
  }

  /** Takes back one hit on `key` (an attempt that turned out right), never below zero. */
  async forgive(key: string): Promise<void> {
    await this.write((db) => db.updateTable('rate_limit_windows').set((eb) => ({ hits: eb('hits', '-', 1n) })).where('key', '=', key).where('hits', '>', 0n).execute());
  }

  /** Keeps `key` as a marker for `ms` from now (a window of one hit that ends then), however often it is kept again. */
  async keep(key: string, ms: number): Promise<void> {
    const now = BigInt(this.clock());
    const until = now + BigInt(ms);
    await this.write((db) =>
      db
        .insertInto('rate_limit_windows')
        .values({ key, started_at: now, ends_at: until, hits: 1n })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ ends_at: until }))
        .execute(),
    );
  }

  /** True while a marker kept with `keep` has not ended. */
  async holds(key: string): Promise<boolean> {
    const row = await this.database.db.selectFrom('rate_limit_windows').select('key').where('key', '=', key).where('ends_at', '>', BigInt(this.clock())).executeTakeFirst();
    return row !== undefined;
  }

  private async write<T>(statements: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    // PostgreSQL: one statement on its own is its own transaction — one round trip.
    if (this.database.db.getExecutor().adapter instanceof PostgresAdapter) return statements(this.database.db);
    // SQLite: the one writer connection may be inside a group commit; the write joins it like any write. The table is
    // not captured for sync, so there is no change to stamp and the stamp's statement is skipped.
    return this.database.writes.transaction((tx) => statements(tx), { stampsItself: true });
  }
}

/** What a throttled request settles once its outcome is known. */
export interface Attempt {
  /** The request succeeded (the right password, PIN or code): its charge on the account is forgiven, its source remembered. */
  succeeded(): Promise<void>;
}

export interface Throttle {
  /**
   * Counts one attempt and rejects with 429 (with the seconds to wait) when the caller has spent its allowance for
   * this operation; otherwise returns the attempt, to settle if the request succeeds.
   */
  check(operationId: string, throttle: ThrottleClass, clientAddress: string, body: unknown): Promise<Attempt>;
}

/**
 * How many failures per minute one login (or workplace) takes from all sources together, as a multiple of the
 * per-source limit. Higher than one, so that a single source — throttled at `loginPerMinute` — can never lock a
 * login for others: with the defaults, locking it for unknown sources takes 5 sources failing all the time; low
 * enough that a botnet gets 100 guesses a minute at one login, not 20 per machine.
 */
export const ACCOUNT_FAILURES_FACTOR = 5;

/** How long a source that signed in to a login stays known to it: it is let through even while the login is locked. */
export const KNOWN_SOURCE_MS = 30 * 24 * 3_600_000;

const NOTHING_TO_SETTLE: Attempt = { succeeded: async () => {} };

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The account a login-like body names (a login or a workplace), normalised so case changes do not reset it. */
function accountOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const fields = body as Record<string, unknown>;
  const account = fields.login ?? fields.workplaceId;
  // The login's own uniqueness key, so neither case, width nor surrounding spaces start a fresh allowance; stored
  // as its digest, because the body is not validated yet (a megabyte login, or a NUL PostgreSQL text cannot hold).
  return typeof account === 'string' ? digest(loginKey(account)) : null;
}

/**
 * Two bounds for login-like operations (issue 28 §3, "lockout as a weapon"):
 * - per source (client address): every attempt, `loginPerMinute`. A source that keeps failing is refused, the right
 *   password included, and one source cannot spread guesses over many logins.
 * - per account (the login or workplace): failures from all sources, `loginPerMinute × ACCOUNT_FAILURES_FACTOR`,
 *   charged before the check (parallel guesses all see each other's charge) and forgiven when the attempt succeeds.
 *   Once spent, the account is refused to every source except those that signed in to it in the last
 *   KNOWN_SOURCE_MS (within their own per-source allowance).
 * So the right password from a source that has not been failing gets through while another source is refused, and
 * many sources guessing one login still get at most the per-account bound of wrong guesses a minute.
 */
export function createThrottle(
  limits: RateLimits,
  database: Pick<DatabaseHandle, 'db' | 'writes'>,
  clock: () => number = Date.now,
): Throttle {
  const perSource = new FixedWindowCounter(database, limits.loginPerMinute, 60_000, clock);
  const perAccount = new FixedWindowCounter(database, limits.loginPerMinute * ACCOUNT_FAILURES_FACTOR, 60_000, clock);
  const registration = new FixedWindowCounter(database, limits.registrationsPerHour, 3_600_000, clock);
  const refuse = (wait: number) => new OperationError(429, `Too many attempts; try again in ${wait} seconds`, { retryAfterSeconds: wait });
  return {
    async check(operationId, throttle, clientAddress, body) {
      if (throttle === 'registration') {
        const wait = await registration.hit(`${operationId}|ip|${clientAddress}`);
        if (wait > 0) throw refuse(wait);
        return NOTHING_TO_SETTLE;
      }
      // A source over its own limit is refused before the account is charged: its refused attempts must not add up
      // to a lock of the account for everyone else.
      const sourceWait = await perSource.hit(`${operationId}|ip|${clientAddress}`);
      if (sourceWait > 0) throw refuse(sourceWait);
      const account = accountOf(body);
      if (account === null) return NOTHING_TO_SETTLE;
      const accountKey = `${operationId}|account|${account}`;
      const knownKey = `${operationId}|known|${digest(`${account}|${clientAddress}`)}`;
      const accountWait = await perAccount.hit(accountKey);
      if (accountWait > 0 && !(await perAccount.holds(knownKey))) throw refuse(accountWait);
      return {
        async succeeded() {
          await perAccount.forgive(accountKey);
          await perAccount.keep(knownKey, KNOWN_SOURCE_MS);
        },
      };
    },
  };
}
