/**
 * The PIN-login lockout policy, one for the service (server/platform/pin-lockout.ts, counted per workplace in the
 * database) and the terminal (main/terminal/pin-login.ts, counted in its own store while offline).
 *
 * From the FREE_FAILURES-th consecutive failure on, PIN login at the workplace locks for BASE_LOCK_SECONDS,
 * doubling with each further failure, capped at MAX_LOCK_SECONDS. While locked, even a correct PIN is refused.
 */
export const FREE_FAILURES = 5;
export const BASE_LOCK_SECONDS = 30;
export const MAX_LOCK_SECONDS = 15 * 60;

/** How long the workplace locks once `failures` consecutive attempts have failed (0: not locked). */
export function lockSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  const doublings = Math.min(failures - FREE_FAILURES, 20);
  return Math.min(BASE_LOCK_SECONDS * 2 ** doublings, MAX_LOCK_SECONDS);
}

/** Seconds until `lockedUntil` (rounded up), or 0 when it has passed. */
export function secondsLeft(lockedUntil: string | null, now: Date): number {
  if (!lockedUntil) return 0;
  return Math.max(0, Math.ceil((Date.parse(lockedUntil) - now.getTime()) / 1000));
}
