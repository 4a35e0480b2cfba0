/**
 * Request rate limits for the operations that guess secrets or create tenants (the reference had none: S12,
 * S3/S7 brute force). Fixed windows counted in memory, per client address and, for logins, per account too —
 * so one attacker cannot try many accounts and many attackers cannot hammer one account.
 *
 * The counters live in this process: a deployment running several service processes behind a balancer
 * multiplies the allowance by the process count (documented in docs/gotchas.md).
 */
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

/** Past this many tracked keys the oldest windows are dropped, so a flood of addresses cannot exhaust memory. */
const MAX_TRACKED_KEYS = 100_000;

interface Window {
  startedAt: number;
  count: number;
}

/** Counts hits per key in fixed windows of `windowMs`; `hit` reports how long to wait once `limit` is spent. */
export class FixedWindowCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one hit; returns 0 when allowed, else the whole seconds until the key's window ends. */
  hit(key: string): number {
    const now = this.clock();
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      this.windows.delete(key);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
      this.evictIfFull();
    }
    window.count += 1;
    if (window.count <= this.limit) return 0;
    return Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000));
  }

  private evictIfFull() {
    // A Map iterates in insertion order and a key is re-inserted when its window restarts: the first keys are
    // the stalest ones.
    for (const key of this.windows.keys()) {
      if (this.windows.size <= MAX_TRACKED_KEYS) return;
      this.windows.delete(key);
    }
  }
}

export interface Throttle {
  /** Throws 429 (with the seconds to wait) when the caller has spent its allowance for this operation. */
  check(operationId: string, throttle: ThrottleClass, clientAddress: string, body: unknown): void;
}

/** The account a login-like body names (a login or a workplace), normalised so case changes do not reset it. */
function accountOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const fields = body as Record<string, unknown>;
  const account = fields.login ?? fields.workplaceId;
  // The login's own uniqueness key, so neither case, width nor surrounding spaces start a fresh allowance.
  return typeof account === 'string' ? loginKey(account) : null;
}

export function createThrottle(limits: RateLimits, clock: () => number = Date.now): Throttle {
  const login = new FixedWindowCounter(limits.loginPerMinute, 60_000, clock);
  const registration = new FixedWindowCounter(limits.registrationsPerHour, 3_600_000, clock);
  return {
    check(operationId, throttle, clientAddress, body) {
      let wait: number;
      if (throttle === 'registration') {
        wait = registration.hit(`${operationId}|ip|${clientAddress}`);
      } else {
        const account = accountOf(body);
        const byAddress = login.hit(`${operationId}|ip|${clientAddress}`);
        const byAccount = account === null ? 0 : login.hit(`${operationId}|account|${account}`);
        wait = Math.max(byAddress, byAccount);
      }
      if (wait > 0) throw new OperationError(429, `Too many attempts; try again in ${wait} seconds`, { retryAfterSeconds: wait });
    },
  };
}
