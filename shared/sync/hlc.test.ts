import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHlc, hlcTime, MAX_COUNTER, parseHlc, reanchor, receive, tick, type Hlc } from './hlc.js';

const T = Date.parse('2026-11-22T09:58:11.004Z');
const after = (a: Hlc, b: Hlc) => a.wallMs > b.wallMs || (a.wallMs === b.wallMs && a.counter > b.counter);

describe('the hybrid logical clock', () => {
  it('follows the physical clock while it moves forward', () => {
    const first = tick(null, T, 'n1');
    expect(first).toEqual({ wallMs: T, counter: 0, node: 'n1' });
    expect(tick(first, T + 5, 'n1')).toEqual({ wallMs: T + 5, counter: 0, node: 'n1' });
  });

  it('orders events within one millisecond by the counter', () => {
    const first = tick(null, T, 'n1');
    const second = tick(first, T, 'n1');
    expect(second).toEqual({ wallMs: T, counter: 1, node: 'n1' });
    expect(formatHlc(second) > formatHlc(first)).toBe(true);
  });

  it('never goes backwards when the OS clock is set back, and does not run ahead of its last time', () => {
    const before = tick(null, T, 'n1');
    const setBack = tick(before, T - 3_600_000, 'n1');
    expect(setBack).toEqual({ wallMs: T, counter: 1, node: 'n1' });
    expect(hlcTime(setBack)).toBe('2026-11-22T09:58:11.004Z');
  });

  it('moves to the next millisecond rather than overflowing its counter', () => {
    expect(tick({ wallMs: T, counter: MAX_COUNTER, node: 'n1' }, T, 'n1')).toEqual({ wallMs: T + 1, counter: 0, node: 'n1' });
  });

  it('catches up with a later time seen from the service, so a slow till stops stamping the past', () => {
    const slow = tick(null, T - 7_200_000, 'n1');
    const merged = receive(slow, T, T - 7_200_000, 'n1');
    expect(merged).toEqual({ wallMs: T, counter: 1, node: 'n1' });
    expect(tick(merged, T - 7_199_000, 'n1')).toEqual({ wallMs: T, counter: 2, node: 'n1' });
  });

  it('ignores an earlier, invalid or absurd remote time', () => {
    const local = tick(null, T, 'n1');
    for (const remote of [T - 1000, Number.NaN, -5, Date.parse('+010000-01-01T00:00:00Z')]) {
      expect(receive(local, remote, T, 'n1').wallMs).toBe(T);
    }
  });

  it('writes and reads its text form, which sorts as the clock orders', () => {
    const stamp = { wallMs: T, counter: 3, node: 'e4f9c2b' };
    expect(formatHlc(stamp)).toBe('2026-11-22T09:58:11.004Z-0003-e4f9c2b');
    expect(parseHlc(formatHlc(stamp))).toEqual(stamp);
    expect(parseHlc('2026-11-22T09:58:11Z')).toBeNull();
    expect(parseHlc(null)).toBeNull();
  });

  it('is strictly increasing and never behind any time it was given, whatever the clocks do (property)', () => {
    const event = fc.oneof(
      fc.record({ kind: fc.constant('local' as const), now: fc.integer({ min: T - 1e7, max: T + 1e7 }) }),
      fc.record({
        kind: fc.constant('remote' as const),
        now: fc.integer({ min: T - 1e7, max: T + 1e7 }),
        remote: fc.integer({ min: T - 1e7, max: T + 1e7 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 200 }), (events) => {
        let clock: Hlc | null = null;
        let seen = 0;
        for (const step of events) {
          const next: Hlc = step.kind === 'local' ? tick(clock, step.now, 'n') : receive(clock, step.remote, step.now, 'n');
          if (clock && !after(next, clock)) return false;
          seen = Math.max(seen, step.now, step.kind === 'remote' ? step.remote : 0);
          if (next.wallMs < seen) return false;
          if (next.counter > MAX_COUNTER) return false;
          if (clock && formatHlc(next) <= formatHlc(clock)) return false;
          clock = next;
        }
        return true;
      }),
    );
  });

  describe('re-anchored to a sane time', () => {
    const TOLERANCE = 120_000;
    const TWO_YEARS = 2 * 365 * 86_400_000;

    it('steps back from a time two years ahead, and stamps from the sane time on', () => {
      const ahead = tick(null, T + TWO_YEARS, 'n1');
      const back = reanchor(ahead, T, 'n1', TOLERANCE);
      expect(back).toEqual({ wallMs: T, counter: 0, node: 'n1' });
      expect(tick(back, T + 5, 'n1')).toEqual({ wallMs: T + 5, counter: 0, node: 'n1' });
    });

    it('stays monotonic when it is only a little ahead of the sane time, as network delays leave it', () => {
      const slightly = tick(null, T + 900, 'n1');
      const kept = reanchor(slightly, T, 'n1', TOLERANCE)!;
      expect(after(kept, slightly)).toBe(true);
      expect(kept.wallMs).toBe(T + 900);
    });

    it('moves forward to a sane time later than its own, as a time seen from the service does', () => {
      const slow = tick(null, T - 7_200_000, 'n1');
      expect(reanchor(slow, T, 'n1', TOLERANCE)).toEqual(receive(slow, T, T, 'n1'));
      expect(reanchor(null, T, 'n1', TOLERANCE)?.wallMs).toBe(T);
    });

    it('changes nothing for an unreadable or absurd sane time', () => {
      const ahead = tick(null, T + TWO_YEARS, 'n1');
      for (const sane of [Number.NaN, -5, Date.parse('+010000-01-01T00:00:00Z')]) expect(reanchor(ahead, sane, 'n1', TOLERANCE)).toBe(ahead);
    });

    it('never goes backwards under ticks and remote times; only a re-anchor far ahead of the clock steps it back (property)', () => {
      const event = fc.oneof(
        fc.record({ kind: fc.constant('local' as const), now: fc.integer({ min: T - 1e7, max: T + 1e7 }) }),
        fc.record({ kind: fc.constant('remote' as const), now: fc.integer({ min: T - 1e7, max: T + 1e7 }), remote: fc.integer({ min: T - 1e7, max: T + 1e7 }) }),
        fc.record({ kind: fc.constant('anchor' as const), sane: fc.integer({ min: T - 1e7, max: T + 1e7 }) }),
      );
      fc.assert(
        fc.property(fc.array(event, { minLength: 1, maxLength: 200 }), (events) => {
          let clock: Hlc | null = null;
          for (const step of events) {
            const next: Hlc =
              step.kind === 'local' ? tick(clock, step.now, 'n') : step.kind === 'remote' ? receive(clock, step.remote, step.now, 'n') : reanchor(clock, step.sane, 'n', TOLERANCE)!;
            const steppedBack = clock !== null && !after(next, clock);
            if (steppedBack && !(step.kind === 'anchor' && clock!.wallMs - step.sane > TOLERANCE && next.wallMs === step.sane)) return false;
            if (step.kind === 'anchor' && next.wallMs < step.sane) return false;
            clock = next;
          }
          return true;
        }),
      );
    });
  });
});
