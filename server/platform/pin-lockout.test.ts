import { describe, expect, it } from 'vitest';
import { BASE_LOCK_SECONDS, FREE_FAILURES, MAX_LOCK_SECONDS, lockSeconds, secondsLeft } from './pin-lockout.js';

describe('the PIN lockout schedule', () => {
  it('does not lock before the fifth consecutive failure', () => {
    for (let failures = 0; failures < FREE_FAILURES; failures += 1) expect(lockSeconds(failures)).toBe(0);
  });

  it('locks for 30 seconds at the fifth failure and doubles with each further one, up to the cap', () => {
    expect(lockSeconds(5)).toBe(BASE_LOCK_SECONDS);
    expect(lockSeconds(6)).toBe(60);
    expect(lockSeconds(7)).toBe(120);
    expect(lockSeconds(10)).toBe(MAX_LOCK_SECONDS);
    expect(lockSeconds(10_000)).toBe(MAX_LOCK_SECONDS);
  });

  it('rounds the seconds left up and never goes below zero', () => {
    const now = new Date('2026-01-01T00:00:00.000Z');
    expect(secondsLeft(null, now)).toBe(0);
    expect(secondsLeft('2025-12-31T23:59:00.000Z', now)).toBe(0);
    expect(secondsLeft('2026-01-01T00:00:00.100Z', now)).toBe(1);
    expect(secondsLeft('2026-01-01T00:00:30.000Z', now)).toBe(30);
  });
});
